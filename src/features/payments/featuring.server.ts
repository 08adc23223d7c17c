// Featuring a group for some days, the one write every path shares (payment settlement, renewals,
// admin approval of an order, the admin's feature actions): the group row is locked and its new end
// comes from extendFeaturedEnd, so concurrent featurings add up instead of overwriting each other. The
// admin's 'Desfazer' takes exactly those days back (retractFeaturing). A hold pauses a featuring and the
// last lift resumes it (pauseFeaturing/resumeFeaturing, called by the holds module in its transaction;
// the rule is featuringPauseShift in payments.ts).
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { featureOrders, groups } from '#db/schema.ts';
import { extendFeaturedEnd, featuringPauseShift, retractFeaturedEnd } from './payments.ts';

/**
 * Inside a transaction: feature the group `days` more (extendFeaturedEnd) and return its new end, or
 * null when there is no such group. `extra` columns are written in the same update.
 */
export async function extendFeaturing(
  tx: Tx,
  groupId: string,
  days: number,
  now: Date = new Date(),
  extra: Partial<typeof groups.$inferInsert> = {},
): Promise<Date | null> {
  const [current] = await tx
    .select({
      featured: groups.featured,
      featuredUntil: groups.featuredUntil,
      featuringPausedAt: groups.featuringPausedAt,
    })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('update');
  if (!current) return null;
  const until = extendFeaturedEnd(current, days, now);
  await tx
    .update(groups)
    .set({ ...extra, featured: true, featuredUntil: until })
    .where(eq(groups.id, groupId));
  return until;
}

/**
 * Inside a transaction: take back `days` that extendFeaturing just added (the admin's 'Desfazer'), only
 * while the group's end is still `until`, the end that featuring wrote: the end goes back to where it
 * was (retractFeaturedEnd; not featured when it was not). Returns the new end, 'changed' when something
 * else moved the end meanwhile (nothing is written), or null when there is no such group.
 */
export async function retractFeaturing(
  tx: Tx,
  groupId: string,
  days: number,
  until: Date,
  now: Date = new Date(),
): Promise<{ until: Date | null } | 'changed' | null> {
  const [current] = await tx
    .select({ featured: groups.featured, featuredUntil: groups.featuredUntil })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('update');
  if (!current) return null;
  if (!current.featured || current.featuredUntil?.getTime() !== until.getTime()) return 'changed';
  const retracted = retractFeaturedEnd(current, { endDate: until, days }, now);
  await tx
    .update(groups)
    .set({ featured: retracted.until !== null, featuredUntil: retracted.until })
    .where(eq(groups.id, groupId));
  return { until: retracted.until };
}

/**
 * Inside the hold's transaction (src/features/holds): the group left the site while featured, so its
 * featuring pauses (featuring_paused_at); the days left are kept. Nothing when it is not featured now.
 */
export async function pauseFeaturing(tx: Tx, groupId: string, at: Date): Promise<boolean> {
  const paused = await tx
    .update(groups)
    .set({ featuringPausedAt: at })
    .where(
      and(
        eq(groups.id, groupId),
        eq(groups.featured, true),
        gt(groups.featuredUntil, at),
        isNull(groups.featuringPausedAt),
      ),
    )
    .returning({ id: groups.id });
  return paused.length > 0;
}

/**
 * Inside the hold's transaction: the last hold was lifted, so a paused featuring resumes with the days it
 * had (featuringPauseShift): the group's end and the end of each order running at the pause move later.
 */
export async function resumeFeaturing(tx: Tx, groupId: string, at: Date): Promise<boolean> {
  const [group] = await tx
    .select({ pausedAt: groups.featuringPausedAt })
    .from(groups)
    .where(eq(groups.id, groupId));
  if (!group?.pausedAt) return false;
  const shift = featuringPauseShift(group.pausedAt, at);
  const by = sql`make_interval(secs => ${shift / 1000})`;
  await tx
    .update(groups)
    .set({ featuredUntil: sql`${groups.featuredUntil} + ${by}`, featuringPausedAt: null })
    .where(eq(groups.id, groupId));
  await tx
    .update(featureOrders)
    .set({ endDate: sql`${featureOrders.endDate} + ${by}` })
    .where(
      and(
        eq(featureOrders.groupId, groupId),
        eq(featureOrders.status, 'active'),
        gt(featureOrders.endDate, group.pausedAt),
      ),
    );
  return true;
}
