// Appeals ('Contestar', #41): the owner of a held or removed group contests one hold; every admin is
// e-mailed, and the appeal runs on the same clock as legal notices. An admin who did not place or decide
// the hold (nor an earlier appeal on it), when there is such an admin, restores the group (that hold is
// lifted through the holds module, the others stand) or keeps it, and the owner is e-mailed the reason.
// The appeal rows, joined to their hold, are the hold's trail of appeals and outcomes (a notice's trail
// records them too); each filing and decision is a fact of the transparency report.
import { and, asc, count, desc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '#db/client.ts';
import {
  groupHolds,
  groups,
  HOLD_REASONS,
  type HoldReason,
  holdAppeals,
  legalNoticeEvents,
  legalNotices,
  users,
} from '#db/schema.ts';
import type { SessionUser } from '#src/features/auth/session.server.ts';
import { type HoldActor, liftHolds } from '#src/features/holds/holds.server.ts';
import { HOLD_REASON_LABELS } from '#src/features/holds/holds.ts';
import { deliverMail, enqueueMail } from '#src/features/mail/outbox.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { recordTransparencyEvent } from '#src/features/transparency/ledger.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND } from '#src/lib/ids.ts';
import type { AppealDecisionSchema, AppealSchema } from './appeals.schema.ts';
import { APPEAL_MESSAGES, APPEAL_TARGET_HOURS, APPEALABLE_REASONS } from './appeals.ts';

/** The group's active holds an owner may contest, strongest first (HOLD_REASONS order). */
async function appealableHolds(db: Db | Tx, groupId: string) {
  const rows = await db
    .select({ id: groupHolds.id, reason: groupHolds.reason, noticeId: groupHolds.noticeId })
    .from(groupHolds)
    .where(
      and(
        eq(groupHolds.groupId, groupId),
        isNull(groupHolds.liftedAt),
        inArray(groupHolds.reason, [...APPEALABLE_REASONS]),
      ),
    );
  return rows.sort((a, b) => HOLD_REASONS.indexOf(a.reason) - HOLD_REASONS.indexOf(b.reason));
}

/** 'Contestação recebida' to every admin (in `tx`): an appeal counts on their clock like a notice. */
async function queueAdminAlert(tx: Tx, appeal: { groupTitle: string; reason: HoldReason; createdAt: Date }) {
  const admins = await tx.select({ email: users.email }).from(users).where(eq(users.admin, true));
  const dueAt = new Date(appeal.createdAt.getTime() + APPEAL_TARGET_HOURS * 3_600_000).toISOString();
  const ids: (number | undefined)[] = [];
  for (const admin of admins)
    ids.push(
      await enqueueMail(tx, {
        to: admin.email,
        template: 'appeal_admin',
        data: { groupTitle: appeal.groupTitle, reasonLabel: HOLD_REASON_LABELS[appeal.reason], dueAt },
      }),
    );
  return ids;
}

/** A legal notice's trail hears of an appeal on its hold and of the outcome. */
async function noticeTrail(
  tx: Tx,
  noticeId: string | null,
  action: 'appealed' | 'appeal_decided',
  detail: string,
  actor?: HoldActor,
) {
  if (!noticeId) return;
  await tx.insert(legalNoticeEvents).values({
    noticeId,
    action,
    detail,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
  });
}

/** POST /api/user/groups/{id}/appeals: the owner contests a hold (the named one, else the strongest). */
export async function fileAppeal(
  db: Db,
  user: SessionUser,
  groupId: string,
  input: z.output<typeof AppealSchema>,
) {
  const [group] = await db
    .select({ id: groups.id, userId: groups.userId, title: groups.title })
    .from(groups)
    .where(eq(groups.id, groupId));
  // Someone else's group reads as missing, as every /api/user/groups/{id} route answers.
  if (!group || group.userId !== user.id) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const holds = await appealableHolds(db, groupId);
  const hold = input.holdId ? holds.find((h) => h.id === input.holdId) : holds[0];
  if (!hold) throw new AppError('BAD_REQUEST', APPEAL_MESSAGES.nothingToAppeal);
  const { appeal, mailIds } = await db.transaction(async (tx) => {
    const [appeal] = await tx
      .insert(holdAppeals)
      .values({ holdId: hold.id, groupId, userId: user.id, text: input.text })
      .onConflictDoNothing()
      .returning({ id: holdAppeals.id, status: holdAppeals.status, createdAt: holdAppeals.createdAt });
    if (!appeal) throw new AppError('CONFLICT', APPEAL_MESSAGES.alreadyOpen);
    await recordTransparencyEvent(tx, { kind: 'appeal_filed', detail: hold.reason, at: appeal.createdAt });
    await noticeTrail(tx, hold.noticeId, 'appealed', 'O dono do grupo contestou a decisão.');
    const mailIds = await queueAdminAlert(tx, { groupTitle: group.title, reason: hold.reason, ...appeal });
    return { appeal, mailIds };
  });
  await deliverMail(db, mailIds);
  return {
    appeal: { ...appeal, createdAt: appeal.createdAt.toISOString() },
    message: APPEAL_MESSAGES.created,
  };
}

/** The latest appeal of each of these groups (the panel's 'Contestação em análise' line). */
export async function latestAppeals(db: Db | Tx, groupIds: string[]) {
  if (!groupIds.length) return new Map<string, AppealSummary>();
  const rows = await db
    .select({
      groupId: holdAppeals.groupId,
      status: holdAppeals.status,
      createdAt: holdAppeals.createdAt,
      decisionReason: holdAppeals.decisionReason,
      holdActive: isNull(groupHolds.liftedAt),
    })
    .from(holdAppeals)
    .innerJoin(groupHolds, eq(groupHolds.id, holdAppeals.holdId))
    .where(inArray(holdAppeals.groupId, groupIds))
    .orderBy(desc(holdAppeals.createdAt));
  const latest = new Map<string, AppealSummary>();
  for (const r of rows)
    if (!latest.has(r.groupId))
      latest.set(r.groupId, {
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        decisionReason: r.decisionReason,
      });
  return latest;
}

export interface AppealSummary {
  status: 'open' | 'restored' | 'kept';
  createdAt: string;
  decisionReason: string | null;
}

/** Whether each of these groups has an active hold its owner may contest with no appeal open on it. */
export async function groupsThatCanAppeal(db: Db | Tx, groupIds: string[]): Promise<Set<string>> {
  if (!groupIds.length) return new Set();
  const rows = await db
    .select({ groupId: groupHolds.groupId, open: holdAppeals.id })
    .from(groupHolds)
    .leftJoin(holdAppeals, and(eq(holdAppeals.holdId, groupHolds.id), eq(holdAppeals.status, 'open')))
    .where(
      and(
        inArray(groupHolds.groupId, groupIds),
        isNull(groupHolds.liftedAt),
        inArray(groupHolds.reason, [...APPEALABLE_REASONS]),
      ),
    );
  return new Set(rows.filter((r) => r.open === null).map((r) => r.groupId));
}

/** The admins' queue: open appeals and how many are past the clock (APPEAL_TARGET_HOURS). */
export async function appealQueue(db: Db, now: Date = new Date()) {
  const due = new Date(now.getTime() - APPEAL_TARGET_HOURS * 3_600_000);
  const [row] = await db
    .select({
      open: count(),
      overdue: sql<number>`count(*) filter (where ${holdAppeals.createdAt} < ${due.toISOString()})`.mapWith(
        Number,
      ),
    })
    .from(holdAppeals)
    .where(eq(holdAppeals.status, 'open'));
  return { open: row?.open ?? 0, overdue: row?.overdue ?? 0 };
}

/** Who took part in the decision an appeal contests: who placed or lifted the hold, decided its notice, or an earlier appeal on it. */
async function involvedAdmins(
  tx: Db | Tx,
  hold: { id: string; placedBy: string | null; liftedBy: string | null; noticeDecidedBy: string | null },
) {
  const earlier = await tx
    .select({ by: holdAppeals.decidedBy })
    .from(holdAppeals)
    .where(and(eq(holdAppeals.holdId, hold.id), ne(holdAppeals.status, 'open')));
  return [hold.placedBy, hold.liftedBy, hold.noticeDecidedBy, ...earlier.map((r) => r.by)].filter(
    (id): id is string => id !== null,
  );
}

/**
 * Whether `adminId` may decide an appeal on this hold: not who decided the first time (placed, lifted or
 * decided its notice) nor an earlier appeal on it, as long as some admin who did none of that exists.
 */
async function mayDecide(
  tx: Db | Tx,
  adminId: string,
  hold: { id: string; placedBy: string | null; liftedBy: string | null; noticeDecidedBy: string | null },
) {
  const involved = await involvedAdmins(tx, hold);
  if (!involved.includes(adminId)) return true;
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.admin, true), notInArray(users.id, involved)));
  // When every admin took part (a lone admin, say), any decides: an appeal must not wait for nobody.
  return (others?.n ?? 0) === 0;
}

