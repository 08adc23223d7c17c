// What the static build needs for the topic pages /tag/{slug} (#43), each with its incremental-build
// cacheKey: a digest of exactly what the page renders (the tag, its list's size and first page, the
// related topics, 'Em alta', the room for ads), so a change that shows on a topic page, or a change to a
// group's tags, re-renders the pages of the tags it carries (or carried) and no other. No "newest
// change" of the tag's groups: reading it was a pass over every tagged group, ~5 s of a 1M rebuild, and
// it re-rendered pages whose HTML had not changed. Held, pending and 18+ groups
// never appear: the list is search's public list filtered by the tag (db/visibility.ts).
import type { Db } from '#db/client.ts';
import { listCategories } from '../categories/categories.server.ts';
import { cardKey, digest } from '../groups/group-pages.server.ts';
import { CATEGORY_PAGE_SIZE } from '../groups/groups.schema.ts';
import type { GroupPage } from '../groups/groups.server.ts';
import { TRENDING_SHOWN } from '../ranking/ranking.schema.ts';
import { type TrendingGroup, trendingGroups } from '../ranking/ranking.server.ts';
import { SearchQuerySchema } from '../search/search.schema.ts';
import { searchGroups } from '../search/search.server.ts';
import { listPublicTags } from '../tags/tags.server.ts';
import type { TagJson } from '../tags/tags.ts';

/** Related topics shown under the list: same category affinity, most groups first. */
const RELATED_TAGS = 8;

export interface TopicPage {
  tag: TagJson;
  /** the first page of the tag's public groups, newest first */
  page: GroupPage;
  related: TagJson[];
  /** the tag's category affinity (the breadcrumb's middle step) */
  category: { slug: string; name: string } | null;
  /** 'Em alta' in this topic, as the build read it */
  trending: TrendingGroup[];
  cacheKey: string;
}

/** The first page of a tag's public groups ('Mais recentes', as the island's later pages). */
export function topicGroups(db: Db, slug: string, page = 1): Promise<GroupPage> {
  return searchGroups(
    db,
    SearchQuerySchema.parse({ tag: [slug], page, limit: CATEGORY_PAGE_SIZE, sortBy: 'createdAt' }),
  );
}

/**
 * Every visible, non-adult tag's topic page (18+ tags' groups are public to nobody, decision 0010).
 * `extra` joins the cacheKey: what else the page renders that the build reads once (the ads' room).
 */
export async function topicPagesForBuild(db: Db, extra: unknown = null): Promise<TopicPage[]> {
  // Read fresh, not once per build: these pages' keys must see every change (the others share a copy).
  const [all, categories] = await Promise.all([listPublicTags(db), listCategories(db)]);
  const tags = all.filter((tag) => !tag.adult);
  const categoryNames = new Map(categories.map((c) => [c.slug, c.name]));
  return Promise.all(
    tags.map(async (tag) => {
      const [page, trending] = await Promise.all([
        topicGroups(db, tag.slug),
        trendingGroups(db, { tag: tag.slug }, TRENDING_SHOWN),
      ]);
      const related = tags
        .filter(
          (t) =>
            t.slug !== tag.slug && t.count > 0 && tag.categorySlug && t.categorySlug === tag.categorySlug,
        )
        .sort((a, b) => b.count - a.count)
        .slice(0, RELATED_TAGS);
      const category = tag.categorySlug
        ? { slug: tag.categorySlug, name: categoryNames.get(tag.categorySlug) ?? tag.categorySlug }
        : null;
      const cacheKey = digest([
        { slug: tag.slug, name: tag.name, count: tag.count },
        category,
        extra,
        page.pagination.total,
        page.groups.map((g) => [...cardKey(g), g.path, g.image, g.category]),
        related.map((t) => [t.slug, t.name, t.count]),
        // 'Em alta' as built (a visit refreshes it from the API; the next build writes it again).
        trending.map((g) => [g.id, g.trend]),
      ]);
      return { tag, page, related, category, trending, cacheKey };
    }),
  );
}
