// The user's panel data: only the caller's own groups and feature orders, never anyone else's.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { categories, featureOrders, featurePlans, groups } from '#db/schema.ts';
import { groupColumns, groupsWithCategory, toGroupJson } from '#src/features/groups/groups.server.ts';

/** The user's groups, newest first, including pending and hidden ones (flagged). */
export async function listUserGroups(db: Db, userId: string) {
  const rows = await db
    .select({ ...groupColumns, hiddenAt: groups.hiddenAt, hiddenReason: groups.hiddenReason })
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(eq(groups.userId, userId))
    .orderBy(desc(groups.createdAt), desc(groups.id));
  return rows.map(({ hiddenAt, hiddenReason, ...row }) => ({
    ...toGroupJson(row),
    hidden: hiddenAt !== null,
    /** 'dead_link': the link checks hid it, the panel offers 'Atualizar link' */
    hiddenReason: hiddenAt !== null ? hiddenReason : null,
  }));
}

/** The user's feature orders with plan and group, and the days left on active ones. */
export async function listUserFeatureOrders(db: Db, userId: string, now: Date = new Date()) {
  const rows = await db
    .select({
      id: featureOrders.id,
      groupId: featureOrders.groupId,
      groupTitle: groups.title,
      planName: featurePlans.name,
      days: featureOrders.days,
      price: featureOrders.price,
      status: featureOrders.status,
      orderDate: featureOrders.orderDate,
      startDate: featureOrders.startDate,
      endDate: featureOrders.endDate,
    })
    .from(featureOrders)
    .innerJoin(groups, eq(groups.id, featureOrders.groupId))
    .innerJoin(featurePlans, eq(featurePlans.id, featureOrders.planId))
    .where(eq(featureOrders.userId, userId))
    .orderBy(desc(featureOrders.orderDate), desc(featureOrders.id));
  return rows.map((row) => ({
    ...row,
    orderDate: row.orderDate.toISOString(),
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    daysRemaining:
      row.status === 'active' && row.endDate
        ? Math.max(0, Math.ceil((row.endDate.getTime() - now.getTime()) / 86_400_000))
        : null,
  }));
}
