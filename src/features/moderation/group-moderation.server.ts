// Group moderation: the admin list, edit, approve, feature, delete and the bulk actions. Every change
// that alters public pages asks for a rebuild.
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { groupOwner } from '#db/joins.ts';
import { categories, groups, type HoldReason, users } from '#db/schema.ts';
import { isHeldRow } from '#db/visibility.ts';
import { findCategory, freeTitleSlug } from '#src/features/groups/group-writes.server.ts';
import {
  type GroupRow,
  groupColumns,
  groupsWithCategory,
  isApprovedByModeration,
  isFeaturedGroup,
} from '#src/features/groups/groups.server.ts';
import { INVITE_LINK_MESSAGE, isFeaturedNow, normalizeInviteLink } from '#src/features/groups/groups.ts';
import { keepFormerAddress } from '#src/features/groups/slugs.server.ts';
import { removeGroup } from '#src/features/holds/admin-holds.server.ts';
import {
  evidenceGroups,
  type HoldActor,
  heldFor,
  liftHolds,
  notEvidenceGroup,
  placeHold,
} from '#src/features/holds/holds.server.ts';
import { HOLD_MESSAGES } from '#src/features/holds/holds.ts';
import { deleteImage } from '#src/features/images/stored-images.server.ts';
import { checkAndCopyPhoto } from '#src/features/links/invite-photo.server.ts';
import { linkChange, NEW_LINK_LIFT } from '#src/features/links/link-change.ts';
import { queueGroupApproved, queueGroupRejected } from '#src/features/mail/notify.server.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { extendFeaturing, retractFeaturing } from '#src/features/payments/featuring.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { recordTransparencyEvent } from '#src/features/transparency/ledger.server.ts';
import { isUniqueViolation } from '#src/lib/db-errors.ts';
import { countLabel } from '#src/lib/format.ts';
import { AppError } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND } from '../../lib/ids.ts';
import { CATEGORY_NOT_FOUND } from '../categories/categories.schema.ts';
import { chosenTagIds, groupTagsOf, isAdultCategory, writeGroupTags } from '../tags/tags.server.ts';
import {
  DUPLICATE_LINK,
  EDIT_FEATURE_DAYS,
  FEATURE_PENDING_MESSAGE,
  FEATURE_UNDO_CHANGED_MESSAGE,
  type FeatureUndo,
  type GroupEdit,
  type GroupStatusFilter,
  TITLE_NOT_FOUND,
} from './moderation.schema.ts';

/** The admin JSON of a group: the public fields plus moderation state (raw featured flag and date). */
export function toAdminGroupJson(
  row: GroupRow & { hiddenAt: Date | null; hiddenReason: HoldReason | null; userId: string | null },
  now = new Date(),
) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    link: row.link,
    type: row.type,
    followers: row.followers,
    image: row.image,
    cliques: row.cliques,
    approved: row.approved,
    featured: isFeaturedNow(row, now),
    featuredUntil: row.featuredUntil?.toISOString() ?? null,
    /** a hold pauses a paid featuring: its days are kept until the hold is lifted */
    featuringPausedAt: row.featuringPausedAt?.toISOString() ?? null,
    hidden: isHeldRow(row),
    hiddenReason: isHeldRow(row) ? row.hiddenReason : null,
    /** an owner to tell: 'Excluir' of an approved group removes it (contestable) instead of deleting it */
    owned: row.userId !== null,
    linkStatus: row.linkStatus,
    linkCheckedAt: row.linkCheckedAt?.toISOString() ?? null,
    linkLiveAt: row.linkLiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    category: row.category,
    categoryId: row.categoryId,
    categorySlug: row.categorySlug,
    titleSlug: row.titleSlug,
    path: `/${row.categorySlug}/${row.titleSlug}`,
  };
}
export type AdminGroupJson = ReturnType<typeof toAdminGroupJson>;

const adminColumns = {
  ...groupColumns,
  hiddenAt: groups.hiddenAt,
  hiddenReason: groups.hiddenReason,
  userId: groups.userId,
};

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The paged admin list: search in title, description and link; status filter all/pending/approved/featured,
 * or dead_link ('Links quebrados': groups the link checks hid).
 */
