// The user's panel data: only the caller's own groups and feature orders, never anyone else's.

import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { orderGroup, orderPlan } from '#db/joins.ts';
import {
  categories,
  featureOrders,
  featurePlans,
  groupReports,
  groups,
  orderRefunds,
  type ReportReason,
} from '#db/schema.ts';
import { isHeldRow } from '#db/visibility.ts';
import { groupsThatCanAppeal, latestAppeals } from '#src/features/appeals/appeals.server.ts';
import { groupColumns, groupsWithCategory, toGroupJson } from '#src/features/groups/groups.server.ts';
import { activeHolds } from '#src/features/holds/holds.server.ts';
import { featuringDaysLeft, withdrawableUntil } from '#src/features/payments/payments.ts';
import { ownGroupExtras } from '#src/features/submission/group-edits.server.ts';
import { nextBumpAt } from './engage.ts';

/**
 * The user's groups, newest first, including pending and hidden ones. A hidden group says why
 * (`hiddenReason`) and, when reports hid it, which reasons they gave (most frequent first): never who
 * reported nor what they wrote. With the pending revision and the paid featuring end.
 */
export async function listUserGroups(db: Db, userId: string) {
  const rows = await db
    .select({
      ...groupColumns,
      hiddenAt: groups.hiddenAt,
      hiddenReason: groups.hiddenReason,
      featuringPausedAt: groups.featuringPausedAt,
      bumpedAt: groups.bumpedAt,
      linkCheckDueAt: groups.linkCheckDueAt,
      renewedAt: groups.renewedAt,
    })
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(eq(groups.userId, userId))
    .orderBy(desc(groups.createdAt), desc(groups.id));
  const hiddenByReports = rows
    .filter((r) => isHeldRow(r) && (r.hiddenReason === 'reports' || r.hiddenReason === 'admin'))
    .map((r) => r.id);
  // The reports behind the hide: still pending, or reviewed by an admin who hid the group.
  const reasons = hiddenByReports.length
    ? await db
        .select({ groupId: groupReports.groupId, reason: groupReports.reason })
        .from(groupReports)
        .where(
          and(
            inArray(groupReports.groupId, hiddenByReports),
            or(eq(groupReports.status, 'pending'), eq(groupReports.actionTaken, 'hidden')),
          ),
        )
    : [];
  // Told why and able to contest (#41): the admin's note (an admin's reason, a court order's number),
  // whether a hold can be contested now, and the latest appeal's outcome.
  const heldIds = rows.filter(isHeldRow).map((r) => r.id);
  const holds = await activeHolds(db, heldIds);
  const canAppeal = await groupsThatCanAppeal(db, heldIds);
  const appeals = await latestAppeals(db, heldIds);
  const extras = await ownGroupExtras(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const counts = new Map<ReportReason, number>();
    for (const r of reasons) if (r.groupId === row.id) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
    return {
      ...toGroupJson(row),
      hidden: isHeldRow(row),
      hiddenReason: isHeldRow(row) ? row.hiddenReason : null,
      reportReasons: [...counts].sort((a, b) => b[1] - a[1]).map(([reason]) => reason),
      /** what the admin wrote on the strongest hold (an admin's reason, a court order's number) */
      holdNote:
        holds.find((h) => h.groupId === row.id && h.reason === row.hiddenReason && isHeldRow(row))?.note ??
        null,
      canAppeal: canAppeal.has(row.id),
      appeal: appeals.get(row.id) ?? null,
      /** a hold paused the paid featuring: its days resume when the group is back (#41) */
      featuringPaused: row.featuringPausedAt !== null,
      /** the listing time: the approval or the last 'Renovar' ('Últimos Grupos' orders by it) */
      listedAt: row.bumpedAt.toISOString(),
      /** when the free bump ('Renovar') opens again */
      nextBumpAt: nextBumpAt(row.bumpedAt).toISOString(),
      /** when the link checker looks at the link next (a past time: it is in the queue now) */
      linkCheckDueAt: row.linkCheckDueAt?.toISOString() ?? null,
      renewed: row.renewedAt !== null,
      ...extras.get(row.id)!,
    };
  });
}

/** The user's feature orders with plan and group, and the days left on active ones. */
export async function listUserFeatureOrders(db: Db, userId: string, now: Date = new Date()) {
  const rows = await db
    .select({
      id: featureOrders.id,
      number: featureOrders.number,
      groupId: featureOrders.groupId,
      groupTitle: groups.title,
      planName: featurePlans.name,
      days: featureOrders.days,
      price: featureOrders.price,
      status: featureOrders.status,
      orderDate: featureOrders.orderDate,
      startDate: featureOrders.startDate,
      endDate: featureOrders.endDate,
      pausedAt: groups.featuringPausedAt,
      refundStatus: orderRefunds.status,
    })
    .from(featureOrders)
    .innerJoin(groups, orderGroup)
    .innerJoin(featurePlans, orderPlan)
    .leftJoin(orderRefunds, eq(orderRefunds.orderId, featureOrders.id))
    .where(eq(featureOrders.userId, userId))
    .orderBy(desc(featureOrders.orderDate), desc(featureOrders.id));
  return rows.map(({ pausedAt, ...row }) => ({
    ...row,
    orderDate: row.orderDate.toISOString(),
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    // Paused by a hold (#41): the days left are those at the pause, and they wait for the group.
    paused: row.status === 'active' && pausedAt !== null,
    daysRemaining:
      row.status === 'active' && row.endDate ? featuringDaysLeft(row.endDate, pausedAt, now) : null,
    // 'Desistir da compra' shows while this is set (7 days after payment, CDC art. 49)
    withdrawableUntil: withdrawableUntil(row, now)?.toISOString() ?? null,
  }));
}
