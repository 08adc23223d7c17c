// The public list queries, used by the API and by the static build alike. Every query filters with
// isPublicGroup and orders by the columns of one of the partial indexes in db/schema.ts, so lists
// stay index scans at 100k+ groups.
import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.ts';
import { categories, groups } from '#db/schema.ts';
import { CATEGORY_NOT_FOUND } from '#src/features/categories/categories.schema.ts';
import { AppError } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND, isUuid } from '#src/lib/ids.ts';
import type { GroupSort } from './groups.schema.ts';
import {
  type GroupJson,
  type GroupPage,
  groupColumns,
  groupsWithCategory,
  isApprovedGroup,
  isFeaturedGroup,
  isPublicGroup,
  toGroupJson,
} from './groups.server.ts';
import { groupPath } from './groups.ts';

/** The most featured groups one list answers (home carousel and highlights grid). */
export const FEATURED_LIMIT = 48;
/**
 * A group page's 'Grupos Relacionados': three of the lists' cards (one row on a desktop). Each card is
 * ~0.45 KB of the page's 8 KB (gzip) budget; the category's page is linked under them for more.
 */
export const RELATED_LIMIT = 3;

export type { GroupSort };

/**
 * Lists leave adult (18+) groups out. `includeAdult` only from a function that checked the visitor's
 * age with the verification provider (isAgeVerified), never from a query parameter alone.
 */
export interface AdultOption {
  includeAdult?: boolean;
}

/** The groups a list may show: public ones, and adult ones only for a verified visitor. */
function listedGroups(includeAdult = false): SQL {
  return includeAdult ? isApprovedGroup : isPublicGroup;
}

/** Groups featured now (flag set and end ahead), the ones ending last first. */
export async function featuredGroups(
  db: Db,
  now: Date = new Date(),
  limit: number = FEATURED_LIMIT,
  { includeAdult }: AdultOption = {},
): Promise<GroupJson[]> {
  const rows = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(and(listedGroups(includeAdult), isFeaturedGroup(now)))
    .orderBy(desc(groups.featuredUntil), desc(groups.id))
    .limit(limit);
  return rows.map((row) => toGroupJson(row, now));
}

function pageOf(rows: Parameters<typeof toGroupJson>[0][], total: number, page: number, limit: number) {
  return {
    groups: rows.map((row) => toGroupJson(row)),
    pagination: { total, pages: Math.ceil(total / limit), page, limit },
  } satisfies GroupPage;
}

// The partial indexes are declared DESC NULLS LAST; a plain DESC (NULLS FIRST) would not match
// them and Postgres would sort the whole table instead (the columns are NOT NULL either way).
const descNullsLast = (column: AnyPgColumn) => sql`${column} desc nulls last`;
/** 'Mais recentes': last listed first (creation or the owner's free bump), groups_*_recent_idx. */
const RECENT_ORDER = [descNullsLast(groups.bumpedAt), descNullsLast(groups.id)];
/** Creation order (groups_public_created_idx): stable while owners bump, for batches over everything. */
const CREATED_ORDER = [descNullsLast(groups.createdAt), descNullsLast(groups.id)];

/** 'Relevância': the ranking's score, ties in listing order (groups_*_score_idx). */
const SCORE_ORDER = [descNullsLast(groups.rankScore), ...RECENT_ORDER];
/** 'Em alta': growth, then score (groups_*_trend_idx, which holds only groups with a growth). */
const TREND_ORDER = [
  descNullsLast(groups.trendScore),
  descNullsLast(groups.rankScore),
  descNullsLast(groups.id),
];

function orderFor(sortBy: GroupSort) {
  if (sortBy === 'relevance') return SCORE_ORDER;
  if (sortBy === 'trending') return TREND_ORDER;
  if (sortBy === 'title') return [asc(groups.title), asc(groups.id)];
  return RECENT_ORDER;
}

/** 'Em alta' is a list of its own: only the groups growing this week. */
const trendingOnly = (sortBy: GroupSort) =>
  sortBy === 'trending' ? sql`${groups.trendScore} > 0` : undefined;

/** The total of a list: the kept per-category count, or (for 'Em alta', a few) counted. */
async function listTotal(db: Db, where: SQL | undefined, sortBy: GroupSort, kept: () => Promise<number>) {
  if (sortBy !== 'trending') return kept();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(groups)
    .where(where);
  return row?.n ?? 0;
}

/** One page of the public groups listed last (newest or bumped) first. */
export async function recentGroups(
  db: Db,
  options: { page: number; limit: number } & AdultOption,
): Promise<GroupPage> {
  return publicGroupsPage(db, { sortBy: 'createdAt', ...options });
}