export async function listAdminGroups(
  db: Db,
  query: {
    page: number;
    limit: number;
    search?: string;
    status: GroupStatusFilter;
    approved?: boolean;
    featured?: boolean;
  },
  now = new Date(),
) {
  const where: SQL[] = [];
  let status = query.status;
  // The spec's client sends approved=/featured= instead of a status name.
  if (status === 'all' && query.featured === true) status = 'featured';
  else if (status === 'all' && query.approved !== undefined) status = query.approved ? 'approved' : 'pending';
  if (status === 'pending') where.push(eq(groups.approved, false));
  if (status === 'approved') where.push(isApprovedByModeration);
  if (status === 'featured') where.push(isApprovedByModeration, isFeaturedGroup(now));
  if (status === 'dead_link') where.push(heldFor('dead_link'));
  if (query.search) {
    const term = `%${escapeLike(query.search)}%`;
    where.push(or(ilike(groups.title, term), ilike(groups.description, term), ilike(groups.link, term))!);
  }
  const condition = where.length ? and(...where) : undefined;
  const [total] = await db.select({ n: count() }).from(groups).where(condition);
  const rows = await db
    .select({ ...adminColumns, senderName: users.name, senderEmail: users.email })
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .leftJoin(users, groupOwner)
    .where(condition)
    .orderBy(desc(groups.createdAt), desc(groups.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const n = total?.n ?? 0;
  // Each group's tags (#43): the edit dialog starts from them.
  const tagsOf = await groupTagsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    // Who sent it (the owner's account; none for a group sent without one), for the pending queue.
    groups: rows.map(({ senderName, senderEmail, ...row }) => ({
      ...toAdminGroupJson(row, now),
      sender: senderEmail ? { name: senderName ?? '', email: senderEmail } : null,
      tags: (tagsOf.get(row.id) ?? []).map((tag) => tag.slug),
    })),
    pagination: {
      total: n,
      pages: Math.max(1, Math.ceil(n / query.limit)),
      page: query.page,
      limit: query.limit,
    },
  };
}

/** One group as the admin sees it (404 when it does not exist). */
export async function getAdminGroup(db: Db, id: string) {
  const [row] = await db
    .select(adminColumns)
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(eq(groups.id, id));
  if (!row) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return row;
}

/** The category id for a name, slug or id (see categoryFinder), or 400 with the pt-BR message. */
export async function categoryIdFor(db: Db, text: string): Promise<number> {
  const category = await findCategory(db, text);
  if (!category)
    throw new AppError('BAD_REQUEST', CATEGORY_NOT_FOUND, {
      category: CATEGORY_NOT_FOUND,
    });
  return category.id;
}

/**
 * Apply the edit dialog's changes. Featuring goes through the one rule (extendFeaturing): the dialog
 * sends the days to add (7 when a group is newly featured without them), never an end date.
 */
export async function updateGroup(db: Db, id: string, edit: GroupEdit, now = new Date()) {
  const current = await getAdminGroup(db, id);
  const set: Partial<typeof groups.$inferInsert> = {};
  if (edit.title !== undefined) set.title = edit.title;
  if (edit.description !== undefined) set.description = edit.description;
  if (edit.link !== undefined) {
    const invite = normalizeInviteLink(edit.link);
    if (!invite) throw new AppError('BAD_REQUEST', INVITE_LINK_MESSAGE, { link: INVITE_LINK_MESSAGE });
    // A new link starts unverified (the admin's edit does not wait for WhatsApp).
    if (invite.link !== current.link) Object.assign(set, linkChange(invite, 'unknown', now));
  }
  const categoryId =
    edit.category !== undefined ? await categoryIdFor(db, edit.category) : current.categoryId;
  if (categoryId !== current.categoryId) set.categoryId = categoryId;
  if (set.title !== undefined || set.categoryId !== undefined) {
    const title = set.title ?? current.title;
    if (title !== current.title || categoryId !== current.categoryId)
      set.titleSlug = await freeTitleSlug(db, title, categoryId, id);
  }
  if (edit.approved !== undefined) set.approved = edit.approved;
  if (edit.approved && !current.approved) set.bumpedAt = now;
  const unfeature = edit.featured === false || edit.featuredUntil === null;
  if (unfeature) {
    set.featured = false;
    set.featuredUntil = null;
  }
  const featureDays = unfeature
    ? undefined
    : (edit.featureDays ??
      (edit.featured === true && !isFeaturedNow(current, now) ? EDIT_FEATURE_DAYS : undefined));
  const tagIds =
    edit.tags === undefined
      ? undefined
      : await chosenTagIds(db, edit.tags, { adultGroup: await isAdultCategory(db, categoryId) });
  let mailId: number | undefined;
  try {
    await db.transaction(async (tx) => {
      // The admin's tags apply at once, as the admin's other edits do.
      if (tagIds) await writeGroupTags(tx, id, tagIds);
      if (Object.keys(set).length) {
        await tx.update(groups).set(set).where(eq(groups.id, id));
        if (set.titleSlug) await keepFormerAddress(tx, id, current, { categoryId, titleSlug: set.titleSlug });
        if (set.approved && !current.approved) mailId = await queueGroupApproved(tx, id);
        if (set.inviteCode) await liftHolds(tx, id, { reason: 'dead_link' }, { reason: NEW_LINK_LIFT });
      }
      if (featureDays) await extendFeaturing(tx, id, featureDays, now);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'groups_invite_code_unique'))
      throw new AppError('CONFLICT', DUPLICATE_LINK, { link: DUPLICATE_LINK });
    throw error;
  }
  await requestRebuild(db, `grupo editado: ${id}`, { groups: [id] });
  await deliverMail(db, [mailId]);
  return toAdminGroupJson(await getAdminGroup(db, id), now);
}

// A group lists from its approval (or its owner's last bump), not from when it was sent: one that
// waited in moderation goes on top of 'Últimos Grupos', and its first 'Renovar' counts from there.
// In an UPDATE, `approved` is the row's value before it: an approved group keeps its place.
const LISTED_ON_APPROVAL = sql`case when ${groups.approved} then ${groups.bumpedAt} else now() end`;

/** Approve one group; one without a picture gets its WhatsApp photo when the link is live. */
export async function approveGroup(db: Db, id: string) {
  const [current] = await db
    .select({ link: groups.link, image: groups.image })
    .from(groups)
    .where(eq(groups.id, id));
  if (!current) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  // The check runs outside any transaction (it waits on WhatsApp); unknown or dead: no photo.
  const { check, photo } = current.image
    ? { check: null, photo: null }
    : await checkAndCopyPhoto(current.link);
  const { row, mailId } = await db
    .transaction(async (tx) => {
      const [before] = await tx
        .select({ approved: groups.approved })
        .from(groups)
        .where(eq(groups.id, id))
        .for('update');
      if (!before) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
      const [updated] = await tx
        .update(groups)
        .set({
          approved: true,
          bumpedAt: LISTED_ON_APPROVAL,
          // An image set meanwhile (an edit) wins over the copied photo.
          ...(photo ? { image: sql`coalesce(${groups.image}, ${photo.url})` } : {}),
          ...(check?.followers !== undefined ? { followers: check.followers } : {}),
        })
        .where(eq(groups.id, id))
        .returning({ id: groups.id, image: groups.image });
      return { row: updated, mailId: before.approved ? undefined : await queueGroupApproved(tx, id) };
    })
    .catch(async (error) => {
      if (photo) await deleteImage(photo.key).catch(() => undefined);
      throw error;
    });
  if (photo && row?.image !== photo.url) await deleteImage(photo.key).catch(() => undefined);
  await requestRebuild(db, `grupo aprovado: ${id}`, { groups: [id] });
  await deliverMail(db, [mailId]);
  return toAdminGroupJson(await getAdminGroup(db, id));
}

/**
 * Feature one group `days` more by the one rule (added to the time it is still featured, paid or not;
 * its orders stay as they are). Only an approved group: featuring a pending one would show nothing, and
 * approving is a decision of its own. The answer's featuredUntil is what 'Desfazer' sends back.
 */
export async function featureGroup(db: Db, id: string, days: number, now = new Date()) {
  const until = await db.transaction(async (tx) => {
    const [group] = await tx.select({ approved: groups.approved }).from(groups).where(eq(groups.id, id));
    if (!group) return null;
    if (!group.approved) throw new AppError('CONFLICT', FEATURE_PENDING_MESSAGE);
    return extendFeaturing(tx, id, days, now);
  });
  if (!until) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  await requestRebuild(db, `grupo destacado: ${id}`, { groups: [id] });
  return toAdminGroupJson(await getAdminGroup(db, id), now);
}

/**
 * 'Desfazer' on the feature toast: the days just added come off again, only while the group's end is
 * still the one that featuring answered (409 when anything moved it since: a payment, another admin).
 */
export async function undoFeature(db: Db, id: string, undo: FeatureUndo, now = new Date()) {
  const result = await db.transaction((tx) => retractFeaturing(tx, id, undo.days, new Date(undo.until), now));
  if (!result) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  if (result === 'changed') throw new AppError('CONFLICT', FEATURE_UNDO_CHANGED_MESSAGE);
  await requestRebuild(db, `destaque desfeito: ${id}`, { groups: [id] });
  return toAdminGroupJson(await getAdminGroup(db, id), now);
}

/**
 * An admin's 'Excluir'. A pending group is rejected (the owner is told why) and deleted; an approved one
 * goes through removeGroup: removed (held for good, the owner told and able to contest) or deleted.
 */
export async function deleteGroup(db: Db, id: string, admin: HoldActor, note?: string | null) {
  const result = await db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, id), eq(groups.approved, false)));
    if (!pending) return removeGroup(tx, id, { by: admin, note, source: 'admin' });
    if ((await evidenceGroups(tx, [id])).size)
      throw new AppError('CONFLICT', HOLD_MESSAGES.evidenceDeleteAdmin);
    const mailId = await queueGroupRejected(tx, id);
    await tx.delete(groups).where(eq(groups.id, id));
    return { outcome: 'deleted' as const, mailId };
  });
  await requestRebuild(db, `grupo ${result.outcome === 'removed' ? 'removido' : 'excluído'}: ${id}`, {
    groups: [id],
  });
  await deliverMail(db, [result.mailId]);
  return {
    success: true,
    outcome: result.outcome,
    message: result.outcome === 'removed' ? HOLD_MESSAGES.removed : HOLD_MESSAGES.deleted,
  };
}

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

