// The admin's holds on one group (the group's dialog): see every active one with its reason, source and
// age; place an admin's hide or a court order; lift those two, one hold at a time. The other holds are
// lifted only by their own decision (a notice's 'Manter', the reports queue, a live link).
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#db/client.ts';
import { groupHolds, groups } from '#db/schema.ts';
import { queueGroupHidden } from '#src/features/mail/notify.server.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND } from '#src/lib/ids.ts';
import type { LiftHoldSchema, PlaceHoldSchema } from './holds.schema.ts';
import { activeHolds, type HoldActor, liftedHolds, liftHolds, placeHold } from './holds.server.ts';
import { ADMIN_HOLD_REASONS, HOLD_MESSAGES } from './holds.ts';

/** GET /api/admin/groups/{id}/holds: the group's active holds, oldest first, and the lifted ones. */
export async function listGroupHolds(db: Db, groupId: string) {
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId));
  if (!group) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return { holds: await activeHolds(db, [groupId]), lifted: await liftedHolds(db, groupId) };
}

/** What the owner's e-mail says for an admin's hold. */
function ownerReason(input: z.output<typeof PlaceHoldSchema>): string {
  return input.reason === 'court_order'
    ? `O grupo foi retirado do ar por ordem judicial (${input.note}).`
    : `A equipe ocultou o grupo: ${input.note}`;
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
    const change = await placeHold(tx, groupId, { reason: input.reason, note: input.note, by: admin });
    // The owner is told why the group left the site (and can contest it), once.
    return change.leftSite ? queueGroupHidden(tx, groupId, ownerReason(input)) : undefined;
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
