// Holds (#40): each reason a group is off the public site is its own row (group_holds) with the record
// that placed it, who and when; it is lifted only by its own decision, and the lift stays in the row.
// groups.hidden_at ("has an active hold", the lists' indexed filter) and hidden_reason (the strongest
// active reason) are kept here, in the caller's transaction, and nowhere else.
// Told and able to contest (#41): every hold placed on an approved group (a dead link aside, which has
// its own message) writes the owner's e-mail with the reason and 'Contestar' here, so no path forgets
// it; each placement and lift is a fact of the transparency report; a group that goes off the site
// pauses its paid featuring and the last lift resumes it; a removal refunds the unused days pro rata.
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { groupHolds, groups, HOLD_REASONS, type HoldReason, legalNotices } from '#db/schema.ts';
import { isHeldRow, isListedRow } from '#db/visibility.ts';
import { queueGroupHidden } from '#src/features/mail/notify.server.ts';
import { pauseFeaturing, resumeFeaturing } from '#src/features/payments/featuring.server.ts';
import { refundUnusedDays } from '#src/features/payments/refunds.server.ts';
import { recordTransparencyEvent } from '#src/features/transparency/ledger.server.ts';
import { CONTESTABLE_REASONS, ownerReason } from './holds.ts';

/** Who placed or lifted a hold; none: the system (reports, link checks, an automatic notice hide). */
export interface HoldActor {
  id: string;
  email?: string | null;
}

/** What a placement or a lift did to the group as the public sees it. */
export interface HoldChange {
  /** a hold row was added or lifted */
  changed: boolean;
  /** the group was listed and is not any more (its pages must go) */
  leftSite: boolean;
  /** the group was not listed and is now (its pages come back) */
  cameBack: boolean;
  /** the group has at least one active hold after the change */
  held: boolean;
  /** the owner's e-mail written by a placement (send it after the transaction with deliverMail) */
  mailId?: number;
}

/** Which active holds a lift matches: all of a reason, one notice's, or one row. */
export type HoldMatch = { reason: HoldReason; noticeId?: string } | { holdId: string };

const NO_CHANGE = { changed: false, leftSite: false, cameBack: false } as const;

type GroupState = { approved: boolean; hiddenAt: Date | null; hiddenReason: HoldReason | null };

/**
 * Lock the group's row before touching its holds: the hold's foreign key takes a share lock on it, so
 * two transactions that inserted first and locked after would deadlock each other.
 */
async function lockGroup(tx: Tx, groupId: string): Promise<GroupState | null> {
  const [row] = await tx
    .select({ approved: groups.approved, hiddenAt: groups.hiddenAt, hiddenReason: groups.hiddenReason })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('update');
  return row ?? null;
}

/**
 * Recompute groups.hidden_at/hidden_reason from the group's active holds (its row locked, `before`).
 * hidden_at is the earliest active hold's time, hidden_reason the strongest active reason. The first
 * hold pauses a paid featuring, the last lift (at `at`) resumes it.
 */
async function syncHidden(tx: Tx, groupId: string, before: GroupState, at: Date) {
  const active = await tx
    .select({ reason: groupHolds.reason, placedAt: groupHolds.placedAt })
    .from(groupHolds)
    .where(and(eq(groupHolds.groupId, groupId), isNull(groupHolds.liftedAt)))
    .orderBy(asc(groupHolds.placedAt));
  const hiddenAt = active[0]?.placedAt ?? null;
  const hiddenReason = HOLD_REASONS.find((r) => active.some((h) => h.reason === r)) ?? null;
  if (before.hiddenAt?.getTime() !== hiddenAt?.getTime() || before.hiddenReason !== hiddenReason)
    await tx.update(groups).set({ hiddenAt, hiddenReason }).where(eq(groups.id, groupId));
  if (!isHeldRow(before) && hiddenAt) await pauseFeaturing(tx, groupId, hiddenAt);
  if (isHeldRow(before) && !hiddenAt) await resumeFeaturing(tx, groupId, at);
  const wasListed = isListedRow(before);
  const isListed = isListedRow({ approved: before.approved, hiddenAt });
  return { leftSite: wasListed && !isListed, cameBack: !wasListed && isListed, held: hiddenAt !== null };
}