/** Bulk: approve every pending group. */
export async function approveAllPending(db: Db) {
  const rows = await db.transaction(async (tx) => {
    const rows = await tx
      .update(groups)
      .set({ approved: true, bumpedAt: LISTED_ON_APPROVAL })
      .where(eq(groups.approved, false))
      .returning({ id: groups.id });
    // Written now, sent by the scheduled send-mail run (a bulk approval may be hundreds of messages).
    for (const row of rows) await queueGroupApproved(tx, row.id);
    return rows;
  });
  if (rows.length) await requestRebuild(db, 'aprovação em massa', { groups: idsOf(rows) });
  return {
    success: true,
    count: rows.length,
    message: rows.length
      ? `${countLabel(rows.length, 'grupo aprovado', 'grupos aprovados')} com sucesso`
      : 'Nenhum grupo pendente para aprovar',
  };
}

/** Bulk: remove every highlight. */
export async function resetFeatured(db: Db) {
  const rows = await db
    .update(groups)
    .set({ featured: false, featuredUntil: null, featuringPausedAt: null })
    .where(or(eq(groups.featured, true), sql`${groups.featuredUntil} is not null`))
    .returning({ id: groups.id });
  if (rows.length) await requestRebuild(db, 'destaques resetados', { groups: idsOf(rows) });
  return {
    success: true,
    count: rows.length,
    message: rows.length
      ? countLabel(rows.length, 'destaque removido', 'destaques removidos')
      : 'Nenhum grupo em destaque',
  };
}

