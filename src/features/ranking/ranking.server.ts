// The ranking kept up to date (#43, decision 0021): a scheduled run reads the signals of the groups whose
// score can have changed (recent joins, a non-zero score or trend decaying, new or bumped, reported or
// held lately), computes score and trend with the pure rules of ranking.ts and writes the ones that
// changed in one statement per batch, without touching updated_at (no page is rendered again for it).
// Nothing here runs in a request's path but the reads of 'Em alta' and of an owner's position.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { categories, groups } from '#db/schema.ts';
import { listedPredicate } from '#db/visibility.ts';
import { saoPauloDay } from '../analytics/visitor.server.ts';
import {
  type GroupJson,
  groupColumns,
  groupsWithCategory,
  isPublicGroup,
  toGroupJson,
} from '../groups/groups.server.ts';
import {
  BUMP_HOURS,
  BURST_FREE_JOINS,
  BURST_JOIN_WEIGHT,
  NEW_GROUP_HOURS,
  PENALTY_DAYS,
  type RankingSignals,
  rankingScore,
  SCORE_DAYS,
  type Standing,
  storedScore,
  trendScore,
} from './ranking.ts';

/** Groups whose signals one statement reads and writes. */
export const RANKING_BATCH = 2000;
/** The most 'Em alta' cards a list shows. */
export const TRENDING_LIMIT = 12;

