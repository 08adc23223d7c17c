// The admin's holds on one group (the group's dialog): see every active one with its reason, source and
// age; place an admin's hide or a court order; lift those two, one hold at a time. The other holds are
// lifted only by their own decision (a notice's 'Manter', the reports queue, a live link).
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '#db/client.ts';
import { groupHolds, groups, holdAppeals } from '#db/schema.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { recordTransparencyEvent } from '#src/features/transparency/ledger.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND } from '#src/lib/ids.ts';
import type { LiftHoldSchema, PlaceHoldSchema } from './holds.schema.ts';
import {
  activeHolds,
  evidenceGroups,
  type HoldActor,
  hasActiveHold,
  liftedHolds,
  liftHolds,
  placeHold,
} from './holds.server.ts';
import { ADMIN_HOLD_REASONS, HOLD_MESSAGES } from './holds.ts';

/** The appeals against these holds, oldest first: each hold's trail of contests and their outcomes. */
async function appealsOf(db: Db, holdIds: string[]) {
  if (!holdIds.length) return [];
  return db
    .select({
      holdId: holdAppeals.holdId,
      status: holdAppeals.status,
      createdAt: holdAppeals.createdAt,
      decidedAt: holdAppeals.decidedAt,
      decidedBy: holdAppeals.decidedByEmail,
      decisionReason: holdAppeals.decisionReason,
    })
    .from(holdAppeals)
    .where(inArray(holdAppeals.holdId, holdIds))
    .orderBy(asc(holdAppeals.createdAt));
}

/**
 * GET /api/admin/groups/{id}/holds: the group's active holds, oldest first, and the lifted ones, each
 * with its appeals (when, the outcome, who decided and why).
 */
export async function listGroupHolds(db: Db, groupId: string) {
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId));
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const holds = await activeHolds(db, [groupId]);
  const lifted = await liftedHolds(db, groupId);
  const appeals = await appealsOf(
    db,
    [...holds, ...lifted].map((h) => h.id),
  );
  const withAppeals = <H extends { id: string }>(h: H) => ({
    ...h,
    appeals: appeals
      .filter((a) => a.holdId === h.id)
      .map(({ holdId: _, ...a }) => ({
        ...a,
        createdAt: a.createdAt.toISOString(),
        decidedAt: a.decidedAt?.toISOString() ?? null,
      })),
  });
  return { holds: holds.map(withAppeals), lifted: lifted.map(withAppeals) };
}

/** POST /api/admin/groups/{id}/holds: an admin's hide or a court order (with its reference). */
export async function placeAdminHold(
  db: Db,
  groupId: string,
  input: z.output<typeof PlaceHoldSchema>,
  admin: HoldActor,
) {
  const mailId = await db.transaction(async (tx) => {
    const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId));
    if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
    // The owner is told why (the note) and can contest it: placeHold writes the e-mail.
    return (await placeHold(tx, groupId, { reason: input.reason, note: input.note, by: admin })).mailId;
  });
  await requestRebuild(db, `retenção colocada (${input.reason}): ${groupId}`, { groups: [groupId] });
  await deliverMail(db, [mailId]);
  return listGroupHolds(db, groupId);
}

/** POST /api/admin/groups/{id}/holds/{holdId}/lift: lift one admin hide or court order, with the why. */
export async function liftAdminHold(
  db: Db,
  groupId: string,
  holdId: string,
  input: z.output<typeof LiftHoldSchema>,
  admin: HoldActor,
) {
  await db.transaction(async (tx) => {
    const [hold] = await tx
      .select({ reason: groupHolds.reason })
      .from(groupHolds)
      .where(and(eq(groupHolds.id, holdId), eq(groupHolds.groupId, groupId), isNull(groupHolds.liftedAt)));
    if (!hold) throw new AppError('NOT_FOUND', HOLD_MESSAGES.holdNotFound);
    if (!(ADMIN_HOLD_REASONS as readonly string[]).includes(hold.reason))
      throw new AppError('CONFLICT', HOLD_MESSAGES.notLiftableHere);
    await liftHolds(tx, groupId, { holdId }, { reason: input.reason, by: admin });
  });
  await requestRebuild(db, `retenção liberada: ${groupId}`, { groups: [groupId] });
  return listGroupHolds(db, groupId);
}

/**
 * An admin's 'Excluir' of a group (the group's dialog, the reports queue), inside `tx`. An approved group
 * with an owner is removed, not deleted: a 'removed' hold takes it off the site for good and its owner is
 * e-mailed the reason with 'Contestar' (due process, #41); a restored appeal brings it back. A second
 * 'Excluir' of a removed group with no appeal in analysis deletes it, as does the first of a group with
 * no owner to tell (imported, seeded) or one still pending (the caller's rejection). Evidence (a pending
 * or upheld notice, a court order) may be removed but never deleted.
 */
export async function removeGroup(
  tx: Tx,
  groupId: string,
  removal: { by: HoldActor; note?: string | null; tell?: string; source: 'admin' | 'reports' },
): Promise<{ outcome: 'removed' | 'deleted'; mailId?: number }> {
  const [group] = await tx
    .select({ approved: groups.approved, userId: groups.userId })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('update');
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const removed = await hasActiveHold(tx, groupId, { reason: 'removed' });
  // A removal keeps the group (evidence included); only a deletion needs it to be no evidence.
  if (group.approved && group.userId && !removed) {
    const hold = await placeHold(tx, groupId, {
      reason: 'removed',
      note: removal.note,
      by: removal.by,
      tell: removal.tell,
    });
    return { outcome: 'removed', mailId: hold.mailId };
  }
  if (removed) {
    const [open] = await tx
      .select({ id: holdAppeals.id })
      .from(holdAppeals)
      .where(and(eq(holdAppeals.groupId, groupId), eq(holdAppeals.status, 'open')))
      .limit(1);
    if (open) throw new AppError('CONFLICT', HOLD_MESSAGES.removalAppealOpen);
  }
  if ((await evidenceGroups(tx, [groupId])).size)
    throw new AppError('CONFLICT', HOLD_MESSAGES.evidenceDeleteAdmin);
  // A public group deleted at once is a removal of its own in the report (a removed one was counted then).
  if (group.approved && !removed)
    await recordTransparencyEvent(tx, { kind: 'group_deleted', detail: removal.source });
  await tx.delete(groups).where(eq(groups.id, groupId));
  return { outcome: 'deleted' };
}
