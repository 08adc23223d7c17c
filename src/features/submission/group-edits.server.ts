// Owners manage their own groups from the panel: edit (a new invite link takes effect at once; content
// changes to an approved group wait for moderation as a revision) and delete. Admins review revisions.
// Only the owner or an admin reaches a group here; anyone else gets the same 404 as a missing group.
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { groupCategory } from '#db/joins.ts';
import { categories, featureOrders, groupRevisions, groups, users } from '#db/schema.ts';
import { recordAccess } from '#src/features/access-log/access-log.server.ts';
import type { SessionUser } from '#src/features/auth/session.server.ts';
import { evidenceGroups, liftHolds } from '#src/features/holds/holds.server.ts';
import { HOLD_MESSAGES } from '#src/features/holds/holds.ts';
import { deleteImage, imageUrl, prepareImage, saveImage } from '#src/features/images/stored-images.server.ts';
import { tallyAnswer } from '#src/features/links/check-tallies.server.ts';
import { checkInvite } from '#src/features/links/invite-check.server.ts';
import { linkChange, NEW_LINK_LIFT } from '#src/features/links/link-change.ts';
import { DEAD_LINK_MESSAGE } from '#src/features/links/links.schema.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { OwnerGroupEditSchema } from '#src/features/submission/submission.schema.ts';
import { readSubmission, submittedCategory } from '#src/features/submission/submission.server.ts';
import { isUniqueViolation } from '#src/lib/db-errors.ts';
import { AppError, MESSAGES, parse, readText } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND, isUuid } from '#src/lib/ids.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';
import { assertInviteFree, freeTitleSlug, inviteTakenError } from '../groups/group-writes.server.ts';
import { groupPath, normalizeInviteLink } from '../groups/groups.ts';
import { keepFormerAddress } from '../groups/slugs.server.ts';
import {
  chosenTagIds,
  currentTagIds,
  groupTagsOf,
  isAdultCategory,
  liveTagIds,
  sameTags,
  tagNamesById,
  writeGroupTags,
} from '../tags/tags.server.ts';

export const EDIT_TOO_MANY_MESSAGE = 'Você fez muitas alterações em pouco tempo. Tente novamente mais tarde.';
export const REVISION_REVIEWED_MESSAGE = 'Esta alteração já foi analisada.';
export const REVISION_NOT_FOUND_MESSAGE = 'Alteração não encontrada';
export const REJECT_REASON_MESSAGE = 'Informe o motivo da recusa';
/** Edits accepted per account per hour. */
export const EDIT_RATE_LIMIT = 20;

const STORED_IMAGE = /^\/api\/images\/([0-9a-f-]{36}\.webp)$/;

/** The link checker's verdict on a new invite link: 'dead' is refused, 'live' and 'unknown' pass. */
async function inviteLinkStatus(db: Db, link: string): Promise<'live' | 'dead' | 'unknown'> {
  const { status } = await checkInvite(link);
  await tallyAnswer(db, 'submission', status);
  return status;
}

/** Remove stored pictures no row points at any more (never fails the caller's action). */
export async function dropImages(urls: (string | null | undefined)[]) {
  for (const url of urls) {
    const key = url ? STORED_IMAGE.exec(url)?.[1] : undefined;
    if (key) await deleteImage(key).catch((error) => console.error('[groups] image not deleted:', error));
  }
}

/** The group when the caller owns it or is an admin; otherwise the 404 of a missing group. */
async function ownGroup(db: Db | Tx, user: SessionUser, id: string, lock = false) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const query = db.select().from(groups).where(eq(groups.id, id));
  const [group] = lock ? await query.for('update') : await query;
  if (!group || (group.userId !== user.id && !user.admin)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return group;
}

export interface GroupEditForm {
  fields: Record<string, unknown>;
  image: File | null;
}

/** PATCH body: multipart (with an image) or urlencoded like /enviar's form, or JSON fields. */
export async function readGroupEdit(req: Request): Promise<GroupEditForm> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const { fields, image } = await readSubmission(req);
    return { fields, image };
  }
  if (!type.includes('application/json'))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie os dados como JSON ou multipart/form-data.');
  let data: unknown;
  try {
    data = JSON.parse(await readText(req, 64 * 1024));
  } catch {
    throw new AppError('BAD_REQUEST', MESSAGES.invalidJson);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    throw new AppError('BAD_REQUEST', MESSAGES.invalidInput);
  return { fields: data as Record<string, unknown>, image: null };
}

