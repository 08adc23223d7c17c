// The scheduled end of featuring (functions/expire-features.ts).
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { featureOrders, groups } from '#db/schema.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';

/**
 * The scheduled expiry: active orders past their end become expired and groups whose featuring
 * ended are no longer featured. A featuring a hold paused (featuring_paused_at) never runs out: its
 * days wait for the group (resumeFeaturing moves its ends). A rebuild is requested when anything changed.
 */
export async function expireFeatures(db: Db, now: Date = new Date()) {
  const { orders, featured } = await db.transaction(async (tx) => {
    const orders = await tx
      .update(featureOrders)
      .set({ status: 'expired' })
      .where(
        and(
          eq(featureOrders.status, 'active'),
          lte(featureOrders.endDate, now),
          sql`not exists (select 1 from ${groups} g where g.id = ${featureOrders.groupId} and g.featuring_paused_at is not null)`,
        ),
      )
      .returning({ id: featureOrders.id });
    const featured = await tx
      .update(groups)
      .set({ featured: false, featuredUntil: null })
      .where(and(eq(groups.featured, true), lte(groups.featuredUntil, now), isNull(groups.featuringPausedAt)))
      .returning({ id: groups.id });
    return { orders: orders.length, featured: featured.map((g) => g.id) };
  });
  if (orders || featured.length) await requestRebuild(db, 'featuring expired', { groups: featured });
  return { expiredOrders: orders, unfeaturedGroups: featured.length };
}
