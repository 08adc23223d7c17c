// Search over public groups. Full text first (Portuguese stemming over unaccented words, irregular
// plurals added), trigrams on the title when full text finds nothing (partial words, small typos).
// Relevance is "title matches above description-only matches, then popularity".
//
// Speed at any match count (docs/decisions/search-at-scale.md): matches are counted only up to
// SEARCH_TOTAL_CAP (+1 says "more"), and pages stop there. A page is then read one of two ways:
// few matches -> the GIN bitmap and an in-memory sort (cost grows with the matches, at most the cap);
// many matches -> the partial b-tree in sort order, filtered, stopping at the page (cost grows with
// depth / match rate). Which one is cheaper is decided from the exact capped count and, for deep pages
// of very many matches, from the planner's estimate.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { categories, groups } from '#db/schema.ts';
import {
  type GroupPage,
  type GroupRow,
  groupColumns,
  groupsWithCategory,
  isPublicGroup,
  toGroupJson,
} from '../groups/groups.server.ts';
import type { SearchQuery } from './search.schema.ts';
import { numberVariant, SEARCH_TOTAL_CAP, searchWords, usesSearchSyntax } from './search.ts';

/** A search page: totals above the cap are reported as the cap with `capped: true`. */
export interface SearchPage extends GroupPage {
  pagination: GroupPage['pagination'] & { capped: boolean };
}

const CONFIG = sql.raw(`'pt_unaccent'::regconfig`);
/** The expression of the title full-text index (groups_public_title_fts_idx). */
const titleVector = sql`to_tsvector(${CONFIG}, ${groups.title})`;
/** The expression of the title trigram index (groups_title_trgm_idx). */
const titleTrigrams = sql`immutable_unaccent(lower(${groups.title}))`;

/** The tsquery of a term: every word (or its other number) must match; typed syntax is kept as is. */
export function termQuery(term: string): SQL | null {
  if (usesSearchSyntax(term)) return sql`websearch_to_tsquery(${CONFIG}, ${term})`;
  const words = searchWords(term);
  if (words.length === 0) return null;
  const parts = words.map((word) => {
    const variant = numberVariant(word);
    const one = sql`plainto_tsquery(${CONFIG}, ${word})`;
    return variant ? sql`(${one} || plainto_tsquery(${CONFIG}, ${variant}))` : one;
  });
  return sql`(${sql.join(parts, sql` && `)})`;
}

/**
 * The filters. With a term the text index leads: the cliques and date filters are then written so no
 * b-tree serves them (`+ 0`), or the planner ANDs a bitmap of half the table for a wide range.
 */
function filtersOf(query: SearchQuery, textLeads: boolean): SQL[] {
  const filters: SQL[] = [isPublicGroup];
  const cliques = textLeads ? sql`(${groups.cliques} + 0)` : groups.cliques;
  if (query.minCliques !== undefined) filters.push(sql`${cliques} >= ${query.minCliques}`);
  if (query.maxCliques !== undefined) filters.push(sql`${cliques} <= ${query.maxCliques}`);
  const created = textLeads ? sql`(${groups.createdAt} + interval '0 s')` : groups.createdAt;
  // Dates are days in São Paulo, the visitor's calendar: "até 10/03" includes all of 10/03.
  if (query.dateAfter)
    filters.push(sql`${created} >= (${query.dateAfter}::date)::timestamp at time zone 'America/Sao_Paulo'`);
  if (query.dateBefore)
    filters.push(
      sql`${created} < (${query.dateBefore}::date + 1)::timestamp at time zone 'America/Sao_Paulo'`,
    );
  return filters;
}

type Order = 'createdAt' | 'cliques';

/** Sort keys in the partial b-tree indexes' order (walked), or as expressions no index has (sorted). */
function orderBy(order: Order, walk: boolean): SQL[] {
  const key = order === 'createdAt' ? groups.createdAt : groups.cliques;
  return walk
    ? [sql`${key} desc nulls last`, sql`${groups.id} desc nulls last`]
    : [sql`(${key}) desc nulls last`, sql`(${groups.id}::text) desc`];
}

/** Matches counted up to the cap (+1 tells "more than the cap"). */
async function cappedCount(db: Db, where: SQL | undefined): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(groups)
    .where(where)
    .limit(SEARCH_TOTAL_CAP + 1)
    .as('m');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return Number(row?.n ?? 0);
}

