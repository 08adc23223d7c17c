// Tags (#43): the public vocabulary with its counts, a group's tags, validating and writing the tags an
// owner or admin chose, and the filter's slugs. The admin's writes are in tag-admin.server.ts.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, rowsOf, type Tx } from '#db/client.ts';
import { categories, groups, groupTags, tags } from '#db/schema.ts';
import { publicPredicate } from '#db/visibility.ts';
import { onceForBuild } from '#src/lib/build-once.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { slugify } from '../groups/groups.ts';
import {
  adultTagMessage,
  type TagJson,
  type TagWords,
  TOPIC_PAGE_MIN_GROUPS,
  UNKNOWN_TAG_FILTER,
  unknownTagMessage,
} from './tags.ts';

/** Visible: neither hidden nor merged into another (what owners may pick and pages show). */
export const isVisibleTag = and(eq(tags.hidden, false), isNull(tags.mergedIntoId))!;

/** A tag of a group as its page and card show it. */
export interface GroupTag {
  slug: string;
  name: string;
}

/**
 * Every visible tag with its public group count (db/visibility.ts: approved, not held, not 18+, kept
 * by triggers in tags.public_groups), by name. The API caches it at the CDN and a build reads it once.
 */
export async function listPublicTags(db: Db): Promise<TagJson[]> {
  const rows = rowsOf<{
    slug: string;
    name: string;
    category_slug: string | null;
    adult: boolean;
    count: number;
    synonyms: string[] | string | null;
  }>(
    await db.execute(sql`
      select t.slug, t.name, c.slug as category_slug, t.adult, t.public_groups as count,
        array_to_json(t.synonyms) as synonyms
      from tags t
      left join categories c on c.id = t.category_id
      where not t.hidden and t.merged_into_id is null
      order by lower(t.name)`),
  );
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    categorySlug: row.category_slug,
    adult: row.adult,
    // An 18+ tag's groups are public to nobody (decision 0010): its count says 0, as 18+ categories do.
    count: row.adult ? 0 : Number(row.count),
    // What the pickers' suggestions and filter match besides the name (an addition to the contract).
    synonyms: typeof row.synonyms === 'string' ? JSON.parse(row.synonyms) : (row.synonyms ?? []),
  }));
}

/** listPublicTags once per build (topic pages, category pages, the home and the sitemap share it). */
export function publicTagsForBuild(db: Db): Promise<TagJson[]> {
  return onceForBuild(db, 'public-tags', () => listPublicTags(db));
}

/** The words suggestions match (visible tags' names and synonyms). */
export async function tagVocabulary(db: Db): Promise<TagWords[]> {
  return db
    .select({ slug: tags.slug, name: tags.name, synonyms: tags.synonyms, adult: tags.adult })
    .from(tags)
    .where(isVisibleTag)
    .orderBy(asc(tags.name));
}

/** Each group's visible tags (its page, the admin's dialog, the CSV export), in name order. */
export async function groupTagsOf(
  db: Db | Tx,
  groupIds: readonly string[],
): Promise<Map<string, GroupTag[]>> {
  const out = new Map<string, GroupTag[]>(groupIds.map((id) => [id, []]));
  if (!groupIds.length) return out;
  const rows = await db
    .select({ groupId: groupTags.groupId, slug: tags.slug, name: tags.name })
    .from(groupTags)
    .innerJoin(tags, eq(tags.id, groupTags.tagId))
    .where(and(inArray(groupTags.groupId, [...groupIds]), isVisibleTag))
    .orderBy(asc(tags.name));
  for (const row of rows) out.get(row.groupId)?.push({ slug: row.slug, name: row.name });
  return out;
}

/**
 * The tag ids an owner or admin chose, checked: every slug a visible tag, an 18+ tag only on an 18+
 * group. 400 with the `tags` field's pt-BR message otherwise.
 */
export async function chosenTagIds(
  db: Db | Tx,
  slugs: readonly string[],
  { adultGroup }: { adultGroup: boolean },
): Promise<number[]> {
  if (!slugs.length) return [];
  const rows = await db
    .select({ id: tags.id, slug: tags.slug, name: tags.name, adult: tags.adult })
    .from(tags)
    .where(and(inArray(tags.slug, [...slugs]), isVisibleTag));
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  return slugs.map((slug) => {
    const tag = bySlug.get(slug);
    if (!tag) throw new AppError('BAD_REQUEST', unknownTagMessage(slug), { tags: unknownTagMessage(slug) });
    if (tag.adult && !adultGroup)
      throw new AppError('BAD_REQUEST', adultTagMessage(tag.name), { tags: adultTagMessage(tag.name) });
    return tag.id;
  });
}

/** Whether a category is 18+ (its groups may carry 18+ tags). */
export async function isAdultCategory(db: Db | Tx, categoryId: number): Promise<boolean> {
  const [row] = await db
    .select({ adult: categories.adult })
    .from(categories)
    .where(eq(categories.id, categoryId));
  return row?.adult ?? false;
}

/** A group's current tag ids, in id order (to compare with a choice). */
export async function currentTagIds(db: Db | Tx, groupId: string): Promise<number[]> {
  const rows = await db
    .select({ tagId: groupTags.tagId })
    .from(groupTags)
    .where(eq(groupTags.groupId, groupId))
    .orderBy(asc(groupTags.tagId));
  return rows.map((row) => row.tagId);
}