interface Content {
  title: string;
  description: string;
  categoryId: number;
}

function sameContent(a: Content, b: Content) {
  return a.title === b.title && a.description === b.description && a.categoryId === b.categoryId;
}

export type EditOutcome = 'updated' | 'revision' | 'unchanged';

/**
 * PATCH /api/user/groups/{id}. A new invite link (valid, not another group's, not dead) is applied at
 * once, and un-hides a group hidden for a dead link. Title, description, category and image of an
 * approved group become its one pending revision (replacing an earlier one; withdrawn when the edit
 * matches the public version); a never-approved group is updated directly.
 */
export async function editOwnGroup(
  db: Db,
  user: SessionUser,
  id: string,
  form: GroupEditForm,
  ip: string | null,
) {
  const group = await ownGroup(db, user, id);
  const input = parse(OwnerGroupEditSchema, form.fields);
  await consumeRateLimit(db, `group-edit:user:${user.id}`, EDIT_RATE_LIMIT, 3600, EDIT_TOO_MANY_MESSAGE);

  const invite = input.link === undefined ? null : normalizeInviteLink(input.link);
  const newInvite = invite && invite.code !== group.inviteCode ? invite : null;
  // Evidence of a notice or a court order: its invite link stays taken and its pictures stay.
  const evidence = (await evidenceGroups(db, [group.id])).size > 0;
  if (newInvite && evidence)
    throw new AppError('CONFLICT', HOLD_MESSAGES.evidenceLink, { link: HOLD_MESSAGES.evidenceLink });
  let newInviteStatus: 'live' | 'dead' | 'unknown' = 'unknown';
  if (newInvite) {
    await assertInviteFree(db, newInvite.code, { userId: user.id }, group.id);
    newInviteStatus = await inviteLinkStatus(db, newInvite.link);
    if (newInviteStatus === 'dead')
      throw new AppError('BAD_REQUEST', DEAD_LINK_MESSAGE, { link: DEAD_LINK_MESSAGE });
  }
  const categoryId =
    input.category === undefined ? undefined : (await submittedCategory(db, input.category)).id;

  const [pending] = await db
    .select()
    .from(groupRevisions)
    .where(and(eq(groupRevisions.groupId, group.id), eq(groupRevisions.status, 'pending')));
  // What the owner last asked for: the pending revision when there is one, else the group itself.
  const base: Content = pending ?? group;
  const wanted: Content = {
    title: input.title ?? base.title,
    description: input.description ?? base.description,
    categoryId: categoryId ?? base.categoryId,
  };
  // Tags (#43): left out, the ones last asked for; a change to an approved group's tags is moderated.
  const publicTags = await currentTagIds(db, group.id);
  const wantedTags =
    input.tags === undefined
      ? (pending?.tagIds ?? publicTags)
      : await chosenTagIds(db, input.tags, { adultGroup: await isAdultCategory(db, wanted.categoryId) });
  const tagsChanged = !sameTags(wantedTags, publicTags);
  const revisionTags = tagsChanged ? wantedTags : null;

  const prepared = form.image ? await prepareImage(form.image) : null;
  const newImage = prepared ? imageUrl(await saveImage(prepared)) : null;
  const obsolete: (string | null)[] = [];
  let outcome = (newInvite ? 'updated' : 'unchanged') as EditOutcome;
  try {
    await db.transaction(async (tx) => {
      const set: Partial<typeof groups.$inferInsert> = {};
      // Joins go to the new link at once (/entrar, #33); the group stays approved.
      if (newInvite) {
        Object.assign(set, linkChange(newInvite, newInviteStatus, new Date()));
        await liftHolds(tx, group.id, { reason: 'dead_link' }, { reason: NEW_LINK_LIFT, by: user });
      }
      if (!group.approved) {
        // Never public: the group itself is what the owner edits.
        if (tagsChanged) {
          await writeGroupTags(tx, group.id, wantedTags);
          outcome = 'updated';
        }
        if (!sameContent(wanted, group) || newImage) {
          Object.assign(set, wanted);
          if (wanted.title !== group.title || wanted.categoryId !== group.categoryId)
            set.titleSlug = await freeTitleSlug(tx, wanted.title, wanted.categoryId, group.id);
          if (newImage) {
            set.image = newImage;
            obsolete.push(group.image);
          }
          outcome = 'updated';
        }
        if (pending) {
          await tx.delete(groupRevisions).where(eq(groupRevisions.id, pending.id));
          obsolete.push(pending.image);
        }
      } else {
        const image = newImage ?? pending?.image ?? null;
        const changed = !sameContent(wanted, group) || image !== null || tagsChanged;
        if (!changed && pending) {
          // The owner went back to the public version: nothing left to review.
          await tx.delete(groupRevisions).where(eq(groupRevisions.id, pending.id));
          obsolete.push(pending.image);
        } else if (
          changed &&
          pending &&
          (!sameContent(wanted, pending) || newImage || !sameTags(revisionTags, pending.tagIds))
        ) {
          await tx
            .update(groupRevisions)
            .set({ ...wanted, image, tagIds: revisionTags, userId: user.id, createdAt: new Date() })
            .where(eq(groupRevisions.id, pending.id));
          if (newImage) obsolete.push(pending.image);
        } else if (changed && !pending) {
          await tx
            .insert(groupRevisions)
            .values({ groupId: group.id, userId: user.id, ...wanted, image, tagIds: revisionTags });
        }
        if (changed) outcome = 'revision';
      }
      if (Object.keys(set).length) await tx.update(groups).set(set).where(eq(groups.id, group.id));
      await recordAccess(tx, { userId: user.id, email: user.email, event: 'group_edit', ip });
    });
  } catch (error) {
    await dropImages([newImage]);
    if (isUniqueViolation(error)) throw inviteTakenError({ userId: user.id });
    throw error;
  }
  if (!evidence) await dropImages(obsolete);
  if (group.approved && newInvite)
    await requestRebuild(db, `link do grupo trocado pelo dono: ${group.id}`, { groups: [group.id] });
  return {
    outcome,
    message:
      outcome === 'revision'
        ? 'Alteração enviada para análise. A versão atual continua publicada até a aprovação.'
        : outcome === 'updated'
          ? 'Grupo atualizado com sucesso.'
          : 'Nenhuma alteração para salvar.',
  };
}

