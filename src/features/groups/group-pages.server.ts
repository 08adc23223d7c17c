// What the static build needs to render group and list pages, read in batches (no query per page),
// with each page's incremental-build cacheKey: a digest of exactly the data the page renders, so a
// rebuild re-renders only the pages whose groups (or related lists) changed. Only the most visited
// groups are pre-rendered (PRERENDER_GROUPS); the others are rendered on demand by the same page
// (decision 0008).

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { featuredNowPredicate, publicPredicate } from '#db/visibility.ts';
import { onceForBuild } from '#src/lib/build-once.server.ts';
import { readSettings } from '#src/lib/env.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { listCategories } from '../categories/categories.server.ts';
import { groupBySlug, publicGroupJsonBatches, RELATED_LIMIT, relatedGroups } from './group-lists.server.ts';
import type { GroupJson } from './groups.server.ts';
import { linkVerifiedDate } from './link-badge.ts';
import { currentAddressOf } from './slugs.server.ts';

/** A short, stable digest of some JSON-able data (the page's cacheKey). */
export function digest(data: unknown): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 22);
}

/** What a related-groups list renders (cards show no click counts: a rollup alone changes none of it). */
function relatedKey(list: readonly GroupJson[]) {
  return list.map((g) => [...cardKey(g), g.path, g.image, g.category]);
}

/** What a group's card (GroupCard) shows besides its path, picture and category (list pages' cacheKeys). */
export function cardKey(g: GroupJson) {
  return [
    g.id,
    g.title,
    g.description,
    g.type,
    g.followers,
    g.featured,
    g.featuredPaid,
    g.renewedAt,
    g.createdAt,
    g.whatsappTitle,
    linkVerifiedDate(g),
  ];
}

/** What a group page renders of its group. */
export function groupKey(group: GroupJson & { updatedAt?: string }) {
  return [
    group.id,
    group.updatedAt,
    group.cliques,
    group.featured,
    group.featuredUntil,
    group.featuredPaid,
    group.whatsappTitle,
    group.path,
    group.adult,
    // link checks leave updatedAt alone: only the badge's date they change moves the key
    linkVerifiedDate(group),
  ];
}

// Related lists change rarely: the nil id excludes nothing, so each category's top list is read once.
const NIL = '00000000-0000-0000-0000-000000000000';

export interface GroupPageData {
  group: GroupJson;
  related: GroupJson[];
  cacheKey: string;
  /** the group's last change (the sitemap's lastmod) */
  updatedAt: string;
}

/**
 * Every public group with its related groups and its cacheKey, in batches. One query per batch plus
 * one per category (the related lists), however many groups there are.
 */
export async function* groupPageBatches(
  db: Db,
  batchSize = 1000,
  only?: readonly string[],
): AsyncGenerator<GroupPageData[]> {
  const categories = await listCategories(db);
  const top = new Map<number, GroupJson[]>();
  // Built pages are public: no 18+ group is among them or their related lists (decision 0010).
  for (const category of categories)
    top.set(category.id, await relatedGroups(db, { id: NIL, categoryId: category.id }, RELATED_LIMIT + 1));
  const bySlug = new Map(categories.map((c) => [c.slug, c.id]));
  const relatedKeys = new Map<number, string>();
  for (const [id, list] of top) relatedKeys.set(id, digest(relatedKey(list)));

  // `only` is read in chunks of ids: each query's bind parameters stay few (Postgres allows 65,535).
  const chunks = only
    ? Array.from({ length: Math.ceil(only.length / batchSize) }, (_, i) =>
        only.slice(i * batchSize, (i + 1) * batchSize),
      )
    : [undefined];
  // A chunk of ids is read in one query: a batch one larger than the chunk ends the keyset walk there.
  for (const chunk of chunks)
    for await (const batch of publicGroupJsonBatches(db, chunk ? chunk.length + 1 : batchSize, chunk)) {
      yield batch.map(({ updatedAt, ...group }) => {
        const categoryId = bySlug.get(group.categorySlug) ?? -1;
        const related = (top.get(categoryId) ?? []).filter((g) => g.id !== group.id).slice(0, RELATED_LIMIT);
        return {
          group,
          related,
          cacheKey: digest([groupKey({ ...group, updatedAt }), relatedKeys.get(categoryId) ?? '']),
          updatedAt,
        };
      });
    }
}