export interface HoldPlacement {
  reason: HoldReason;
  noticeId?: string | null;
  /** what the admin wrote: a court order's reference, an admin's or a removal's reason */
  note?: string | null;
  by?: HoldActor;
  at?: Date;
  /**
   * What the owner's e-mail gives as the reason (plain pt-BR, never who notified); by default the
   * reason's own wording (ownerReason). false: the caller writes its own message with 'Contestar'.
   */
  tell?: string | false;
}

/**
 * Place a hold on a group inside `tx` (a second one of the same reason and source is a no-op). An approved
 * group's owner is e-mailed the reason and 'Contestar' (`mailId`). Callers ask for the rebuild
 * (requestRebuild) after the transaction when `leftSite`, and send the mail.
 */
export async function placeHold(tx: Tx, groupId: string, hold: HoldPlacement): Promise<HoldChange> {
  const before = await lockGroup(tx, groupId);
  if (!before) return { ...NO_CHANGE, held: false };
  const inserted = await tx
    .insert(groupHolds)
    .values({
      groupId,
      reason: hold.reason,
      noticeId: hold.noticeId ?? null,
      note: hold.note ?? null,
      placedBy: hold.by?.id ?? null,
      placedByEmail: hold.by?.email ?? null,
      ...(hold.at ? { placedAt: hold.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: groupHolds.id, placedAt: groupHolds.placedAt });
  const placed = inserted[0];
  if (!placed) return { ...(await syncHidden(tx, groupId, before, new Date())), changed: false };
  await recordTransparencyEvent(tx, {
    kind: 'hold_placed',
    detail: hold.reason,
    automatic: !hold.by,
    at: placed.placedAt,
  });
  const tells =
    before.approved &&
    hold.tell !== false &&
    (CONTESTABLE_REASONS as readonly string[]).includes(hold.reason);
  const mailId = tells
    ? await queueGroupHidden(
        tx,
        groupId,
        hold.tell || ownerReason(hold.reason, hold.note),
        hold.reason === 'removed',
      )
    : undefined;
  const change = await syncHidden(tx, groupId, before, placed.placedAt);
  // A removal gives back the unused paid days pro rata (the scheduler asks the provider, #41).
  if (hold.reason === 'removed') await refundUnusedDays(tx, groupId, placed.placedAt);
  return { ...change, changed: true, mailId };
}

function matchCondition(match: HoldMatch): SQL {
  if ('holdId' in match) return eq(groupHolds.id, match.holdId);
  return and(
    eq(groupHolds.reason, match.reason),
    match.noticeId ? eq(groupHolds.noticeId, match.noticeId) : undefined,
  )!;
}

/**
 * Lift the group's active holds that `match` names, inside `tx`; the others stand. The lift (who, when,
 * why) stays on the row. `upheld`: the decision behind the hold stands in another form (the reports'
 * hold becomes an admin's), so the transparency report does not count the lift as a reversal. Callers
 * ask for the rebuild after the transaction when `cameBack`.
 */
export async function liftHolds(
  tx: Tx,
  groupId: string,
  match: HoldMatch,
  lift: { reason: string; by?: HoldActor; at?: Date; upheld?: boolean },
): Promise<HoldChange> {
  const before = await lockGroup(tx, groupId);
  if (!before) return { ...NO_CHANGE, held: false };
  const at = lift.at ?? new Date();
  const lifted = await tx
    .update(groupHolds)
    .set({
      liftedAt: at,
      liftedBy: lift.by?.id ?? null,
      liftedByEmail: lift.by?.email ?? null,
      liftReason: lift.reason,
    })
    .where(and(eq(groupHolds.groupId, groupId), isNull(groupHolds.liftedAt), matchCondition(match)))
    .returning({ reason: groupHolds.reason, placedBy: groupHolds.placedBy, noticeId: groupHolds.noticeId });
  if (!lifted.length) return { ...NO_CHANGE, held: isHeldRow(before) };
  for (const hold of lifted)
    await recordTransparencyEvent(tx, {
      kind: 'hold_lifted',
      detail: hold.reason,
      // placed by the system: reports, a notice's automatic hide (a notice's hold an admin placed on removal has placedBy)
      automatic: hold.placedBy === null,
      reversed: !lift.upheld,
      at,
    });
  return { ...(await syncHidden(tx, groupId, before, at)), changed: true };
}

/** Whether the group has an active hold of this reason (and source). */
export async function hasActiveHold(
  db: Db | Tx,
  groupId: string,
  match: { reason: HoldReason; noticeId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: groupHolds.id })
    .from(groupHolds)
    .where(and(eq(groupHolds.groupId, groupId), isNull(groupHolds.liftedAt), matchCondition(match)))
    .limit(1);
  return Boolean(row);
}

/** One hold as the admin screens show it. */
export interface HoldView {
  id: string;
  groupId: string;
  reason: HoldReason;
  noticeId: string | null;
  noticeProtocol: string | null;
  note: string | null;
  placedBy: string | null;
  placedAt: string;
}

/** The active holds of these groups, oldest first, with the notice's protocol when a notice placed one. */
export async function activeHolds(db: Db | Tx, groupIds: string[]): Promise<HoldView[]> {
  if (!groupIds.length) return [];
  const rows = await db
    .select({
      id: groupHolds.id,
      groupId: groupHolds.groupId,
      reason: groupHolds.reason,
      noticeId: groupHolds.noticeId,
      noticeProtocol: legalNotices.protocol,
      note: groupHolds.note,
      placedBy: groupHolds.placedByEmail,
      placedAt: groupHolds.placedAt,
    })
    .from(groupHolds)
    .leftJoin(legalNotices, eq(legalNotices.id, groupHolds.noticeId))
    .where(and(inArray(groupHolds.groupId, groupIds), isNull(groupHolds.liftedAt)))
    .orderBy(asc(groupHolds.placedAt));
  return rows.map((r) => ({ ...r, placedAt: r.placedAt.toISOString() }));
}

/** A group's lifted holds, newest lift first (the trail the dialog shows under the active ones). */
export async function liftedHolds(db: Db | Tx, groupId: string, limit = 20) {
  const rows = await db
    .select({
      id: groupHolds.id,
      reason: groupHolds.reason,
      noticeProtocol: legalNotices.protocol,
      note: groupHolds.note,
      placedBy: groupHolds.placedByEmail,
      placedAt: groupHolds.placedAt,
      liftedAt: groupHolds.liftedAt,
      liftedBy: groupHolds.liftedByEmail,
      liftReason: groupHolds.liftReason,
    })
    .from(groupHolds)
    .leftJoin(legalNotices, eq(legalNotices.id, groupHolds.noticeId))
    .where(and(eq(groupHolds.groupId, groupId), isNotNull(groupHolds.liftedAt)))
    .orderBy(desc(groupHolds.liftedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, placedAt: r.placedAt.toISOString(), liftedAt: r.liftedAt!.toISOString() }));
}

