// Dashboard metrics (spec section 3 "Dashboard metrics"): group counts, popular and most populated
// categories, and click statistics from engagement_events (one click per visitor, group and day).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { categories, engagementEvents, groups, rebuildRequests } from '#db/schema.ts';
import { saoPauloDay } from '#src/features/analytics/visitor.server.ts';
import { isFeaturedGroup } from '#src/features/groups/groups.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';

/** Everything the dashboard cards show. */
export async function dashboardMetrics(db: Db, now = new Date()) {
  const featuredNow = isFeaturedGroup(now);
  const [totals] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where not ${groups.approved})`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${groups.approved})`.mapWith(Number),
      featured: sql<number>`count(*) filter (where ${groups.approved} and ${featuredNow})`.mapWith(Number),
    })
    .from(groups);

  const perCategory = await db
    .select({
      id: categories.id,
      name: categories.name,
      count: sql<number>`count(${groups.id})`.mapWith(Number),
      totalClicks: sql<number>`coalesce(sum(${groups.cliques}), 0)`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(groups, eq(groups.categoryId, categories.id))
    .groupBy(categories.id);
  const popular = [...perCategory]
    .sort((a, b) => b.totalClicks - a.totalClicks || b.count - a.count)
    .slice(0, 5);
  const mostPopulated = [...perCategory]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'pt-BR'))
    .slice(0, 5)
    .map(({ id, name, count }) => ({ id, name, count }));

  const today = saoPauloDay(now);
  const isClick = eq(engagementEvents.kind, 'group_click');
  const [clicks] = await db
    .select({
      total: count(),
      today: sql<number>`count(*) filter (where ${engagementEvents.day} = ${today})`.mapWith(Number),
      days: sql<number>`count(distinct ${engagementEvents.day})`.mapWith(Number),
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
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .where(and(isClick))
    .groupBy(groups.id, categories.name)
    .orderBy(desc(sql`count(${engagementEvents.id})`), groups.title)
    .limit(5);

  const total = clicks?.total ?? 0;
  const days = clicks?.days ?? 0;
  return {
    groups: {
      total: totals?.total ?? 0,
      pending: totals?.pending ?? 0,
      approved: totals?.approved ?? 0,
      featured: totals?.featured ?? 0,
    },
    categories: { popular, mostPopulated },
    clicks: {
      total,
      today: clicks?.today ?? 0,
      averagePerDay: days ? Math.round((total / days) * 10) / 10 : 0,
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
