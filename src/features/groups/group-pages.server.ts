// What the static build needs to render group and list pages, read in batches (no query per page),
// with each page's incremental-build cacheKey: a digest of exactly the data the page renders, so a
// rebuild re-renders only the pages whose groups (or related lists) changed.
import { createHash } from 'node:crypto';
import type { Db } from '#db/client.ts';
import { onceForBuild } from '#src/lib/build-once.server.ts';
import { listCategories } from '../categories/categories.server.ts';
import { linkVerifiedDate } from '../links/link-badge.ts';
import { publicGroupJsonBatches, RELATED_LIMIT, relatedGroups } from './group-lists.server.ts';
import type { GroupJson } from './groups.server.ts';

/** A short, stable digest of some JSON-able data (the page's cacheKey). */
export function digest(data: unknown): string {
  return createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 22);
}

/** What a related-groups list renders (cards show no click counts: a rollup alone changes none of it). */
function relatedKey(list: readonly GroupJson[]) {
  return list.map((g) => [g.id, g.title, g.path, g.image, g.category]);
}

/** What a group page renders of its group. */
export function groupKey(group: GroupJson & { updatedAt?: string }) {
  return [
    group.id,
    group.updatedAt,
    group.cliques,
    group.featured,
    group.featuredUntil,
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
export async function* groupPageBatches(db: Db, batchSize = 1000): AsyncGenerator<GroupPageData[]> {
  const categories = await listCategories(db);
  const top = new Map<number, GroupJson[]>();
  // An adult group's page shows its related groups behind the same age confirmation as itself.
  for (const category of categories)
    top.set(
      category.id,
      await relatedGroups(db, { id: NIL, categoryId: category.id }, RELATED_LIMIT + 1, {
        includeAdult: category.adult,
      }),
    );
  const bySlug = new Map(categories.map((c) => [c.slug, c.id]));
  const relatedKeys = new Map<number, string>();
  for (const [id, list] of top) relatedKeys.set(id, digest(relatedKey(list)));

  for await (const batch of publicGroupJsonBatches(db, batchSize)) {
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

/**
 * Every group page of this build, read once for the routes that need every public group (the group
 * pages and the sitemap): at 100k groups a second read of the catalogue cost a rebuild ~0.6 s.
 */
export function groupPagesForBuild(db: Db): Promise<GroupPageData[]> {
  return onceForBuild(db, 'group-pages', async () => {
    const all: GroupPageData[] = [];
    for await (const batch of groupPageBatches(db)) all.push(...batch);
    return all;
  });
}