/**
 * DELETE /api/user/groups/{id}: the group leaves every list, page and the sitemap (a rebuild), its
 * invite code is free again. Its orders stay for the payments admin (group_id set null): pending ones
 * are cancelled and active featuring ends now.
 */
export async function deleteOwnGroup(db: Db, user: SessionUser, id: string) {
  const { group, revisionImages } = await db.transaction(async (tx) => {
    const group = await ownGroup(tx, user, id, true);
    // Evidence of a notice or a court order stays, pictures and all, whoever asks.
    if ((await evidenceGroups(tx, [group.id])).size)
      throw new AppError(
        'CONFLICT',
        user.admin ? HOLD_MESSAGES.evidenceDeleteAdmin : HOLD_MESSAGES.evidenceDelete,
      );
    await tx
      .update(featureOrders)
      .set({ status: 'cancelled' })
      .where(and(eq(featureOrders.groupId, group.id), inArray(featureOrders.status, ['pending', 'failed'])));
    await tx
      .update(featureOrders)
      .set({ status: 'expired', endDate: sql`now()` })
      .where(and(eq(featureOrders.groupId, group.id), eq(featureOrders.status, 'active')));
    const revisions = await tx
      .select({ image: groupRevisions.image })
      .from(groupRevisions)
      .where(eq(groupRevisions.groupId, group.id));
    await tx.delete(groups).where(eq(groups.id, group.id));
    return { group, revisionImages: revisions.map((r) => r.image) };
  });
  await dropImages([group.image, ...revisionImages]);
  if (group.approved)
    await requestRebuild(db, `grupo excluído pelo dono: ${group.id}`, { groups: [group.id] });
  return { success: true, message: 'Grupo excluído com sucesso' };
}

/**
 * The panel's extra facts about the owner's groups: the pending revision (what the owner asked for)
 * and the end of active paid featuring (the delete dialog warns that those days are lost).
 */