/** The ids of every group whose score or trend can have changed since the last run. */
async function candidates(db: Db, now: Date): Promise<string[]> {
  const today = saoPauloDay(now);
  const fresh = new Date(now.getTime() - Math.max(NEW_GROUP_HOURS, BUMP_HOURS) * 3_600_000);
  const penaltySince = new Date(now.getTime() - PENALTY_DAYS * 86_400_000);
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from groups where rank_score <> 0 or trend_score <> 0
      union
      select target_id from engagement_events
      where kind = 'group_click' and day > ${today}::date - ${2 * SCORE_DAYS}::int
      union
      select id from groups where ${isPublicGroup} and bumped_at > ${fresh.toISOString()}::timestamptz
      union
      select group_id from group_reports
      where status = 'pending' and created_at > ${penaltySince.toISOString()}::timestamptz
      union
      select group_id from group_holds where placed_at > ${penaltySince.toISOString()}::timestamptz
      order by 1`),
  );
  return rows.map((row) => row.id);
}

interface SignalRow {
  id: string;
  link_status: string;
  link_dead_count: number;
  link_live_at: string | null;
  created_at: string;
  renewed_at: string | null;
  joins: Record<string, number> | string | null;
  reports: number;
  holds: number;
}

/**
 * The signals of a batch. Joins are distinct visitor-days (engagement_events keeps one per visitor,
 * group and day; one address is at most VISITORS_PER_ADDRESS visitors); in one network's minute on a
 * group only the first BURST_FREE_JOINS count fully.
 */
async function readSignals(db: Db, ids: string[], now: Date): Promise<SignalRow[]> {
  const today = saoPauloDay(now);
  const penaltySince = new Date(now.getTime() - PENALTY_DAYS * 86_400_000).toISOString();
  return rowsOf<SignalRow>(
    await db.execute(sql`
      with ids as (select unnest(${sql.param(ids)}::uuid[]) as id),
      joins as (
        select e.target_id, ${today}::date - e.day as days_ago,
          case when e.network_hash is null or row_number() over (
            partition by e.target_id, e.network_hash, date_trunc('minute', e.created_at) order by e.id
          ) <= ${BURST_FREE_JOINS} then 1 else ${BURST_JOIN_WEIGHT}::float8 end as weight
        from engagement_events e join ids on e.target_id = ids.id
        where e.kind = 'group_click' and e.day > ${today}::date - ${2 * SCORE_DAYS}::int
          and e.day <= ${today}::date
      ),
      by_day as (
        select target_id, json_object_agg(days_ago, joins) as joins
        from (select target_id, days_ago, sum(weight)::float8 as joins from joins group by 1, 2) d
        group by target_id
      ),
      reports as (
        select r.group_id, count(distinct coalesce(r.address_hash, r.reporter_hash))::int as n
        from group_reports r join ids on r.group_id = ids.id
        where r.status = 'pending' and r.created_at > ${penaltySince}::timestamptz
        group by r.group_id
      ),
      holds as (
        select h.group_id, count(*)::int as n
        from group_holds h join ids on h.group_id = ids.id
        where h.placed_at > ${penaltySince}::timestamptz
        group by h.group_id
      )
      select g.id, g.link_status, g.link_dead_count, g.link_live_at, g.created_at, g.renewed_at,
        by_day.joins, coalesce(reports.n, 0) as reports, coalesce(holds.n, 0) as holds
      from groups g
      join ids on g.id = ids.id
      left join by_day on by_day.target_id = g.id
      left join reports on reports.group_id = g.id
      left join holds on holds.group_id = g.id`),
  );
}

const dateOf = (value: string | Date | null) => (value === null ? null : new Date(value));

/** A row of readSignals as the pure rules take it. */
function signalsOf(row: SignalRow): RankingSignals {
  const joins = (typeof row.joins === 'string' ? JSON.parse(row.joins) : (row.joins ?? {})) as Record<
    string,
    number
  >;
  const joinsByDay = Array.from({ length: SCORE_DAYS }, (_, day) => Number(joins[day] ?? 0));
  let previousWeekJoins = 0;
  for (const [day, n] of Object.entries(joins)) if (Number(day) >= SCORE_DAYS) previousWeekJoins += Number(n);
  return {
    joinsByDay,
    previousWeekJoins,
    linkDead: row.link_status === 'dead' || Number(row.link_dead_count) > 0,
    linkLiveAt: dateOf(row.link_live_at),
    createdAt: dateOf(row.created_at) as Date,
    renewedAt: dateOf(row.renewed_at),
    openReports: Number(row.reports),
    recentHolds: Number(row.holds),
  };
}

/** Score and trend of one batch, written where they changed; answers how many rows changed. */
async function rankBatch(db: Db, ids: string[], now: Date): Promise<number> {
  const rows = await readSignals(db, ids, now);
  if (rows.length === 0) return 0;
  const scores = rows.map((row) => {
    const signals = signalsOf(row);
    return { id: row.id, score: storedScore(rankingScore(signals, now)), trend: trendScore(signals) };
  });
  const result = await db.execute(sql`
    update groups g set rank_score = u.score, trend_score = u.trend
    from unnest(
      ${sql.param(scores.map((s) => s.id))}::uuid[],
      ${sql.param(scores.map((s) => s.score))}::int[],
      ${sql.param(scores.map((s) => s.trend))}::int[]
    ) as u(id, score, trend)
    where g.id = u.id and (g.rank_score, g.trend_score) is distinct from (u.score, u.trend)
    returning g.id`);
  return rowsOf(result).length;
}

/**
 * Recompute the score and trend of every group that can have changed (the scheduled rank-groups runs
 * this); answers how many groups it read and how many changed.
 */
export async function rankGroups(db: Db, now: Date = new Date()): Promise<{ read: number; changed: number }> {
  const ids = await candidates(db, now);
  let changed = 0;
  for (let i = 0; i < ids.length; i += RANKING_BATCH)
    changed += await rankBatch(db, ids.slice(i, i + RANKING_BATCH), now);
  return { read: ids.length, changed };
}

/** A card of 'Em alta': the group and its growth this week in percent. */
export type TrendingGroup = GroupJson & { trend: number };

/** Where an 'Em alta' list looks: the whole site, one category or one tag (by slug). */
export interface TrendingScope {
  category?: string;
  tag?: string;
}

/** Groups of a visible tag (by slug), through the (tag_id, group_id) index. */
function tagCondition(slug: string): SQL {
  return sql`${groups.id} in (select gt.group_id from group_tags gt join tags t on t.id = gt.tag_id
    where t.slug = ${slug} and not t.hidden)`;
}

/** groups_*_trend_idx's order (declared DESC NULLS LAST: a plain DESC would not match it). */
const TREND_ORDER = [
  sql`${groups.trendScore} desc nulls last`,
  sql`${groups.rankScore} desc nulls last`,
  sql`${groups.id} desc nulls last`,
];

/** 'Em alta' of a scope: public groups growing above the floor, fastest first (a partial index walk). */
export async function trendingGroups(
  db: Db,
  scope: TrendingScope = {},
  limit: number = TRENDING_LIMIT,
): Promise<TrendingGroup[]> {
  const conditions: SQL[] = [isPublicGroup, sql`${groups.trendScore} > 0`];
  if (scope.category) conditions.push(eq(categories.slug, scope.category));
  if (scope.tag) conditions.push(tagCondition(scope.tag));
  const rows = await db
    .select({ ...groupColumns, trend: groups.trendScore })
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(and(...conditions))
    .orderBy(...TREND_ORDER)
    .limit(limit);
  const now = new Date();
  return rows.map(({ trend, ...row }) => ({ ...toGroupJson(row, now), trend }));
}

/** Groups listed in a scope ahead of one group in 'Relevância' (score, then listing order, then id). */
const ahead = sql`(g.rank_score, g.bumped_at, g.id) > (me.rank_score, me.bumped_at, me.id)
  and ${sql.raw(listedPredicate('g'))}`;

/**
 * The group's position in its category (groups_category_score_idx) and in each of its tags; empty when
 * the group is not listed (pending or held: it is in no list).
 */
export async function groupStandings(db: Db, groupId: string): Promise<Standing[]> {
  const [category] = rowsOf<{ name: string; slug: string; position: number; total: number }>(
    await db.execute(sql`
      select c.name, c.slug, c.public_groups as total,
        1 + (select count(*) from groups g where g.category_id = me.category_id and ${ahead})::int
          as position
      from groups me join categories c on c.id = me.category_id
      where me.id = ${groupId}::uuid and ${sql.raw(listedPredicate('me'))}`),
  );
  if (!category) return [];
  const standings: Standing[] = [{ kind: 'category', ...category, total: Math.max(category.total, 1) }];
  return [...standings, ...(await tagStandings(db, groupId))];
}

/** The tag part of groupStandings: the group's position in each of its visible tags. */
async function tagStandings(db: Db, groupId: string): Promise<Standing[]> {
  const rows = rowsOf<{ name: string; slug: string; position: number; total: number }>(
    await db.execute(sql`
      select t.name, t.slug,
        1 + (select count(*) from group_tags o join groups g on g.id = o.group_id
             where o.tag_id = t.id and ${ahead})::int as position,
        (select count(*) from group_tags o join groups g on g.id = o.group_id
         where o.tag_id = t.id and ${sql.raw(listedPredicate('g'))})::int as total
      from groups me join group_tags mt on mt.group_id = me.id join tags t on t.id = mt.tag_id
      where me.id = ${groupId}::uuid and not t.hidden
      order by t.name`),
  );
  return rows.map((row) => ({
    kind: 'tag',
    ...row,
    position: Number(row.position),
    total: Number(row.total),
  }));
}