function appealQuery(db: Db | Tx) {
  return db
    .select({
      id: holdAppeals.id,
      status: holdAppeals.status,
      text: holdAppeals.text,
      createdAt: holdAppeals.createdAt,
      decidedAt: holdAppeals.decidedAt,
      decidedBy: holdAppeals.decidedByEmail,
      decisionReason: holdAppeals.decisionReason,
      groupId: holdAppeals.groupId,
      groupTitle: groups.title,
      ownerEmail: users.email,
      ownerName: users.name,
      holdId: groupHolds.id,
      holdReason: groupHolds.reason,
      holdNote: groupHolds.note,
      holdPlacedAt: groupHolds.placedAt,
      holdPlacedBy: groupHolds.placedBy,
      holdPlacedByEmail: groupHolds.placedByEmail,
      holdLiftedAt: groupHolds.liftedAt,
      holdLiftedBy: groupHolds.liftedBy,
      noticeId: groupHolds.noticeId,
      noticeProtocol: legalNotices.protocol,
      noticeDecidedBy: legalNotices.decidedBy,
    })
    .from(holdAppeals)
    .innerJoin(groupHolds, eq(groupHolds.id, holdAppeals.holdId))
    .innerJoin(groups, eq(groups.id, holdAppeals.groupId))
    .leftJoin(users, eq(users.id, holdAppeals.userId))
    .leftJoin(legalNotices, eq(legalNotices.id, groupHolds.noticeId));
}