/** PRERENDER_GROUPS: how many group pages the build writes (the rest are rendered on demand). */
export function prerenderCount(env: NodeJS.ProcessEnv = process.env): number {
  return readSettings(env).PRERENDER_GROUPS;
}

/** Clicks counted from this many days back choose the pre-rendered groups. */
const RECENT_DAYS = 30;

/**
 * The ids of the `limit` public groups worth a static page (never an 18+ one, decision 0010): featured ones first, then the most clicked
 * over the last RECENT_DAYS days, then the most clicked ever (a new catalogue has no events yet).
 * Only three kinds of group can be among them, so only those are sorted, not the whole catalogue: the
 * featured ones, the ones clicked lately, and the `limit` most clicked ever (the popular index, in
 * the same order as the last two keys here). At 1M groups that sorts ~70k rows instead of ~920k.
 */
export async function groupsToPrerender(db: Db, limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  const PUBLIC = sql.raw(publicPredicate());
  const PUBLIC_G = sql.raw(publicPredicate('g'));
  const FEATURED_NOW = sql.raw(featuredNowPredicate());
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with recent as (
        select target_id, count(*)::int as clicks from engagement_events
        where kind = 'group_click' and day >= (current_date - ${RECENT_DAYS}::int)
        group by target_id
      ),
      candidates as (
        select id, true as featured_now, cliques from groups
        where ${PUBLIC} and ${FEATURED_NOW}
        union
        select g.id, g.featured and coalesce(g.featured_until > now(), false), g.cliques
        from recent r join groups g on g.id = r.target_id
        where ${PUBLIC_G}
        union
        (select id, featured and coalesce(featured_until > now(), false), cliques from groups
          where ${PUBLIC}
          order by cliques desc nulls last, id desc nulls last limit ${limit})
      )
      select c.id from candidates c left join recent r on r.target_id = c.id
      order by c.featured_now desc, coalesce(r.clicks, 0) desc, c.cliques desc, c.id desc
      limit ${limit}`),
  );
  return rows.map((row) => row.id);
}

/**
 * The group pages this build pre-renders (PRERENDER_GROUPS of them), read once per build: their
 * related lists and cacheKeys as for every page.
 */
export function groupPagesForBuild(db: Db, limit: number = prerenderCount()): Promise<GroupPageData[]> {
  return onceForBuild(db, `group-pages ${limit}`, async () => {
    const ids = await groupsToPrerender(db, limit);
    const all: GroupPageData[] = [];
    if (ids.length) for await (const batch of groupPageBatches(db, 1000, ids)) all.push(...batch);
    return all;
  });
}

/**
 * One group page rendered on demand: the public group at /{categorySlug}/{titleSlug} and its related
 * groups, as the build reads them; where a group used to be, the address it moved to; otherwise null.
 */
export async function groupPageOnDemand(
  db: Db,
  categorySlug: string,
  titleSlug: string,
  { includeAdult = false }: { includeAdult?: boolean } = {},
): Promise<{ group: GroupJson; related: GroupJson[] } | { movedTo: string } | null> {
  let group: GroupJson;
  try {
    // An 18+ group only for a visitor whose age the provider verified (the page then stays private).
    group = await groupBySlug(db, categorySlug, titleSlug, { includeAdult });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
    // A former address of a renamed or moved group answers 301, as _redirects does for the files.
    const movedTo = await currentAddressOf(db, categorySlug, titleSlug);
    return movedTo ? { movedTo } : null;
  }
  const related = await relatedGroups(db, group, RELATED_LIMIT, { includeAdult: group.adult });
  return { group, related };
}
