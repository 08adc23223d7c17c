// Dashboard metrics (spec section 3 "Dashboard metrics"): group counts, popular and most populated
// categories, and click statistics from engagement_events (one click per visitor, group and day).
// Every click figure counts the same window, the last CLICK_PERIOD_DAYS São Paulo days (today included),
// except 'hoje'; the screen names it on each card.
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { groupCategory } from '#db/joins.ts';
import { categories, engagementEvents, groups, rebuildRequests } from '#db/schema.ts';
import { saoPauloDay } from '#src/features/analytics/visitor.server.ts';
import { appealQueue } from '#src/features/appeals/appeals.server.ts';
import { isFeaturedGroup } from '#src/features/groups/groups.server.ts';
import { legalNoticeQueue } from '#src/features/legal-notices/legal-notices.server.ts';
import { addDays } from '#src/features/panel/engage.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';

/** The days the dashboard's click figures cover. */
export const CLICK_PERIOD_DAYS = 30;

/** Everything the dashboard cards show. */
export async function dashboardMetrics(db: Db, now = new Date()) {
  const featuredNow = isFeaturedGroup(now);
  const today = saoPauloDay(now);
  const since = addDays(today, 1 - CLICK_PERIOD_DAYS);
  const isClick = and(eq(engagementEvents.kind, 'group_click'), gte(engagementEvents.day, since));
  const [totals] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where not ${groups.approved})`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${groups.approved})`.mapWith(Number),
      featured: sql<number>`count(*) filter (where ${groups.approved} and ${featuredNow})`.mapWith(Number),
    })
    .from(groups);

  const groupsPerCategory = await db
    .select({
      id: categories.id,
      name: categories.name,
      count: sql<number>`count(${groups.id})`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(groups, eq(groups.categoryId, categories.id))
    .groupBy(categories.id);
  // The period's clicks per category (not groups.cliques, an all-time counter): the same window as the
  // other click cards.
  const clicksPerCategory = new Map(
    (
      await db
        .select({ id: groups.categoryId, n: count() })
        .from(engagementEvents)
        .innerJoin(groups, eq(groups.id, engagementEvents.targetId))
        .where(isClick)
        .groupBy(groups.categoryId)
    ).map((row) => [row.id, row.n]),
  );
  const perCategory = groupsPerCategory.map((c) => ({ ...c, totalClicks: clicksPerCategory.get(c.id) ?? 0 }));
  const popular = [...perCategory]
    .sort((a, b) => b.totalClicks - a.totalClicks || b.count - a.count)
    .slice(0, 5);
  const mostPopulated = [...perCategory]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'pt-BR'))
    .slice(0, 5)
    .map(({ id, name, count }) => ({ id, name, count }));

  const [clicks] = await db
    .select({
      total: count(),
      today: sql<number>`count(*) filter (where ${engagementEvents.day} = ${today})`.mapWith(Number),
      distinctGroupsToday:
        sql<number>`count(distinct ${engagementEvents.targetId}) filter (where ${engagementEvents.day} = ${today})`.mapWith(
          Number,
        ),
    })
    .from(engagementEvents)
    .where(isClick);
  const topGroups = await db
    .select({
      id: groups.id,
      title: groups.title,
      category: categories.name,
      cliques: sql<number>`count(${engagementEvents.id})`.mapWith(Number),
    })
    .from(engagementEvents)
    .innerJoin(groups, eq(groups.id, engagementEvents.targetId))
    .innerJoin(categories, groupCategory)
    .where(isClick)
    .groupBy(groups.id, categories.name)
    .orderBy(desc(sql`count(${engagementEvents.id})`), groups.title)
    .limit(5);

  const total = clicks?.total ?? 0;
  return {
    // What waits for a decision, on the same clock: legal notices and owners' appeals (#41).
    queues: { legalNotices: await legalNoticeQueue(db, now), appeals: await appealQueue(db, now) },
    groups: {
      total: totals?.total ?? 0,
      pending: totals?.pending ?? 0,
      approved: totals?.approved ?? 0,
      featured: totals?.featured ?? 0,
    },
    categories: { popular, mostPopulated },
    clicks: {
      periodDays: CLICK_PERIOD_DAYS,
      total,
      today: clicks?.today ?? 0,
      averagePerDay: Math.round((total / CLICK_PERIOD_DAYS) * 10) / 10,
      distinctGroupsToday: clicks?.distinctGroupsToday ?? 0,
      topGroups,
    },
  };
}

/** The latest rebuild request as the dashboard shows it. */
export async function rebuildStatus(db: Db) {
  const [last] = await db
    .select()
    .from(rebuildRequests)
    .orderBy(desc(rebuildRequests.requestedAt), desc(rebuildRequests.id))
    .limit(1);
  const [pending] = await db
    .select({ n: count() })
    .from(rebuildRequests)
    .where(sql`${rebuildRequests.status} in ('pending', 'failed')`);
  return {
    last: last
      ? {
          status: last.status,
          reason: last.reason,
          requestedAt: last.requestedAt.toISOString(),
          startedAt: last.startedAt?.toISOString() ?? null,
          finishedAt: last.finishedAt?.toISOString() ?? null,
          error: last.error ? 'A última publicação falhou; ela será tentada de novo.' : null,
        }
      : null,
    waiting: pending?.n ?? 0,
  };
}

/** 'Publicar alterações': a rebuild asked for by an admin. */
export async function publishNow(db: Db, adminEmail: string) {
  await requestRebuild(db, `publicação manual por ${adminEmail}`);
}