type AppealRow = Awaited<ReturnType<ReturnType<typeof appealQuery>['where']>>[number];

/** An open appeal's clock, as a notice's: due APPEAL_TARGET_HOURS after it came, red once past. */
function appealClock(r: { status: string; createdAt: Date }, now: Date) {
  const dueAt = new Date(r.createdAt.getTime() + APPEAL_TARGET_HOURS * 3_600_000);
  return { dueAt: dueAt.toISOString(), overdue: r.status === 'open' && now > dueAt };
}

/** The hold of an appeal row as mayDecide reads it. */
const holdOf = (r: AppealRow) => ({
  id: r.holdId,
  placedBy: r.holdPlacedBy,
  liftedBy: r.holdLiftedBy,
  noticeDecidedBy: r.noticeDecidedBy,
});

/**
 * GET /api/admin/appeals: open appeals (oldest first) with their clock (due, overdue, like notices), then
 * the latest decided; each says if this admin may decide it.
 */
export async function listAppeals(db: Db, admin: HoldActor, now: Date = new Date()) {
  const open = await appealQuery(db)
    .where(eq(holdAppeals.status, 'open'))
    .orderBy(asc(holdAppeals.createdAt));
  const decided = await appealQuery(db)
    .where(ne(holdAppeals.status, 'open'))
    .orderBy(desc(holdAppeals.decidedAt))
    .limit(50);
  const view = async (r: AppealRow) => ({
    id: r.id,
    status: r.status,
    text: r.text,
    createdAt: r.createdAt.toISOString(),
    ...appealClock(r, now),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decidedBy: r.decidedBy,
    decisionReason: r.decisionReason,
    group: { id: r.groupId, title: r.groupTitle },
    owner: r.ownerEmail ? { email: r.ownerEmail, name: r.ownerName } : null,
    hold: {
      id: r.holdId,
      reason: r.holdReason,
      reasonLabel: HOLD_REASON_LABELS[r.holdReason],
      note: r.holdNote,
      noticeProtocol: r.noticeProtocol,
      placedAt: r.holdPlacedAt.toISOString(),
      placedBy: r.holdPlacedByEmail,
      active: r.holdLiftedAt === null,
    },
    canDecide: r.status === 'open' && (await mayDecide(db, admin.id, holdOf(r))),
  });
  return { open: await Promise.all(open.map(view)), decided: await Promise.all(decided.map(view)) };
}