/**
 * One page of all public groups sorted by date or clicks (no category). Sorting every group by
 * title has no index, so 'title' is for category lists only (as in the spec).
 */
export async function publicGroupsPage(
  db: Db,
  {
    sortBy,
    page,
    limit,
    includeAdult,
  }: { sortBy: Exclude<GroupSort, 'title'>; page: number; limit: number } & AdultOption,
): Promise<GroupPage> {
  const where = and(listedGroups(includeAdult), trendingOnly(sortBy));
  const [rows, total] = await Promise.all([
    db
      .select(groupColumns)
      .from(groups)
      .innerJoin(categories, groupsWithCategory)
      .where(where)
      .orderBy(...orderFor(sortBy))
      .limit(limit)
      .offset((page - 1) * limit),
    // Totals are kept per category by triggers (categories.public_groups): a sum of ten rows.
    listTotal(db, where, sortBy, async () => {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${categories.publicGroups}), 0)`.mapWith(Number) })
        .from(categories)
        .where(includeAdult ? undefined : eq(categories.adult, false));
      return row?.n ?? 0;
    }),
  ]);
  return pageOf(rows, total, page, limit);
}

/** The category a list names by slug (or, as the old client sent it, by name); NOT_FOUND otherwise. */
export async function findCategory(db: Db, slugOrName: string) {
  const [category] = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      publicGroups: categories.publicGroups,
      adult: categories.adult,
    })
    .from(categories)
    .where(or(eq(categories.slug, slugOrName), eq(categories.name, slugOrName)))
    .orderBy(sql`${categories.slug} = ${slugOrName} desc`)
    .limit(1);
  if (!category) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
  return category;
}

/** One page of a category's public groups in the chosen order (an adult category's only on opt-in). */
export async function categoryGroups(
  db: Db,
  {
    categorySlug,
    sortBy = 'createdAt',
    page,
    limit,
    includeAdult,
  }: { categorySlug: string; sortBy?: GroupSort; page: number; limit: number } & AdultOption,
): Promise<GroupPage> {
  const category = await findCategory(db, categorySlug);
  if (category.adult && !includeAdult) return pageOf([], 0, page, limit);
  const where = and(eq(groups.categoryId, category.id), listedGroups(includeAdult), trendingOnly(sortBy));
  const [rows, total] = await Promise.all([
    db
      .select(groupColumns)
      .from(groups)
      .innerJoin(categories, groupsWithCategory)
      .where(where)
      .orderBy(...orderFor(sortBy))
      .limit(limit)
      .offset((page - 1) * limit),
    listTotal(db, where, sortBy, async () => category.publicGroups),
  ]);
  return pageOf(rows, total, page, limit);
}

async function oneGroup(db: Db, where: SQL, { includeAdult }: AdultOption = {}): Promise<GroupJson> {
  const [row] = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(and(where, listedGroups(includeAdult)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return toGroupJson(row);
}

/** A public group by id; unapproved, hidden, unknown or malformed ids are all NOT_FOUND. */
export async function groupById(db: Db, id: string, adult: AdultOption = {}): Promise<GroupJson> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return oneGroup(db, eq(groups.id, id), adult);
}

/** A public group by its canonical path /{categorySlug}/{titleSlug}. */
export async function groupBySlug(
  db: Db,
  categorySlug: string,
  titleSlug: string,
  adult: AdultOption = {},
): Promise<GroupJson> {
  return oneGroup(db, and(eq(categories.slug, categorySlug), eq(groups.titleSlug, titleSlug))!, adult);
}

/** Other public groups of the same category, by the ranking's score ('Relevância'; adult ones only on opt-in). */
export async function relatedGroups(
  db: Db,
  group: { id: string; categorySlug: string } | { id: string; categoryId: number },
  limit: number = RELATED_LIMIT,
  { includeAdult }: AdultOption = {},
): Promise<GroupJson[]> {
  const categoryId =
    'categoryId' in group ? group.categoryId : (await findCategory(db, group.categorySlug)).id;
  const rows = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(and(eq(groups.categoryId, categoryId), listedGroups(includeAdult), ne(groups.id, group.id)))
    .orderBy(...orderFor('relevance'))
    .limit(limit);
  return rows.map((row) => toGroupJson(row));
}

/** What the sitemap and page generation need of each public group. */
export interface PublicGroupRef {
  id: string;
  title: string;
  categoryId: number;
  category: string;
  categorySlug: string;
  titleSlug: string;
  path: string;
  createdAt: Date;
  updatedAt: Date;
}

// Keyset pages over the public creation-order index: memory stays one batch however many groups there
// are, and a group bumped meanwhile keeps its place (ordering by bumped_at could skip it).
// The cursor keeps created_at as text: a JS Date would drop its microseconds and skip rows.
async function* keysetBatches<R extends { id: string }>(
  batchSize: number,
  fetch: (keyset: SQL | undefined, cursor: SQL) => Promise<(R & { cursor: string })[]>,
): AsyncGenerator<R[]> {
  let after: { cursor: string; id: string } | undefined;
  for (;;) {
    const keyset = after
      ? sql`(${groups.createdAt}, ${groups.id}) < (${after.cursor}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows = await fetch(keyset, sql`${groups.createdAt}::text`);
    if (rows.length) yield rows.map(({ cursor: _cursor, ...row }) => row as unknown as R);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { cursor: last.cursor, id: last.id };
  }
}

/** What the sitemap reads of a public group. */
const groupRefColumns = {
  id: groups.id,
  title: groups.title,
  categoryId: groups.categoryId,
  category: categories.name,
  categorySlug: categories.slug,
  titleSlug: groups.titleSlug,
  createdAt: groups.createdAt,
  updatedAt: groups.updatedAt,
};

/** Every public group, newest first, in batches of `batchSize` (a sitemap that fits in one file). */
export async function* publicGroupBatches(db: Db, batchSize = 1000): AsyncGenerator<PublicGroupRef[]> {
  const batches = keysetBatches<Omit<PublicGroupRef, 'path'>>(batchSize, (keyset, cursor) =>
    db
      .select({ ...groupRefColumns, cursor: sql<string>`${cursor}` })
      .from(groups)
      .innerJoin(categories, groupsWithCategory)
      .where(keyset ? and(isPublicGroup, keyset) : isPublicGroup)
      .orderBy(...CREATED_ORDER)
      .limit(batchSize),
  );
  for await (const rows of batches) yield rows.map((row) => ({ ...row, path: groupPath(row) }));
}

/**
 * `count` public groups from the `skip`-th on, newest first (one file of the sitemap). The start is
 * found on the creation-order index alone (an index-only scan), then `count` rows are read from it:
 * an OFFSET over the joined rows would fetch every skipped row too.
 */
export async function publicGroupSlice(db: Db, skip: number, count: number): Promise<PublicGroupRef[]> {
  const start = db
    .select({ createdAt: groups.createdAt, id: groups.id })
    .from(groups)
    .where(isPublicGroup)
    .orderBy(...CREATED_ORDER)
    .offset(skip)
    .limit(1);
  const rows = await db
    .select(groupRefColumns)
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(and(isPublicGroup, sql`(${groups.createdAt}, ${groups.id}) <= (${start})`))
    .orderBy(...CREATED_ORDER)
    .limit(count);
  return rows.map((row) => ({ ...row, path: groupPath(row) }));
}

/** A public group as the API answers it, plus its last change (a page's incremental-build cacheKey). */
export type PublicGroupPage = GroupJson & { updatedAt: string };

/**
 * Every public group with all it shows, newest first, in batches: for generating the group pages
 * without one query per page.
 */
export async function* publicGroupJsonBatches(
  db: Db,
  batchSize = 500,
  only?: readonly string[],
): AsyncGenerator<PublicGroupPage[]> {
  // `only`: these groups alone (a chunk of the pre-rendered ones: one bind parameter each).
  const chosen = only ? inArray(groups.id, [...only]) : undefined;
  const batches = keysetBatches<Parameters<typeof toGroupJson>[0]>(batchSize, (keyset, cursor) =>
    db
      .select({ ...groupColumns, cursor: sql<string>`${cursor}` })
      .from(groups)
      .innerJoin(categories, groupsWithCategory)
      .where(and(isPublicGroup, keyset, chosen))
      .orderBy(...CREATED_ORDER)
      .limit(batchSize),
  );
  const now = new Date();
  for await (const rows of batches)
    yield rows.map((row) => ({ ...toGroupJson(row, now), updatedAt: row.updatedAt.toISOString() }));
}

/**
 * The newest change among a category's public groups (its page's cacheKey), read from
 * groups_category_updated_idx.
 */
export async function latestPublicUpdate(db: Db, categoryId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${groups.updatedAt})`.mapWith((v) => (v ? new Date(v) : null)) })
    .from(groups)
    .where(and(isPublicGroup, eq(groups.categoryId, categoryId)));
  return row?.at ?? null;
}
