// Public group reads: lists (or a search), featured, recent, one group by id or by slugs, related.
// POST /api/groups (submission) is another function; this one declares method GET.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import {
  categoryGroups,
  featuredGroups,
  GROUP_NOT_FOUND,
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
import { SearchQuerySchema } from '#src/features/search/search.schema.ts';
import { searchGroups } from '#src/features/search/search.server.ts';
import { AppError, json, parse, parseQuery, route } from '#src/lib/http.server.ts';

// Lists change when a group is approved or clicked: short enough to feel live, long enough to absorb bursts.
const LIST_CACHE = { 'cache-control': 'public, max-age=30' };
const GROUP_CACHE = { 'cache-control': 'public, max-age=15' };

function segment(value: string | undefined): string {
  if (!value) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  try {
    return decodeURIComponent(value);
  } catch {
    throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  }
}

async function list(req: Request) {
  const db = await getDb();
  const params = new URL(req.url).searchParams;
  if (SEARCH_PARAMS.some((name) => params.has(name))) {
    const query = parse(SearchQuerySchema, { search: '', ...Object.fromEntries(params) });
    return json(await searchGroups(db, query), 200, LIST_CACHE);
  }
  const { adult, ...query } = parseQuery(GroupListQuerySchema, req);
  const page = query.category
    ? await categoryGroups(db, { categorySlug: query.category, ...query, includeAdult: adult })
    : await publicGroupsPage(db, {
        ...query,
        sortBy: query.sortBy === 'title' ? 'createdAt' : query.sortBy,
        includeAdult: adult,
      });
  return json(page, 200, LIST_CACHE);
}

export default route({
  GET: async (req: Request, _context: Context) => {
    // Dispatch on the path itself: '/api/groups/:id' would also match 'featured' and 'recent'.
    const parts = new URL(req.url).pathname.replace(/\/+$/, '').split('/').slice(3);
    const db = await getDb();
    if (parts.length === 0) return list(req);
    if (parts.length === 1 && parts[0] === 'featured') {
      const { adult } = parseQuery(FeaturedQuerySchema, req);
      return json(await featuredGroups(db, new Date(), undefined, { includeAdult: adult }), 200, LIST_CACHE);
    }
    if (parts.length === 1 && parts[0] === 'recent') {
      const { adult, ...query } = parseQuery(RecentQuerySchema, req);
      return json(await recentGroups(db, { ...query, includeAdult: adult }), 200, LIST_CACHE);
    }
    if (parts.length === 1) return json(await groupById(db, segment(parts[0])), 200, GROUP_CACHE);
    if (parts.length === 2 && parts[1] === 'related') {
      const { limit, adult } = parseQuery(RelatedQuerySchema, req);
      const group = await groupById(db, segment(parts[0]));
      return json(await relatedGroups(db, group, limit, { includeAdult: adult }), 200, LIST_CACHE);
    }
    if (parts.length === 3 && parts[0] === 'slug') {
      const group = await groupBySlug(db, segment(parts[1]), segment(parts[2]));
      return json(group, 200, GROUP_CACHE);
    }
    throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  },
});

export const config: Config = {
  path: [
    '/api/groups',
    '/api/groups/featured',
    '/api/groups/recent',
    '/api/groups/slug/:categorySlug/:titleSlug',
    '/api/groups/:id',
    '/api/groups/:id/related',
  ],
  method: 'GET',
};