/**
 * POST /api/admin/appeals/{id} {decision, reason}: restore lifts the contested hold only (the group
 * comes back when no other hold stands), keep leaves it; the owner is e-mailed the outcome and reason.
 */
export async function decideAppeal(
  db: Db,
  appealId: string,
  input: z.output<typeof AppealDecisionSchema>,
  admin: HoldActor,
) {
  const result = await db.transaction(async (tx) => {
    const [row] = await appealQuery(tx)
      .where(eq(holdAppeals.id, appealId))
      .for('update', { of: holdAppeals });
    if (row?.status !== 'open') throw new AppError('NOT_FOUND', APPEAL_MESSAGES.appealNotFound);
    if (!(await mayDecide(tx, admin.id, holdOf(row))))
      throw new AppError('FORBIDDEN', APPEAL_MESSAGES.sameAdmin);
    const lift =
      input.decision === 'restore'
        ? await liftHolds(
            tx,
            row.groupId,
            { holdId: row.holdId },
            { reason: `Contestação aceita: ${input.reason}`, by: admin },
          )
        : null;
    await tx
      .update(holdAppeals)
      .set({
        status: input.decision === 'restore' ? 'restored' : 'kept',
        decidedAt: new Date(),
        decidedBy: admin.id,
        decidedByEmail: admin.email ?? null,
        decisionReason: input.reason,
      })
      .where(eq(holdAppeals.id, appealId));
    const outcome = input.decision === 'restore' ? 'restored' : 'kept';
    await recordTransparencyEvent(tx, { kind: 'appeal_decided', detail: outcome });
    await noticeTrail(
      tx,
      row.noticeId,
      'appeal_decided',
      `Contestação ${outcome === 'restored' ? 'aceita' : 'recusada'}: ${input.reason}`,
      admin,
    );
    const mailId = row.ownerEmail
      ? await enqueueMail(tx, {
          to: row.ownerEmail,
          template: 'appeal_decided',
          data: {
            name: row.ownerName ?? '',
            groupTitle: row.groupTitle,
            decision: input.decision,
            reason: input.reason,
            // another hold (a dead link, a second decision) may still keep it off the site
            stillHidden: input.decision === 'keep' || Boolean(lift?.held),
          },
        })
      : undefined;
    return { groupId: row.groupId, cameBack: Boolean(lift?.cameBack), stillHeld: lift?.held ?? true, mailId };
  });
  if (result.cameBack)
    await requestRebuild(db, `contestação aceita: ${result.groupId}`, { groups: [result.groupId] });
  await deliverMail(db, [result.mailId]);
  return {
    success: true,
    message:
      input.decision === 'keep'
        ? 'Contestação recusada; o dono foi avisado.'
        : result.stillHeld
          ? 'Retenção liberada; o grupo continua oculto por outro motivo. O dono foi avisado.'
          : 'Grupo restaurado; o dono foi avisado.',
  };
}
