// The scheduled end of featuring (functions/expire-features.ts).
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { featureOrders, groups } from '#db/schema.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';

/**
 * The scheduled expiry: active orders past their end become expired and groups whose featuring
 * ended are no longer featured. A rebuild is requested when anything changed.
 */
export async function expireFeatures(db: Db, now: Date = new Date()) {
  const { orders, featured } = await db.transaction(async (tx) => {
    const orders = await tx
      .update(featureOrders)
      .set({ status: 'expired' })
      .where(and(eq(featureOrders.status, 'active'), lte(featureOrders.endDate, now)))
      .returning({ id: featureOrders.id });
    const featured = await tx
      .update(groups)
      .set({ featured: false, featuredUntil: null })
      .where(and(eq(groups.featured, true), lte(groups.featuredUntil, now)))
      .returning({ id: groups.id });
    return { orders: orders.length, featured: featured.map((g) => g.id) };
  });
  if (orders || featured.length) await requestRebuild(db, 'featuring expired', { groups: featured });
  return { expiredOrders: orders, unfeaturedGroups: featured.length };
}
