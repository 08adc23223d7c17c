// Legal notices ('Denúncia jurídica'): a person tells us that a group of the catalogue carries intimate
// images without consent (Marco Civil art. 21), child abuse material (ECA art. 241-A) or other illegal
// content (art. 19). Child abuse hides the group at once; intimate images once the notifier confirms
// their e-mail; the rest wait for an admin's decision. Each hide is the notice's own hold (holds.server.ts).
// Automatic hides are bounded per sender and globally (see takeAutoHide), so a flood of false notices
// hides only a few groups before an admin looks; past the global bound a notice goes first in the queue
// and every admin is e-mailed at once.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '#db/client.ts';
import { groupCategory } from '#db/joins.ts';
import {
  categories,
  groupRevisions,
  groupSlugHistory,
  groups,
  type LegalNoticeAction,
  type LegalNoticeKind,
  legalNoticeEvents,
  legalNotices,
  users,
} from '#db/schema.ts';
import { isHeldRow } from '#db/visibility.ts';
import { recordAccess } from '#src/features/access-log/access-log.server.ts';
import { saoPauloDay, subjectHash } from '#src/features/analytics/visitor.server.ts';
import { groupPath, normalizeInviteLink } from '#src/features/groups/groups.ts';
import { activeHolds, liftHolds, placeHold } from '#src/features/holds/holds.server.ts';
import { HOLD_REASON_LABELS } from '#src/features/holds/holds.ts';
import { deliverMail, enqueueMail } from '#src/features/mail/outbox.server.ts';
import { CONFIRM_EMAIL_HOURS } from '#src/features/mail/templates.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { formatDay } from '#src/lib/format.ts';
import { AppError } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';
import { consumeRateLimit, rateLimitHit } from '#src/lib/rate-limit.server.ts';
import {
  AUTHORITY_MESSAGES,
  LEGAL_NOTICE_DECLARATIONS,
  LEGAL_NOTICE_KIND_LABELS,
  LEGAL_NOTICE_TARGET_HOURS,
  type LegalNoticeDecisionSchema,
  type LegalNoticeSchema,
} from './legal-notices.schema.ts';

/** Notices accepted per sender's network address: per hour and per day. */
export const NOTICES_PER_ADDRESS_HOUR = 5;
export const NOTICES_PER_ADDRESS_DAY = 20;
/** Notices accepted per notifier e-mail per day. */
export const NOTICES_PER_EMAIL_DAY = 5;
/** Groups one address, or one e-mail, can hide automatically per day; beyond it notices only queue. */
export const AUTO_HIDES_PER_SOURCE_DAY = 3;

export const LEGAL_MESSAGES = {
  groupNotFound:
    'Não encontramos um grupo do diretório com este endereço. Cole o endereço da página do grupo (por exemplo, /grupo/...) ou o link de convite dele.',
  tooMany: 'Você enviou muitas denúncias em pouco tempo. Aguarde e tente novamente mais tarde.',
  confirmInvalid:
    'Este link de confirmação é inválido, já foi usado ou expirou. Se precisar, envie a denúncia de novo.',
  noticeNotFound: 'Notificação não encontrada.',
  alreadyDecided: 'Esta notificação já foi decidida.',
  received: 'Denúncia recebida. Guarde o número do protocolo.',
  confirmed: 'E-mail confirmado. Sua denúncia está com a nossa equipe, que a analisa em até 24 horas.',
} as const;

const DAY = 86_400;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The group an address points to: its canonical path (/{category}/{title}) or a former one, its
 * /grupo/{id} page (on this site or pasted from another host), or its WhatsApp invite link. Null when
 * none of the catalogue's groups has it.
 */
