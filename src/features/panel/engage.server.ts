// The owner's free bump and a group's daily clicks and shares (from engagement_events).

import { and, eq, lte, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { groups } from '#db/schema.ts';
import { saoPauloDay } from '#src/features/analytics/visitor.server.ts';
import { isApprovedGroup, isListedRow } from '#src/features/groups/groups.server.ts';
import { groupStandings } from '#src/features/ranking/ranking.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND, isUuid } from '#src/lib/ids.ts';
import {
  addDays,
  BUMP_COOLDOWN_HOURS,
  BUMP_NOT_PUBLIC,
  bumpCooldownMessage,
  type GroupStats,
  nextBumpAt,
  type StatsDay,
} from './engage.ts';

const notFound = () => new AppError('NOT_FOUND', GROUP_NOT_FOUND);

/**
 * Put an owner's approved, visible group back on top of the date-ordered lists, at most once per
 * BUMP_COOLDOWN_HOURS. Someone else's group (or none) is 404; pending or hidden is 400; too soon is 429
 * with the moment the next bump opens (message and Retry-After). Public pages change: a rebuild is asked.
 */
export async function bumpGroup(db: Db, userId: string, groupId: string, now: Date = new Date()) {
  if (!isUuid(groupId)) throw notFound();
  const opensBefore = new Date(now.getTime() - BUMP_COOLDOWN_HOURS * 3_600_000);
  // One statement: two bumps at once cannot both pass the cooldown.
  const [bumped] = await db
    .update(groups)
    .set({ bumpedAt: now, renewedAt: now })
    .where(
      and(
        eq(groups.id, groupId),
        eq(groups.userId, userId),
        isApprovedGroup,
        lte(groups.bumpedAt, opensBefore),
      ),
    )
    .returning({ bumpedAt: groups.bumpedAt });
  if (!bumped) {
    const [group] = await db
      .select({ approved: groups.approved, hiddenAt: groups.hiddenAt, bumpedAt: groups.bumpedAt })
      .from(groups)
      .where(and(eq(groups.id, groupId), eq(groups.userId, userId)));
    if (!group) throw notFound();
    if (!isListedRow(group)) throw new AppError('BAD_REQUEST', BUMP_NOT_PUBLIC);
    const next = nextBumpAt(group.bumpedAt);
    const seconds = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
    throw new AppError('TOO_MANY', bumpCooldownMessage(next), undefined, { 'retry-after': String(seconds) });
  }
  await requestRebuild(db, 'group bumped', { groups: [] });
  return {
    bumpedAt: bumped.bumpedAt.toISOString(),
    nextBumpAt: nextBumpAt(bumped.bumpedAt).toISOString(),
  };
}

/**
 * Clicks (joins) and shares per São Paulo day over the last `days` days (today included), zeros where
 * nothing happened, with the totals of this period and of the `days` before it. Only the group's owner
 * or an admin may read them; anyone else gets 404, as for a group that does not exist.
 */
export async function groupStats(
  db: Db,
  viewer: { id: string; admin: boolean },
  groupId: string,
  days: number,
  now: Date = new Date(),
): Promise<GroupStats> {
  if (!isUuid(groupId)) throw notFound();
  const [group] = await db.select({ userId: groups.userId }).from(groups).where(eq(groups.id, groupId));
  if (!group || (!viewer.admin && group.userId !== viewer.id)) throw notFound();
  const last = saoPauloDay(now);
  const first = addDays(last, -(days - 1));
  const previousFirst = addDays(first, -days);
  // engagement_events_visitor_day_key (kind, target_id, day, …) serves this range read.
  const rows = rowsOf<{ day: string; kind: string; n: number }>(
    await db.execute(sql`
      select day::text as day, kind, count(*)::int as n
      from engagement_events
      where kind in ('group_click', 'group_share') and target_id = ${groupId}::uuid
        and day >= ${previousFirst}::date and day <= ${last}::date
      group by day, kind`),
  );
  const series: StatsDay[] = [];
  const index = new Map<string, StatsDay>();
  for (let i = 0; i < days; i++) {
    const day: StatsDay = { date: addDays(first, i), clicks: 0, shares: 0 };
    series.push(day);
    index.set(day.date, day);
  }
  const totals = { clicks: 0, shares: 0, previousClicks: 0, previousShares: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    const clicks = row.kind === 'group_click';
    const day = index.get(row.day);
    if (day) {
      if (clicks) day.clicks += n;
      else day.shares += n;
      if (clicks) totals.clicks += n;
      else totals.shares += n;
    } else if (clicks) totals.previousClicks += n;
    else totals.previousShares += n;
  }
  return { days: series, totals, standings: await groupStandings(db, groupId) };
}