export async function ownGroupExtras(db: Db, groupIds: string[]) {
  if (!groupIds.length) return new Map<string, OwnGroupExtras>();
  const [revisions, paid, reviewed] = await Promise.all([
    db
      .select({
        groupId: groupRevisions.groupId,
        title: groupRevisions.title,
        description: groupRevisions.description,
        category: categories.name,
        image: groupRevisions.image,
        tagIds: groupRevisions.tagIds,
      })
      .from(groupRevisions)
      .innerJoin(categories, eq(categories.id, groupRevisions.categoryId))
      .where(and(inArray(groupRevisions.groupId, groupIds), eq(groupRevisions.status, 'pending'))),
    db
      .select({
        groupId: featureOrders.groupId,
        until: sql<string | Date | null>`max(${featureOrders.endDate})`,
      })
      .from(featureOrders)
      .where(
        and(
          inArray(featureOrders.groupId, groupIds),
          eq(featureOrders.status, 'active'),
          sql`${featureOrders.endDate} > now()`,
        ),
      )
      .groupBy(featureOrders.groupId),
    // Each group's last decided revision: when it was a refusal, the owner is shown why.
    db
      .selectDistinctOn([groupRevisions.groupId], {
        groupId: groupRevisions.groupId,
        status: groupRevisions.status,
        reason: groupRevisions.reason,
        reviewedAt: groupRevisions.reviewedAt,
      })
      .from(groupRevisions)
      .where(and(inArray(groupRevisions.groupId, groupIds), ne(groupRevisions.status, 'pending')))
      .orderBy(groupRevisions.groupId, desc(groupRevisions.reviewedAt), desc(groupRevisions.createdAt)),
  ]);
  const { currentTags, proposedTags } = await revisionTags(
    db,
    groupIds.map((groupId) => ({
      groupId,
      tagIds: revisions.find((r) => r.groupId === groupId)?.tagIds ?? null,
    })),
  );
  const extras = new Map<string, OwnGroupExtras>();
  for (const id of groupIds)
    extras.set(id, {
      revision: null,
      paidFeaturedUntil: null,
      rejectedRevision: null,
      tags: (currentTags.get(id) ?? []).map((tag) => tag.slug),
    });
  for (const { groupId, tagIds, ...revision } of revisions) {
    const extra = extras.get(groupId)!;
    extra.revision = revision;
    // The tags the owner last asked for: the pending revision's when it changes them.
    if (tagIds) extra.tags = tagIds.flatMap((id) => proposedTags.get(id)?.slug ?? []);
  }
  for (const { groupId, status, reason, reviewedAt } of reviewed) {
    const extra = extras.get(groupId)!;
    // A newer change waiting for review replaces the old refusal.
    if (status === 'rejected' && !extra.revision)
      extra.rejectedRevision = { reason: reason ?? '', reviewedAt: reviewedAt?.toISOString() ?? null };
  }
  for (const { groupId, until } of paid)
    if (groupId && until) extras.get(groupId)!.paidFeaturedUntil = new Date(until).toISOString();
  return extras;
}

export interface OwnGroupExtras {
  revision: { title: string; description: string; category: string; image: string | null } | null;
  paidFeaturedUntil: string | null;
  /** the owner's last change, refused: why and when (null when the last one was approved or is pending) */
  rejectedRevision: { reason: string; reviewedAt: string | null } | null;
  /** the tags' slugs as the owner last asked for them (the edit form's starting choice, #43) */
  tags: string[];
}

// ---- Admin review -------------------------------------------------------------------------------

/** GET /api/admin/group-revisions: pending revisions, oldest first, each with the public version beside it. */
export async function listPendingRevisions(db: Db, page: number, limit: number) {
  const where = eq(groupRevisions.status, 'pending');
  const [total] = await db.select({ n: count() }).from(groupRevisions).where(where);
  const proposedCategory = sql<string>`(select name from categories c where c.id = ${groupRevisions.categoryId})`;
  const rows = await db
    .select({
      id: groupRevisions.id,
      createdAt: groupRevisions.createdAt,
      groupId: groups.id,
      ownerEmail: users.email,
      current: {
        title: groups.title,
        description: groups.description,
        category: categories.name,
        image: groups.image,
        link: groups.link,
        categorySlug: categories.slug,
        titleSlug: groups.titleSlug,
      },
      tagIds: groupRevisions.tagIds,
      proposed: {
        title: groupRevisions.title,
        description: groupRevisions.description,
        category: proposedCategory,
        image: groupRevisions.image,
      },
    })
    .from(groupRevisions)
    .innerJoin(groups, eq(groups.id, groupRevisions.groupId))
    .innerJoin(categories, groupCategory)
    .leftJoin(users, eq(users.id, groupRevisions.userId))
    .where(where)
    .orderBy(groupRevisions.createdAt, groupRevisions.id)
    .limit(limit)
    .offset((page - 1) * limit);
  const n = total?.n ?? 0;
  const { currentTags, proposedTags } = await revisionTags(db, rows);
  return {
    revisions: rows.map(({ current: { categorySlug, titleSlug, ...current }, proposed, tagIds, ...row }) => {
      const tagsNow = currentTags.get(row.groupId) ?? [];
      const tagsAsked = tagIds ? tagIds.flatMap((id) => proposedTags.get(id) ?? []) : tagsNow;
      return {
        ...row,
        createdAt: row.createdAt.toISOString(),
        current: { ...current, tags: tagsNow, path: groupPath({ categorySlug, titleSlug }) },
        proposed: { ...proposed, tags: tagsAsked, image: proposed.image ?? current.image },
        changed: {
          title: proposed.title !== current.title,
          description: proposed.description !== current.description,
          category: proposed.category !== current.category,
          image: proposed.image !== null && proposed.image !== current.image,
          tags: tagIds !== null,
        },
      };
    }),
    pagination: { total: n, pages: Math.max(1, Math.ceil(n / limit)), page, limit },
  };
}