export async function resolveGroupAddress(
  db: Db,
  raw: string,
): Promise<{ id: string; title: string } | null> {
  const text = raw.trim();
  const invite = normalizeInviteLink(text);
  const columns = { id: groups.id, title: groups.title };
  if (invite) {
    const [row] = await db.select(columns).from(groups).where(eq(groups.inviteCode, invite.code));
    return row ?? null;
  }
  let url: URL;
  try {
    // 'gruposdezap.com.br/x/y' (no scheme) is an address too, not a path starting with the host.
    const withScheme =
      /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || text.startsWith('/') ? text : `https://${text}`;
    url = new URL(withScheme, getEnv().SITE_URL);
  } catch {
    return null;
  }
  let parts: string[];
  try {
    parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  if (parts.length !== 2) return null;
  const [first, second] = parts as [string, string];
  if (first === 'grupo') {
    if (!isUuid(second)) return null;
    const [row] = await db.select(columns).from(groups).where(eq(groups.id, second));
    return row ?? null;
  }
  const [current] = await db
    .select(columns)
    .from(groups)
    .innerJoin(categories, groupCategory)
    .where(and(eq(categories.slug, first), eq(groups.titleSlug, second)));
  if (current) return current;
  const [former] = await db
    .select(columns)
    .from(groupSlugHistory)
    .innerJoin(categories, eq(categories.id, groupSlugHistory.categoryId))
    .innerJoin(groups, eq(groups.id, groupSlugHistory.groupId))
    .where(and(eq(categories.slug, first), eq(groupSlugHistory.titleSlug, second)));
  return former ?? null;
}

async function recordEvent(
  tx: Db | Tx,
  noticeId: string,
  action: LegalNoticeAction,
  detail: string | null,
  actor?: { id: string; email: string },
) {
  await tx
    .insert(legalNoticeEvents)
    .values({ noticeId, action, detail, actorId: actor?.id ?? null, actorEmail: actor?.email ?? null });
}

/** What the automatic-hide bounds allow: a refusal (the trail's reason), and whether the site's was past. */
interface HideBound {
  refused: string | null;
  pastCap: boolean;
}

/**
 * Whether one more automatic hide fits in the source's and the site's daily bounds (counted if so).
 * Past the site-wide bound a notice only queues, marked past the bound: first in the queue, and every
 * admin is e-mailed at once.
 */
async function takeAutoHide(
  tx: Tx,
  notice: { addressHash: string; email: string; kind: LegalNoticeKind },
): Promise<HideBound> {
  // One bucket after the other: a source over its own bound never uses up the global one.
  const sources: [string, string][] = [
    [`legal:autohide:ip:${notice.addressHash}`, 'do endereço de rede'],
    [`legal:autohide:email:${subjectHash(notice.email.toLowerCase())}`, 'do e-mail'],
  ];
  for (const [key, label] of sources) {
    const [hit] = rowsOf<{ count: number | string }>(await tx.execute(rateLimitHit(key, DAY)));
    if (!hit || Number(hit.count) > AUTO_HIDES_PER_SOURCE_DAY)
      return {
        refused: `Limite diário de ocultações automáticas ${label} atingido: o grupo continua público até a decisão.`,
        pastCap: false,
      };
  }
  const [site] = rowsOf<{ count: number | string }>(
    await tx.execute(rateLimitHit('legal:autohide:all', DAY)),
  );
  if (site && Number(site.count) <= getEnv().LEGAL_NOTICE_AUTO_HIDES_PER_DAY)
    return { refused: null, pastCap: false };
  // Past the site-wide bound every kind only queues, child abuse included: hiding past it would let a
  // flood from many addresses hide groups without limit. It goes first in the queue and every admin is
  // e-mailed at once (pastCap), so a real notice waits for a person, not for tomorrow.
  return {
    refused:
      'Limite diário de ocultações automáticas geral do site atingido: o grupo continua público até a decisão.',
    pastCap: true,
  };
}

/**
 * Place the notice's own hold on its group pending review, inside `tx`. A group held already (by another
 * notice, reports, a dead link...) gets this notice's hold too, at no cost to the bounds; a listed one
 * only within the automatic-hide bounds. Says whether a public page went away (a rebuild is needed).
 */
async function autoHide(
  tx: Tx,
  notice: { id: string; groupId: string | null; addressHash: string; email: string; kind: LegalNoticeKind },
): Promise<{ hidden: boolean; rebuild: boolean; pastCap: boolean; ownerMail?: number }> {
  if (!notice.groupId) {
    await recordEvent(tx, notice.id, 'hide_skipped', 'O grupo não existe mais.');
    return { hidden: false, rebuild: false, pastCap: false };
  }
  const [group] = await tx
    .select({ hiddenAt: groups.hiddenAt })
    .from(groups)
    .where(eq(groups.id, notice.groupId))
    .for('update');
  if (!group) {
    await recordEvent(tx, notice.id, 'hide_skipped', 'O grupo não existe mais.');
    return { hidden: false, rebuild: false, pastCap: false };
  }
  const bound = isHeldRow(group) ? { refused: null, pastCap: false } : await takeAutoHide(tx, notice);
  if (bound.pastCap)
    await tx.update(legalNotices).set({ pastCapAt: sql`now()` }).where(eq(legalNotices.id, notice.id));
  if (bound.refused) {
    await recordEvent(tx, notice.id, 'hide_skipped', bound.refused);
    return { hidden: false, rebuild: false, pastCap: bound.pastCap };
  }
  // The owner of an approved group is told why (never by whom) and how to contest: placeHold writes it.
  const hold = await placeHold(tx, notice.groupId, { reason: 'legal_notice', noticeId: notice.id });
  await tx.update(legalNotices).set({ hidGroupAt: sql`now()` }).where(eq(legalNotices.id, notice.id));
  await recordEvent(
    tx,
    notice.id,
    'group_hidden',
    isHeldRow(group)
      ? 'O grupo já estava oculto por outro motivo; esta denúncia também o retém até a decisão.'
      : bound.pastCap
        ? 'Limite diário geral de ocultações automáticas ultrapassado: por ser abuso infantil, o grupo foi ocultado mesmo assim e a notificação foi para o topo da fila.'
        : 'Grupo ocultado automaticamente até a decisão.',
  );
  return { hidden: true, rebuild: hold.leftSite, pastCap: bound.pastCap, ownerMail: hold.mailId };
}

/** 'Denúncia jurídica …' to every admin (in `tx`); the ids to send. */
async function queueAdminAlert(
  tx: Tx,
  notice: { protocol: string; kind: LegalNoticeKind; groupTitle: string },
  hidden: boolean,
  pastCap = false,
) {
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.admin, true));
  const ids: (number | undefined)[] = [];
  for (const admin of admins)
    ids.push(
      await enqueueMail(tx, {
        to: admin.email,
        template: 'legal_notice_admin',
        data: {
          protocol: notice.protocol,
          kindLabel: LEGAL_NOTICE_KIND_LABELS[notice.kind],
          groupTitle: notice.groupTitle,
          hidden,
          pastCap,
        },
      }),
    );
  return ids;
}