/**
 * The groups among these that are evidence: a legal notice pending or upheld, or an active court order.
 * They cannot be deleted by their owner, survive account deletion and keep their invite code taken.
 */
export async function evidenceGroups(db: Db | Tx, groupIds: string[]): Promise<Set<string>> {
  if (!groupIds.length) return new Set();
  const notices = await db
    .select({ groupId: legalNotices.groupId })
    .from(legalNotices)
    .where(
      and(
        inArray(legalNotices.groupId, groupIds),
        or(eq(legalNotices.status, 'pending'), eq(legalNotices.status, 'removed')),
      ),
    );
  const orders = await db
    .select({ groupId: groupHolds.groupId })
    .from(groupHolds)
    .where(
      and(
        inArray(groupHolds.groupId, groupIds),
        eq(groupHolds.reason, 'court_order'),
        isNull(groupHolds.liftedAt),
      ),
    );
  return new Set([...notices, ...orders].map((r) => r.groupId).filter((id): id is string => id !== null));
}

/** Groups whose strongest active hold is this reason (groups.hidden_reason; 'Links quebrados' reads it). */
export function heldFor(reason: HoldReason): SQL {
  return eq(groups.hiddenReason, reason);
}

/** SQL: the group is not evidence (no pending or upheld notice, no active court order); see evidenceGroups. */
export const notEvidenceGroup: SQL = sql`not exists (select 1 from ${legalNotices} where ${legalNotices.groupId} = ${groups.id} and ${legalNotices.status} in ('pending', 'removed'))
  and not exists (select 1 from ${groupHolds} where ${groupHolds.groupId} = ${groups.id} and ${groupHolds.reason} = 'court_order' and ${groupHolds.liftedAt} is null)`;
