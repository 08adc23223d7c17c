// API latency: the same requests through the function handlers directly (in this process, on the
// scratch database) and through the local platform (HTTP, @netlify/dev), plus requests/s at 32
// concurrent clients with autocannon.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client.ts';
import { categories, groups } from '../db/schema.ts';
import * as groupsFn from '../functions/groups.ts';
import { SearchQuerySchema } from '../src/features/search/search.schema.ts';
import { searchGroups } from '../src/features/search/search.server.ts';
import { callFunction } from '../tests/support/functions.ts';
import { searchWords } from './database.ts';
import { type Latency, log, timeCalls, warmLoadTest } from './lib.ts';

export interface ApiCase {
  name: string;
  paths: string[];
}

/** The requests measured: home lists, category pages, search, a group by slug. */
export async function apiCases(
  handle: DbHandle,
): Promise<{ cases: ApiCase[]; words: { common: string; rare: string } }> {
  const db = handle.db;
  const [biggest] = await db
    .select({ slug: categories.slug, n: sql<number>`count(${groups.id})::int` })
    .from(categories)
    .innerJoin(groups, and(eq(groups.categoryId, categories.id), eq(groups.approved, true)))
    .groupBy(categories.slug)
    .orderBy(desc(sql`count(${groups.id})`))
    .limit(1);
  const sample = await db.execute(sql`
    select c.slug as category, g.title_slug as title from groups g join categories c on c.id = g.category_id
    where g.approved and g.hidden_at is null and not c.adult order by g.id limit 50`);
  const rows = ((sample as { rows?: unknown[] }).rows ?? sample) as { category: string; title: string }[];
  const words = await searchWords(handle);
  // Tags (#43): the most used one, it with the second, and the least used one that has groups.
  const used = await db.execute(sql`
    select t.slug, count(*)::int as n from group_tags gt join tags t on t.id = gt.tag_id
    group by t.slug order by n desc, t.slug`);
  const tagRows = ((used as { rows?: unknown[] }).rows ?? used) as { slug: string; n: number }[];
  const category = encodeURIComponent(biggest?.slug ?? 'amizade');
  const cases: ApiCase[] = [
    { name: 'home: featured', paths: ['/api/groups/featured'] },
    { name: 'home: recent', paths: ['/api/groups/recent?page=1'] },
    { name: 'all by score (Relevância)', paths: ['/api/groups?sortBy=relevance&page=1'] },
    { name: '/buscar without a term (score)', paths: ['/api/groups?search=&sortBy=relevance'] },
    { name: '/buscar without a term, page 50', paths: ['/api/groups?search=&sortBy=relevance&page=50'] },
    { name: 'category by score', paths: [`/api/groups?search=&category=${category}&sortBy=relevance`] },
    { name: 'em alta', paths: ['/api/groups/trending', '/api/groups?search=&sortBy=trending'] },
    { name: 'category page 1', paths: [`/api/groups?category=${category}&page=1`] },
    { name: 'category page 500', paths: [`/api/groups?category=${category}&page=500`] },
    { name: 'search: common word', paths: [`/api/groups?search=${encodeURIComponent(words.common)}`] },
    { name: 'search: rare word', paths: [`/api/groups?search=${encodeURIComponent(words.rare)}`] },
    {
      name: 'search: filters',
      paths: [
        `/api/groups?search=${encodeURIComponent(words.common)}&minCliques=100&dateAfter=2026-01-01&sortBy=createdAt`,
      ],
    },
    ...(tagRows.length >= 2
      ? [
          { name: 'tag: most used', paths: [`/api/groups?tag=${tagRows[0]!.slug}`] },
          { name: 'tag: two tags', paths: [`/api/groups?tag=${tagRows[0]!.slug}&tag=${tagRows[1]!.slug}`] },
          { name: 'tag: least used', paths: [`/api/groups?tag=${tagRows.at(-1)!.slug}`] },
          { name: 'tag: most used, page 50', paths: [`/api/groups?tag=${tagRows[0]!.slug}&page=50`] },
        ]
      : []),
    {
      name: 'group by slug',
      paths: rows.map(
        (r) => `/api/groups/slug/${encodeURIComponent(r.category)}/${encodeURIComponent(r.title)}`,
      ),
    },
  ];
  return { cases, words };
}

async function expectOk(res: Response, path: string) {
  if (res.status !== 200)
    throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  await res.arrayBuffer();
}

/** p50/p95 of each case through the handler itself (no HTTP). */
export async function handlerLatency(cases: ApiCase[], iterations: number): Promise<Record<string, Latency>> {
  const out: Record<string, Latency> = {};
  for (const c of cases) {
    out[c.name] = await timeCalls(iterations, async (i) => {
      const path = c.paths[i % c.paths.length] as string;
      await expectOk(await callFunction(groupsFn, path), path);
    });
  }
  return out;
}

/** Search time in the database layer alone (searchGroups), the figure the 10 ms target is about. */
export async function searchDbLatency(
  handle: DbHandle,
  words: { common: string; rare: string },
  iterations: number,
): Promise<Record<string, Latency>> {
  const queries = {
    'search: common word': { search: words.common },
    'search: rare word': { search: words.rare },
    'search: filters': {
      search: words.common,
      minCliques: '100',
      dateAfter: '2026-01-01',
      // 'Mais populares' is gone (#43): an old sortBy=cliques reads as 'Relevância', measured as such.
      sortBy: 'relevance',
    },
  };
  const out: Record<string, Latency> = {};
  for (const [name, raw] of Object.entries(queries)) {
    const query = SearchQuerySchema.parse(raw);
    out[name] = await timeCalls(iterations, () => searchGroups(handle.db, query));
  }
  return out;
}

/** p50/p95 of each case over HTTP through the platform, one request at a time. */
export async function platformLatency(base: string, cases: ApiCase[], iterations: number) {
  const out: Record<string, Latency> = {};
  for (const c of cases) {
    out[c.name] = await timeCalls(iterations, async (i) => {
      const path = c.paths[i % c.paths.length] as string;
      await expectOk(await fetch(base + path), path);
    });
  }
  return out;
}

/**
 * Requests/s with 32 concurrent clients over a mix of every case (each client sends `perClient`), on
 * warm function instances (see warmLoadTest).
 */
export async function platformThroughput(base: string, cases: ApiCase[], perClient: number) {
  const paths = cases.flatMap((c) => c.paths.slice(0, 5));
  let n = 0;
  const seen = new Set<number>();
  log(`autocannon: 32 clients × ${perClient} requests…`);
  return warmLoadTest({
    url: base,
    connections: 32,
    requestsPerClient: perClient,
    requests: [
      {
        method: 'GET',
        setupRequest: (req, context) => {
          context.path = paths[n++ % paths.length];
          return { ...req, path: context.path as string };
        },
        // The first answer of each failing status, to say what failed.
        onResponse: (status, body, context) => {
          if (status < 300 || seen.has(status)) return;
          seen.add(status);
          log(`${context.path} answered ${status}: ${body.slice(0, 300)}`);
        },
      },
    ],
  });
}