export interface NoticeSender {
  /** salted hash of the sender's network address (never the address itself) */
  addressHash: string;
  /** the address (clientIp), for the access log only (Marco Civil art. 15); null when missing */
  ip: string | null;
}

/**
 * Receive a notice: rate limits, the group it names, the row with its protocol, the kind's effect and
 * the e-mails (the notifier's receipt; every admin for child abuse). Returns the protocol.
 */
export async function submitLegalNotice(
  db: Db,
  input: z.output<typeof LegalNoticeSchema>,
  sender: NoticeSender,
): Promise<{ protocol: string; hidden: boolean; confirmationSent: boolean }> {
  const email = input.email.toLowerCase();
  await consumeRateLimit(
    db,
    `legal:ip:h:${sender.addressHash}`,
    NOTICES_PER_ADDRESS_HOUR,
    3600,
    LEGAL_MESSAGES.tooMany,
  );
  await consumeRateLimit(
    db,
    `legal:ip:d:${sender.addressHash}`,
    NOTICES_PER_ADDRESS_DAY,
    DAY,
    LEGAL_MESSAGES.tooMany,
  );
  await consumeRateLimit(
    db,
    `legal:email:${subjectHash(email)}`,
    NOTICES_PER_EMAIL_DAY,
    DAY,
    LEGAL_MESSAGES.tooMany,
  );
  const group = await resolveGroupAddress(db, input.groupUrl);
  if (!group)
    throw new AppError('BAD_REQUEST', LEGAL_MESSAGES.groupNotFound, {
      groupUrl: LEGAL_MESSAGES.groupNotFound,
    });
  const token = input.kind === 'intimate_images' ? randomBytes(32).toString('base64url') : undefined;
  let rebuild = false;
  const result = await db.transaction(async (tx) => {
    const [notice] = await tx
      .insert(legalNotices)
      .values({
        kind: input.kind,
        groupId: group.id,
        groupTitle: group.title,
        groupUrl: input.groupUrl,
        name: input.name,
        email,
        description: input.description,
        addressHash: sender.addressHash,
        declarationVersion: input.declarationVersion,
        declarationText: LEGAL_NOTICE_DECLARATIONS[input.declarationVersion],
        confirmTokenHash: token ? tokenHash(token) : null,
        confirmExpiresAt: token ? new Date(Date.now() + CONFIRM_EMAIL_HOURS * 3_600_000) : null,
      })
      .returning({ id: legalNotices.id, protocol: legalNotices.protocol });
    const row = notice!;
    await recordEvent(tx, row.id, 'received', LEGAL_NOTICE_KIND_LABELS[input.kind]);
    // The sender's address and time, found by their e-mail or the protocol (a false notice is a crime).
    await recordAccess(tx, { event: 'legal_notice', ip: sender.ip, email, ref: row.protocol });
    const mailIds: (number | undefined)[] = [
      await enqueueMail(tx, {
        to: email,
        template: 'legal_notice_received',
        data: {
          name: input.name,
          protocol: row.protocol,
          kindLabel: LEGAL_NOTICE_KIND_LABELS[input.kind],
          groupTitle: group.title,
          ...(token ? { token } : {}),
        },
      }),
    ];
    let hidden = false;
    if (input.kind === 'child_abuse') {
      const effect = await autoHide(tx, {
        id: row.id,
        groupId: group.id,
        addressHash: sender.addressHash,
        email,
        kind: input.kind,
      });
      hidden = effect.hidden;
      rebuild = effect.rebuild;
      mailIds.push(
        effect.ownerMail,
        ...(await queueAdminAlert(
          tx,
          { ...row, kind: input.kind, groupTitle: group.title },
          hidden,
          effect.pastCap,
        )),
      );
    }
    return { protocol: row.protocol, hidden, mailIds };
  });
  // Outside the transaction: the build hook and the CDN purge are network calls.
  if (rebuild)
    await requestRebuild(db, `denúncia jurídica ${result.protocol}: grupo ${group.id} ocultado`, {
      groups: [group.id],
    });
  await deliverMail(db, result.mailIds);
  return { protocol: result.protocol, hidden: result.hidden, confirmationSent: Boolean(token) };
}