/** The public tags of the revisions' groups and the names of the tags they ask for. */
async function revisionTags(db: Db, rows: { groupId: string; tagIds: number[] | null }[]) {
  const [currentTags, proposedTags] = await Promise.all([
    groupTagsOf(
      db,
      rows.map((row) => row.groupId),
    ),
    tagNamesById(
      db,
      rows.flatMap((row) => row.tagIds ?? []),
    ),
  ]);
  return { currentTags, proposedTags };
}

async function lockPendingRevision(tx: Tx, id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', REVISION_NOT_FOUND_MESSAGE);
  const [revision] = await tx.select().from(groupRevisions).where(eq(groupRevisions.id, id)).for('update');
  if (!revision) throw new AppError('NOT_FOUND', REVISION_NOT_FOUND_MESSAGE);
  if (revision.status !== 'pending') throw new AppError('CONFLICT', REVISION_REVIEWED_MESSAGE);
  return revision;
}

/**
 * Approve a revision: its content becomes the group's in one transaction (a new title or category
 * moves the page and keeps the old address as a redirect), then a rebuild is requested.
 */
export async function approveRevision(db: Db, admin: SessionUser, id: string) {
  const { groupId, oldImage } = await db.transaction(async (tx) => {
    const revision = await lockPendingRevision(tx, id);
    const [group] = await tx.select().from(groups).where(eq(groups.id, revision.groupId)).for('update');
    if (!group) throw new AppError('NOT_FOUND', REVISION_NOT_FOUND_MESSAGE);
    const set: Partial<typeof groups.$inferInsert> = {
      title: revision.title,
      description: revision.description,
      categoryId: revision.categoryId,
    };
    if (revision.title !== group.title || revision.categoryId !== group.categoryId) {
      set.titleSlug = await freeTitleSlug(tx, revision.title, revision.categoryId, group.id);
      await keepFormerAddress(tx, group.id, group, {
        categoryId: revision.categoryId,
        titleSlug: set.titleSlug,
      });
    }
    if (revision.image) set.image = revision.image;
    await tx.update(groups).set(set).where(eq(groups.id, group.id));
    // Tags asked for: a tag merged since means the one it went into; a hidden one is left out.
    if (revision.tagIds) await writeGroupTags(tx, group.id, await liveTagIds(tx, revision.tagIds));
    await tx
      .update(groupRevisions)
      .set({ status: 'approved', reviewedAt: new Date(), reviewedBy: admin.id })
      .where(eq(groupRevisions.id, revision.id));
    return {
      groupId: group.id,
      oldImage: revision.image && revision.image !== group.image ? group.image : null,
    };
  });
  await dropImages([oldImage]);
  await requestRebuild(db, `alteração aprovada: ${groupId}`, { groups: [groupId] });
  return { success: true, message: 'Alteração aprovada. As páginas serão atualizadas em instantes.' };
}

/** Reject a revision with a reason; the public version stays as it is. */
export async function rejectRevision(db: Db, admin: SessionUser, id: string, reason: string) {
  const image = await db.transaction(async (tx) => {
    const revision = await lockPendingRevision(tx, id);
    await tx
      .update(groupRevisions)
      .set({ status: 'rejected', reason, reviewedAt: new Date(), reviewedBy: admin.id })
      .where(eq(groupRevisions.id, revision.id));
    return revision.image;
  });
  await dropImages([image]);
  return { success: true, message: 'Alteração recusada.' };
}
