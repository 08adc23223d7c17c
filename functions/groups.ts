// Public group reads: lists (or a search), featured, recent, 'Em alta' (trending), one group by id or by slugs, related.
// POST /api/groups (submission) is another function; this one declares method GET.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { cookiesOf, isAgeVerified } from '#src/features/age-verification/age-verification.server.ts';
import {
  categoryGroups,
  featuredGroups,
  groupById,
  groupBySlug,
  publicGroupsPage,
  recentGroups,
  relatedGroups,
} from '#src/features/groups/group-lists.server.ts';
import {
  FeaturedQuerySchema,
  GroupListQuerySchema,
  RecentQuerySchema,
  RelatedQuerySchema,
  SEARCH_PARAMS,
} from '#src/features/groups/groups.schema.ts';
import { TrendingQuerySchema } from '#src/features/ranking/ranking.schema.ts';
import { trendingGroups } from '#src/features/ranking/ranking.server.ts';
import { SearchQuerySchema } from '#src/features/search/search.schema.ts';
import { searchGroups } from '#src/features/search/search.server.ts';
import { AppError, json, parse, parseQuery, route } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND } from '#src/lib/ids.ts';

// Lists change when a group is approved or clicked: short enough to feel live, long enough to absorb bursts.
const LIST_CACHE = { 'cache-control': 'public, max-age=30' };
const GROUP_CACHE = { 'cache-control': 'public, max-age=15' };
// 'Em alta' moves when the ranking runs (every 10 minutes): the CDN answers every page's island meanwhile.
const TRENDING_CACHE = { 'cache-control': 'public, max-age=60, s-maxage=300, stale-while-revalidate=300' };
// Whatever may hold adult (18+) groups is the visitor's own: never kept by the CDN or shared.
const PRIVATE = { 'cache-control': 'private, no-store' };

/**
 * adult=1 opens 18+ groups only for a visitor whose age the verification provider confirmed
 * (decision 0010); the parameter alone opens nothing. Its answers are private either way, so a copy
 * made for one visitor never reaches another.
 */
async function adultAccess(context: Context, asked: boolean) {
  return {
    includeAdult: asked && (await isAgeVerified(cookiesOf(context))),
    cache: asked ? PRIVATE : LIST_CACHE,
  };
}

function segment(value: string | undefined): string {
  if (!value) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  try {
    return decodeURIComponent(value);
  } catch {
    throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  }
}

async function list(req: Request, context: Context) {
  const db = await getDb();
  const params = new URL(req.url).searchParams;
  if (SEARCH_PARAMS.some((name) => params.has(name))) {
    const query = parse(SearchQuerySchema, {
      search: '',
      ...Object.fromEntries(params),
      tag: params.getAll('tag'),
    });
    const { includeAdult, cache } = await adultAccess(context, query.adult);
    return json(await searchGroups(db, { ...query, adult: includeAdult }), 200, cache);
  }
  const { adult, ...query } = parseQuery(GroupListQuerySchema, req);
  const { includeAdult, cache } = await adultAccess(context, adult);
  const page = query.category
    ? await categoryGroups(db, { categorySlug: query.category, ...query, includeAdult })
    : await publicGroupsPage(db, {
        ...query,
        sortBy: query.sortBy === 'title' ? 'createdAt' : query.sortBy,
        includeAdult,
      });
  return json(page, 200, cache);
}

export default route({
  GET: async (req: Request, context: Context) => {
    // Dispatch on the path itself: '/api/groups/:id' would also match 'featured' and 'recent'.
    const parts = new URL(req.url).pathname.replace(/\/+$/, '').split('/').slice(3);
    const db = await getDb();
    if (parts.length === 0) return list(req, context);
    if (parts.length === 1 && parts[0] === 'featured') {
      const { includeAdult, cache } = await adultAccess(context, parseQuery(FeaturedQuerySchema, req).adult);
      return json(await featuredGroups(db, new Date(), undefined, { includeAdult }), 200, cache);
    }
    if (parts.length === 1 && parts[0] === 'trending') {
      const { limit, ...scope } = parseQuery(TrendingQuerySchema, req);
      return json(await trendingGroups(db, scope, limit), 200, TRENDING_CACHE);
    }
    if (parts.length === 1 && parts[0] === 'recent') {
      const { adult, ...query } = parseQuery(RecentQuerySchema, req);
      const { includeAdult, cache } = await adultAccess(context, adult);
      return json(await recentGroups(db, { ...query, includeAdult }), 200, cache);
    }
    // One group: an 18+ one only for a verified visitor, and then privately.
    const verified = { includeAdult: await isAgeVerified(cookiesOf(context)) };
    const oneCache = (group: { adult: boolean }) => (group.adult ? PRIVATE : GROUP_CACHE);
    if (parts.length === 1) {
      const group = await groupById(db, segment(parts[0]), verified);
      return json(group, 200, oneCache(group));
    }
    if (parts.length === 2 && parts[1] === 'related') {
      const { limit, adult } = parseQuery(RelatedQuerySchema, req);
      const group = await groupById(db, segment(parts[0]), verified);
      const { includeAdult, cache } = await adultAccess(context, adult);
      return json(
        await relatedGroups(db, group, limit, { includeAdult }),
        200,
        group.adult ? PRIVATE : cache,
      );
    }
    if (parts.length === 3 && parts[0] === 'slug') {
      const group = await groupBySlug(db, segment(parts[1]), segment(parts[2]), verified);
      return json(group, 200, oneCache(group));
    }
    throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  },
});

export const config: Config = {
  path: [
    '/api/groups',
    '/api/groups/featured',
    '/api/groups/recent',
    '/api/groups/trending',
    '/api/groups/slug/:categorySlug/:titleSlug',
    '/api/groups/:id',
    '/api/groups/:id/related',
  ],
  method: 'GET',
};