/**
 * The notifier opened the link of an intimate-images notice: their e-mail is confirmed and the group
 * is hidden pending review (within the automatic-hide bounds); the admins are told.
 */
export async function confirmLegalNotice(
  db: Db,
  token: string,
): Promise<{ protocol: string; hidden: boolean }> {
  let rebuild = false;
  let groupId: string | null = null;
  const result = await db.transaction(async (tx) => {
    const [notice] = await tx
      .update(legalNotices)
      .set({ emailConfirmedAt: sql`now()`, confirmTokenHash: null })
      .where(
        and(
          eq(legalNotices.confirmTokenHash, tokenHash(token)),
          isNull(legalNotices.emailConfirmedAt),
          gt(legalNotices.confirmExpiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!notice) throw new AppError('BAD_REQUEST', LEGAL_MESSAGES.confirmInvalid);
    groupId = notice.groupId;
    await recordEvent(
      tx,
      notice.id,
      'email_confirmed',
      'O denunciante confirmou o e-mail pelo link enviado.',
    );
    if (notice.status !== 'pending') return { protocol: notice.protocol, hidden: false, mailIds: [] };
    const effect = await autoHide(tx, notice);
    rebuild = effect.rebuild;
    const mailIds = [
      effect.ownerMail,
      ...(effect.hidden || effect.pastCap
        ? await queueAdminAlert(tx, notice, effect.hidden, effect.pastCap)
        : []),
    ];
    return { protocol: notice.protocol, hidden: effect.hidden, mailIds };
  });
  if (rebuild && groupId)
    await requestRebuild(db, `denúncia jurídica ${result.protocol}: grupo ${groupId} ocultado`, {
      groups: [groupId],
    });
  await deliverMail(db, result.mailIds);
  return { protocol: result.protocol, hidden: result.hidden };
}

/** The admins' queue: pending notices and how many are past the clock (LEGAL_NOTICE_TARGET_HOURS). */
export async function legalNoticeQueue(db: Db, now: Date = new Date()) {
  const due = new Date(now.getTime() - LEGAL_NOTICE_TARGET_HOURS * 3_600_000);
  const [row] = await db
    .select({
      pending: sql<number>`count(*)`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${legalNotices.createdAt} < ${due.toISOString()})`.mapWith(
        Number,
      ),
    })
    .from(legalNotices)
    .where(eq(legalNotices.status, 'pending'));
  return { pending: row?.pending ?? 0, overdue: row?.overdue ?? 0 };
}

/** The groups' content changes (title, description, picture) as their owners sent them, newest first. */
async function groupHistory(db: Db, groupIds: string[]) {
  if (!groupIds.length) return [];
  const rows = await db
    .select({
      groupId: groupRevisions.groupId,
      title: groupRevisions.title,
      description: groupRevisions.description,
      image: groupRevisions.image,
      status: groupRevisions.status,
      createdAt: groupRevisions.createdAt,
    })
    .from(groupRevisions)
    .where(inArray(groupRevisions.groupId, groupIds))
    .orderBy(desc(groupRevisions.createdAt))
    .limit(20 * groupIds.length);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * The admin queue: pending notices past the site-wide bound first (a possible flood, or child abuse that
 * hid past it), then oldest first (the clock); then the latest decided ones. Each with its trail, its
 * group's picture and active holds; `pastCap` counts the pending ones past the bound.
 */
export async function listLegalNotices(db: Db, now: Date = new Date()) {
  const columns = {
    id: legalNotices.id,
    protocol: legalNotices.protocol,
    kind: legalNotices.kind,
    status: legalNotices.status,
    groupId: legalNotices.groupId,
    groupTitle: legalNotices.groupTitle,
    groupUrl: legalNotices.groupUrl,
    name: legalNotices.name,
    email: legalNotices.email,
    description: legalNotices.description,
    emailConfirmedAt: legalNotices.emailConfirmedAt,
    hidGroupAt: legalNotices.hidGroupAt,
    decidedAt: legalNotices.decidedAt,
    decisionReason: legalNotices.decisionReason,
    createdAt: legalNotices.createdAt,
    categorySlug: categories.slug,
    titleSlug: groups.titleSlug,
    groupHiddenAt: groups.hiddenAt,
    groupApproved: groups.approved,
    groupImage: groups.image,
    pastCapAt: legalNotices.pastCapAt,
    declarationVersion: legalNotices.declarationVersion,
    declarationText: legalNotices.declarationText,
    authorityReportedOn: legalNotices.authorityReportedOn,
    authorityAgency: legalNotices.authorityAgency,
    authorityProtocol: legalNotices.authorityProtocol,
  };
  const base = () =>
    db
      .select(columns)
      .from(legalNotices)
      .leftJoin(groups, eq(groups.id, legalNotices.groupId))
      .leftJoin(categories, groupCategory);
  const pending = await base()
    .where(eq(legalNotices.status, 'pending'))
    .orderBy(sql`${legalNotices.pastCapAt} is null`, asc(legalNotices.createdAt))
    .limit(200);
  const [pastCap] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(legalNotices)
    .where(and(eq(legalNotices.status, 'pending'), isNotNull(legalNotices.pastCapAt)));
  const decided = await base()
    .where(ne(legalNotices.status, 'pending'))
    .orderBy(desc(legalNotices.decidedAt))
    .limit(30);
  const rows = [...pending, ...decided];
  const events = rows.length
    ? await db
        .select({
          noticeId: legalNoticeEvents.noticeId,
          action: legalNoticeEvents.action,
          actorEmail: legalNoticeEvents.actorEmail,
          detail: legalNoticeEvents.detail,
          createdAt: legalNoticeEvents.createdAt,
        })
        .from(legalNoticeEvents)
        .where(
          inArray(
            legalNoticeEvents.noticeId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(legalNoticeEvents.createdAt), asc(legalNoticeEvents.id))
    : [];
  const groupIds = [...new Set(rows.map((r) => r.groupId).filter((id): id is string => id !== null))];
  const holds = await activeHolds(db, groupIds);
  const revisions = await groupHistory(db, groupIds);
  const view = (r: (typeof rows)[number]) => {
    const dueAt = new Date(r.createdAt.getTime() + LEGAL_NOTICE_TARGET_HOURS * 3_600_000);
    return {
      id: r.id,
      protocol: r.protocol,
      kind: r.kind,
      status: r.status,
      group:
        r.groupId && r.categorySlug && r.titleSlug
          ? {
              id: r.groupId,
              title: r.groupTitle,
              path: groupPath({ categorySlug: r.categorySlug, titleSlug: r.titleSlug }),
              hidden: isHeldRow({ hiddenAt: r.groupHiddenAt }),
              approved: r.groupApproved === true,
              image: r.groupImage,
              holds: holds.filter((h) => h.groupId === r.groupId),
              revisions: revisions.filter((v) => v.groupId === r.groupId),
            }
          : null,
      groupTitle: r.groupTitle,
      groupUrl: r.groupUrl,
      notifier: { name: r.name, email: r.email, confirmed: r.emailConfirmedAt !== null },
      description: r.description,
      hidGroupAt: r.hidGroupAt?.toISOString() ?? null,
      receivedAt: r.createdAt.toISOString(),
      dueAt: dueAt.toISOString(),
      overdue: r.status === 'pending' && now > dueAt,
      pastCap: r.pastCapAt !== null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decisionReason: r.decisionReason,
      /** the declaration of truth as the sender's form showed it (null: before it was stored) */
      declaration: r.declarationText ? { version: r.declarationVersion, text: r.declarationText } : null,
      authorityReport: r.authorityReportedOn
        ? { reportedOn: r.authorityReportedOn, agency: r.authorityAgency, protocol: r.authorityProtocol }
        : null,
      events: events
        .filter((e) => e.noticeId === r.id)
        .map((e) => ({
          action: e.action,
          actor: e.actorEmail,
          detail: e.detail,
          at: e.createdAt.toISOString(),
        })),
    };
  };
  return { pending: pending.map(view), decided: decided.map(view), pastCap: pastCap?.n ?? 0 };
}

type DecidedNotice = typeof legalNotices.$inferSelect;
type Admin = { id: string; email: string };

/**
 * The report to the authorities a child-abuse removal needs (ECA art. 241-A; /termos promises it):
 * checked, stored on the notice and in its trail. Any other decision may record one too.
 */
async function recordAuthorityReport(
  tx: Tx,
  notice: DecidedNotice,
  input: z.output<typeof LegalNoticeDecisionSchema>,
  admin: Admin,
) {
  const report = input.authorityReport;
  if (!report) {
    if (notice.kind === 'child_abuse' && input.decision === 'remove')
      throw new AppError('BAD_REQUEST', AUTHORITY_MESSAGES.required, {
        authorityReport: AUTHORITY_MESSAGES.required,
      });
    return;
  }
  if (report.reportedOn > saoPauloDay())
    throw new AppError('BAD_REQUEST', AUTHORITY_MESSAGES.future, {
      'authorityReport.reportedOn': AUTHORITY_MESSAGES.future,
    });
  await tx
    .update(legalNotices)
    .set({
      authorityReportedOn: report.reportedOn,
      authorityAgency: report.agency,
      authorityProtocol: report.protocol,
    })
    .where(eq(legalNotices.id, notice.id));
  await recordEvent(
    tx,
    notice.id,
    'authority_reported',
    `Comunicado a ${report.agency} em ${formatDay(report.reportedOn)}, protocolo ${report.protocol}.`,
    admin,
  );
}

/**
 * 'remove': the notice's hold stays for good (placed now when the notice had not hidden the group); the
 * owner is e-mailed the removal with the protocol, the reason and 'Contestar'. Says whether the group left
 * the site (a rebuild) and the owner's e-mail.
 */
async function removeNoticedGroup(
  tx: Tx,
  notice: DecidedNotice,
  group: { id: string; userId: string | null },
  reason: string,
  admin: Admin,
) {
  // tell: false: the removal's own e-mail below says it, with the protocol (one message, not two).
  const hold = await placeHold(tx, group.id, {
    reason: 'legal_notice',
    noticeId: notice.id,
    by: admin,
    tell: false,
  });
  const [owner] = group.userId
    ? await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, group.userId))
    : [];
  const mailId = owner
    ? await enqueueMail(tx, {
        to: owner.email,
        template: 'legal_notice_group_removed',
        data: {
          name: owner.name,
          groupTitle: notice.groupTitle,
          protocol: notice.protocol,
          reason,
          groupId: group.id,
        },
      })
    : undefined;
  return { leftSite: hold.leftSite, mailId };
}

/**
 * 'keep': this notice's hold goes; every other hold (another notice, reports, a court order...) stays.
 * Returns the trail's detail and whether the group came back (a rebuild).
 */
async function keepNoticedGroup(
  tx: Tx,
  notice: DecidedNotice,
  group: { id: string } | undefined,
  reason: string,
  admin: Admin,
) {
  let detail = reason;
  const lift = group
    ? await liftHolds(
        tx,
        group.id,
        { reason: 'legal_notice', noticeId: notice.id },
        { reason: `Notificação ${notice.protocol} mantida: ${reason}`, by: admin },
      )
    : null;
  if (group && lift?.changed) {
    if (lift.cameBack) detail += ' (o grupo voltou a ficar público)';
    else if (lift.held) {
      const others = (await activeHolds(tx, [group.id])).map((h) => HOLD_REASON_LABELS[h.reason]);
      detail += ` (o grupo continua oculto: ${[...new Set(others)].join(', ')})`;
    }
  }
  return { detail, cameBack: Boolean(lift?.cameBack) };
}

/** Mark a pending notice decided, or say why not (404, or 409 once decided). */
async function markDecided(
  tx: Tx,
  noticeId: string,
  input: z.output<typeof LegalNoticeDecisionSchema>,
  admin: Admin,
): Promise<DecidedNotice> {
  const [notice] = await tx
    .update(legalNotices)
    .set({
      status: input.decision === 'remove' ? 'removed' : 'kept',
      decidedAt: sql`now()`,
      decidedBy: admin.id,
      decisionReason: input.reason,
    })
    .where(and(eq(legalNotices.id, noticeId), eq(legalNotices.status, 'pending')))
    .returning();
  if (notice) return notice;
  const [exists] = await tx
    .select({ id: legalNotices.id })
    .from(legalNotices)
    .where(eq(legalNotices.id, noticeId));
  throw exists
    ? new AppError('CONFLICT', LEGAL_MESSAGES.alreadyDecided)
    : new AppError('NOT_FOUND', LEGAL_MESSAGES.noticeNotFound);
}

/**
 * An admin decides a pending notice. 'remove': the group is hidden for good (kept, not deleted, so its
 * invite link cannot be listed again and the record stays for the authorities); the owner is told and
 * may contest. A child-abuse removal records the report to the authorities. 'keep': a group hidden by
 * notices becomes public again unless another notice still holds it. The notifier gets the decision and
 * its reason either way; the trail records who decided.
 */
export async function decideLegalNotice(
  db: Db,
  noticeId: string,
  input: z.output<typeof LegalNoticeDecisionSchema>,
  admin: Admin,
) {
  if (!isUuid(noticeId)) throw new AppError('NOT_FOUND', LEGAL_MESSAGES.noticeNotFound);
  let rebuildGroup: string | null = null;
  const result = await db.transaction(async (tx) => {
    const notice = await markDecided(tx, noticeId, input, admin);
    await recordAuthorityReport(tx, notice, input, admin);
    const [group] = notice.groupId
      ? await tx
          .select({ id: groups.id, userId: groups.userId })
          .from(groups)
          .where(eq(groups.id, notice.groupId))
          .for('update')
      : [];
    const mailIds: (number | undefined)[] = [
      await enqueueMail(tx, {
        to: notice.email,
        template: 'legal_notice_decided',
        data: {
          name: notice.name,
          protocol: notice.protocol,
          groupTitle: notice.groupTitle,
          decision: input.decision,
          reason: input.reason,
        },
      }),
    ];
    if (input.decision === 'remove') {
      const removal = group ? await removeNoticedGroup(tx, notice, group, input.reason, admin) : null;
      if (removal?.leftSite) rebuildGroup = group!.id;
      mailIds.push(removal?.mailId);
      await recordEvent(tx, notice.id, 'removed', input.reason, admin);
    } else {
      const kept = await keepNoticedGroup(tx, notice, group, input.reason, admin);
      if (kept.cameBack) rebuildGroup = group!.id;
      await recordEvent(tx, notice.id, 'kept', kept.detail, admin);
    }
    return { protocol: notice.protocol, mailIds };
  });
  if (rebuildGroup)
    await requestRebuild(db, `denúncia jurídica ${result.protocol} decidida (${input.decision})`, {
      groups: [rebuildGroup],
    });
  await deliverMail(db, result.mailIds);
  return {
    success: true,
    protocol: result.protocol,
    message: input.decision === 'remove' ? 'Grupo removido' : 'Grupo mantido',
  };
}