/** The planner's row estimate for a condition (statistics only; nothing is read). */
async function estimatedRows(db: Db, where: SQL | undefined): Promise<number> {
  const [plan] = rowsOf<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    await db.execute(sql`explain (format json) select 1 from ${groups} where ${where}`),
  );
  return plan?.['QUERY PLAN']?.[0]?.Plan['Plan Rows'] ?? 0;
}

async function publicRows(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select greatest(reltuples, 1)::float8 as n from pg_class where oid = 'groups'::regclass`,
    ),
  );
  return Number(row?.n ?? 1);
}

/**
 * A condition written twice: `sorted` for counts and bitmap reads (b-trees kept out of the cliques and
 * date filters, or the planner ANDs a bitmap of half the table for a wide range), `walked` for reading
 * a sort index in order (its range filters become index conditions).
 */
interface Where {
  sorted: SQL | undefined;
  walked: SQL | undefined;
}

function whereOf(query: SearchQuery, ...conditions: SQL[]): Where {
  const extra = query.link ? [eq(groups.inviteCode, query.link), ...conditions] : conditions;
  return {
    sorted: and(...filtersOf(query, true), ...extra),
    walked: and(...filtersOf(query, false), ...extra),
  };
}

/** Rows of a page in one order, read the cheaper way for `matches` (a capped count). */
async function readPage(
  db: Db,
  where: Where,
  order: Order,
  matches: number,
  offset: number,
  limit: number,
): Promise<GroupRow[]> {
  if (limit <= 0 || offset >= Math.min(matches, SEARCH_TOTAL_CAP)) return [];
  let walk = matches > SEARCH_TOTAL_CAP;
  const need = offset + limit;
  if (walk && need > 12) {
    // Deep page of many matches: walking reads about need * rows / matches rows, sorting reads matches.
    const [estimate, rows] = await Promise.all([estimatedRows(db, where.sorted), publicRows(db)]);
    walk = estimate * estimate >= need * rows;
  }
  // Past the first page only the sort keys travel through the sort (or walk); the page's few rows are
  // then read by id, so the join and the wide columns are paid for 6 rows, not for every row skipped.
  const narrow = offset > 0;
  const read = (tx: Db) => {
    const base = narrow
      ? tx.select({ id: groups.id }).from(groups)
      : tx.select(groupColumns).from(groups).innerJoin(categories, groupsWithCategory);
    return base
      .where(walk ? where.walked : where.sorted)
      .orderBy(...orderBy(order, walk))
      .limit(limit)
      .offset(offset) as Promise<{ id: string }[]>;
  };
  const ordered = walk
    ? // The planner multiplies correlated selectivities and would sort every match: walk the index.
      await db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`,
        );
        return read(tx as unknown as Db);
      })
    : await read(db);
  if (!narrow) return ordered as GroupRow[];
  if (ordered.length === 0) return [];
  const rows = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(
      inArray(
        groups.id,
        ordered.map((row) => row.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ordered.flatMap((row) => byId.get(row.id) ?? []);
}

/** One page of public groups matching a search (or the one group with an invite link). */
export async function searchGroups(db: Db, query: SearchQuery): Promise<SearchPage> {
  const offset = (query.page - 1) * query.limit;
  // Pages end at the cap: the last reachable page may be short.
  const limit = Math.max(0, Math.min(query.limit, SEARCH_TOTAL_CAP - offset));
  const tsquery = query.search ? termQuery(query.search) : null;

  let result: { rows: GroupRow[]; counted: number } = { rows: [], counted: 0 };
  if (tsquery) {
    const matches = sql`${groups.searchVector} @@ ${tsquery}`;
    result =
      query.sortBy === 'relevance'
        ? await relevancePage(db, query, matches, tsquery, offset, limit)
        : await orderedPage(db, whereOf(query, matches), query.sortBy, offset, limit);
  }
  if (result.counted === 0 && query.search && !usesSearchSyntax(query.search)) {
    // Nothing in full text: partial words and small typos, by trigram word similarity on the title.
    result = await trigramPage(db, query, offset, limit);
  }
  if (!query.search) {
    // Filters (or a link) only: the public list in the chosen order; no text index leads here.
    const where = and(...filtersOf(query, false), ...(query.link ? [eq(groups.inviteCode, query.link)] : []));
    const order = query.sortBy === 'cliques' ? 'cliques' : 'createdAt';
    result = await orderedPage(db, { sorted: where, walked: where }, order, offset, limit);
  }

  const capped = result.counted > SEARCH_TOTAL_CAP;
  const total = Math.min(result.counted, SEARCH_TOTAL_CAP);
  const now = new Date();
  return {
    groups: result.rows.map((row) => toGroupJson(row, now)),
    pagination: {
      total,
      pages: Math.ceil(total / query.limit),
      page: query.page,
      limit: query.limit,
      capped,
    },
  };
}

async function orderedPage(db: Db, where: Where, order: Order, offset: number, limit: number) {
  const counted = await cappedCount(db, where.sorted);
  return { rows: await readPage(db, where, order, counted, offset, limit), counted };
}

/** Titles that match, then groups whose description alone matches; popularity inside each tier. */
async function relevancePage(
  db: Db,
  query: SearchQuery,
  matches: SQL,
  tsquery: SQL,
  offset: number,
  limit: number,
) {
  const inTitle = sql`${titleVector} @@ ${tsquery}`;
  const all = whereOf(query, matches);
  const titles = whereOf(query, inTitle);
  const [counted, inTitles] = await Promise.all([
    cappedCount(db, all.sorted),
    cappedCount(db, titles.sorted),
  ]);
  const rows = await readPage(db, titles, 'cliques', inTitles, offset, limit);
  if (rows.length < limit && inTitles <= SEARCH_TOTAL_CAP) {
    const descriptions = whereOf(query, matches, sql`not (${inTitle})`);
    const descriptionOffset = Math.max(0, offset - inTitles);
    // The description tier's size is the rest of the matches (capped when the whole is).
    const inDescriptions = counted > SEARCH_TOTAL_CAP ? counted : counted - inTitles;
    rows.push(
      ...(await readPage(
        db,
        descriptions,
        'cliques',
        inDescriptions,
        descriptionOffset,
        limit - rows.length,
      )),
    );
  }
  return { rows, counted };
}

/**
 * Trigram fallback in one pass: at most cap+1 candidates with their similarity, ranked here. Each
 * candidate costs an unaccent and a similarity, so they are computed once; above the cap the ranking is
 * among the first cap+1 candidates found (a typo rarely has that many, and the total says "mais de").
 */
async function trigramPage(db: Db, query: SearchQuery, offset: number, limit: number) {
  const term = query.search.toLowerCase();
  const { sorted: where } = whereOf(query, sql`${titleTrigrams} %> immutable_unaccent(${term})`);
  const candidates = await db
    .select({
      id: groups.id,
      similarity: sql<number>`word_similarity(immutable_unaccent(${term}), ${titleTrigrams})`,
      cliques: groups.cliques,
      createdAt: sql<number>`extract(epoch from ${groups.createdAt})::float8`,
    })
    .from(groups)
    .where(where)
    .limit(SEARCH_TOTAL_CAP + 1);
  const counted = candidates.length;
  const key = query.sortBy === 'createdAt' ? 'createdAt' : 'cliques';
  const ranked = candidates
    .slice(0, SEARCH_TOTAL_CAP)
    .sort(
      (a, b) =>
        (query.sortBy === 'relevance' ? Number(b.similarity) - Number(a.similarity) : 0) ||
        (key === 'cliques' ? b.cliques - a.cliques : Number(b.createdAt) - Number(a.createdAt)) ||
        b.id.localeCompare(a.id),
    )
    .slice(offset, offset + limit);
  if (ranked.length === 0) return { rows: [], counted };
  const rows = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(
      inArray(
        groups.id,
        ranked.map((row) => row.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ranked.flatMap((row) => byId.get(row.id) ?? []), counted };
}

/** Pages the instant suggestions index: the most clicked public groups, by path. */
export async function suggestionPaths(db: Db, limit: number): Promise<Set<string>> {
  const rows = await db
    .select({ categorySlug: categories.slug, titleSlug: groups.titleSlug })
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(isPublicGroup)
    .orderBy(...orderBy('cliques', true))
    .limit(limit);
  return new Set(rows.map((row) => `/${row.categorySlug}/${row.titleSlug}`));
}