// A Postgres bracket expression of what shows nothing (the characters themselves, bound as a parameter).
const BLANK_TITLE_CHARACTERS =
  '[[:space:]\u00A0\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0]';

/**
 * A bulk 'Excluir' of the groups `where` matches (evidence never): an approved group with an owner is
 * removed (a 'removed' hold: told with the reason and 'Contestar', #41), any other deleted. Says how many
 * of each went, and sends the owners' e-mails after the transaction.
 */
async function bulkRemove(db: Db, where: SQL, admin: HoldActor, note: string) {
  const result = await db.transaction(async (tx) => {
    const matched = await tx
      .select({ id: groups.id, approved: groups.approved, userId: groups.userId })
      .from(groups)
      .where(and(where, notEvidenceGroup));
    const mailIds: (number | undefined)[] = [];
    const removed: string[] = [];
    for (const g of matched.filter((g) => g.approved && g.userId)) {
      const hold = await placeHold(tx, g.id, { reason: 'removed', note, by: admin });
      if (hold.changed) removed.push(g.id);
      mailIds.push(hold.mailId);
    }
    const doomed = matched.filter((g) => !(g.approved && g.userId));
    // Each public group deleted at once is a removal of the report's (one fact each).
    for (const _ of doomed.filter((d) => d.approved))
      await recordTransparencyEvent(tx, { kind: 'group_deleted', detail: 'admin' });
    if (doomed.length)
      await tx.delete(groups).where(
        inArray(
          groups.id,
          doomed.map((g) => g.id),
        ),
      );
    return { removed, deleted: doomed.map((g) => g.id), mailIds };
  });
  const changed = [...result.removed, ...result.deleted];
  await deliverMail(db, result.mailIds);
  return { ...result, changed };
}