/** Whether two choices name the same tags (order aside). */
export function sameTags(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (a === null || b === null) return a === b;
  const sa = [...a].sort((x, y) => x - y);
  const sb = [...b].sort((x, y) => x - y);
  return sa.length === sb.length && sa.every((id, i) => id === sb[i]);
}

/**
 * Replace a group's tags (inside the caller's transaction) and touch the group, so its page, its
 * lists' cacheKeys and the sitemap see the change.
 */
export async function writeGroupTags(tx: Db | Tx, groupId: string, tagIds: readonly number[]): Promise<void> {
  await tx.delete(groupTags).where(eq(groupTags.groupId, groupId));
  if (tagIds.length)
    await tx
      .insert(groupTags)
      .values([...new Set(tagIds)].map((tagId) => ({ groupId, tagId })))
      .onConflictDoNothing();
  await tx.update(groups).set({ updatedAt: new Date() }).where(eq(groups.id, groupId));
}

/** A tag a list is filtered by, with its count of public groups. */
export interface FilterTag {
  id: number;
  publicGroups: number;
}

/**
 * The filter's tags (GET /api/groups?tag=): a merged slug means the tag it was merged into; an unknown
 * or hidden one is a 400.
 */
export async function filterTags(db: Db, slugs: readonly string[]): Promise<FilterTag[]> {
  if (!slugs.length) return [];
  const live = alias(tags, 'live');
  const rows = await db
    .select({ slug: tags.slug, id: live.id, publicGroups: live.publicGroups })
    .from(tags)
    .innerJoin(live, eq(live.id, sql`coalesce(${tags.mergedIntoId}, ${tags.id})`))
    .where(and(inArray(tags.slug, [...slugs]), eq(tags.hidden, false)));
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const found = new Map<number, FilterTag>();
  for (const slug of slugs) {
    const row = bySlug.get(slug);
    if (!row) throw new AppError('BAD_REQUEST', UNKNOWN_TAG_FILTER(slug), { tag: UNKNOWN_TAG_FILTER(slug) });
    found.set(row.id, { id: row.id, publicGroups: row.publicGroups });
  }
  return [...found.values()];
}

/** Merged tags' slugs and the visible tag each now means (the topic pages' redirects). */
export async function mergedTagRedirects(db: Db): Promise<{ from: string; to: string }[]> {
  return rowsOf<{ from: string; to: string }>(
    await db.execute(sql`
      select t.slug as "from", m.slug as "to" from tags t join tags m on m.id = t.merged_into_id
      where not m.hidden and m.merged_into_id is null`),
  );
}

/** Tag ids as they stand now: a merged tag becomes the one it went into, a hidden one is dropped. */
export async function liveTagIds(db: Db | Tx, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: sql<number>`coalesce(${tags.mergedIntoId}, ${tags.id})`.mapWith(Number),
      hidden: tags.hidden,
    })
    .from(tags)
    .where(inArray(tags.id, [...ids]));
  return [...new Set(rows.filter((row) => !row.hidden).map((row) => row.id))];
}

/** Tag names by id (a revision's proposed tags, as the admin reads them). */
export async function tagNamesById(db: Db | Tx, ids: readonly number[]): Promise<Map<number, GroupTag>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: tags.id, slug: tags.slug, name: tags.name })
    .from(tags)
    .where(inArray(tags.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { slug: row.slug, name: row.name }]));
}

/**
 * The indexed topic pages (visible, not 18+, at least TOPIC_PAGE_MIN_GROUPS public groups) with their
 * newest public group change: the sitemap's entries, in one grouped read.
 */
export async function topicPagesForSitemap(db: Db): Promise<{ slug: string; updatedAt: Date | null }[]> {
  const rows = rowsOf<{ slug: string; at: string | Date | null }>(
    await db.execute(sql`
      select t.slug, max(g.updated_at) as at from tags t
      join group_tags gt on gt.tag_id = t.id join groups g on g.id = gt.group_id
      where not t.hidden and t.merged_into_id is null and not t.adult and ${sql.raw(publicPredicate('g'))}
      group by t.slug having count(*) >= ${TOPIC_PAGE_MIN_GROUPS}
      order by t.slug`),
  );
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.at ? new Date(row.at) : null }));
}

/** A visible tag found by its slug or its name (accents and case aside): the CSV import's lookup. */
export async function tagFinder(
  db: Db,
): Promise<(text: string) => { id: number; name: string; adult: boolean } | undefined> {
  const rows = await db
    .select({ id: tags.id, slug: tags.slug, name: tags.name, adult: tags.adult })
    .from(tags)
    .where(isVisibleTag);
  const byKey = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    byKey.set(row.slug, row);
    byKey.set(slugify(row.name), row);
  }
  return (text) => byKey.get(slugify(text));
}

/** Each group's visible tags' slugs, comma-separated, as SQL (the CSV export's column). */
export const groupTagSlugs = sql<string>`array_to_string(array(select t.slug from ${groupTags} gt join ${tags} t on t.id = gt.tag_id
  where gt.group_id = ${groups.id} and not t.hidden and t.merged_into_id is null order by t.slug), ',')`;