/** '1 grupo excluído', with the removed ones named apart (their owners were told). */
function bulkMessage(deleted: number, removed: number, what: [string, string] = ['excluído', 'excluídos']) {
  const parts = [countLabel(deleted, `grupo ${what[0]}`, `grupos ${what[1]}`)];
  if (removed)
    parts.push(
      `${countLabel(removed, 'removido', 'removidos')} do site (os donos foram avisados e podem contestar)`,
    );
  return parts.join('; ');
}

/** Bulk: delete every group whose title is blank to a reader (owned public ones are removed instead). */
export async function deleteEmptyTitles(db: Db, admin: HoldActor) {
  // Blank to a reader: only spaces and invisibles (zero-widths, bidi controls, fillers, blank Braille),
  // as titles stored before src/lib/text.ts removed them could be. Evidence of a notice or a court order
  // is never swept away in bulk.
  const blank = sql`regexp_replace(${groups.title}, ${BLANK_TITLE_CHARACTERS}, '', 'g') = ''`;
  const { changed, deleted, removed } = await bulkRemove(db, blank, admin, 'Grupo sem título');
  if (changed.length) await requestRebuild(db, 'grupos sem título excluídos', { groups: changed });
  return {
    success: true,
    count: changed.length,
    message: changed.length
      ? bulkMessage(deleted.length, removed.length, ['sem título excluído', 'sem título excluídos'])
      : 'Nenhum grupo sem título encontrado',
  };
}

/** Bulk: delete every group with exactly this title, case and surrounding spaces ignored (owned public ones are removed instead). */
export async function deleteByTitle(db: Db, title: string, admin: HoldActor) {
  const wanted = title.trim();
  if (!wanted) throw new AppError('NOT_FOUND', TITLE_NOT_FOUND);
  const { changed, deleted, removed } = await bulkRemove(
    db,
    sql`lower(btrim(${groups.title})) = lower(${wanted})`,
    admin,
    `Exclusão em massa do título "${wanted}"`,
  );
  if (!changed.length) throw new AppError('NOT_FOUND', TITLE_NOT_FOUND);
  await requestRebuild(db, 'grupos excluídos por título', { groups: changed });
  return { success: true, count: changed.length, message: bulkMessage(deleted.length, removed.length) };
}
