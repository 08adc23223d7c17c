// Search over public groups. Full text first (Portuguese stemming over unaccented words, irregular
// plurals added); when it finds nothing, typed words no title uses are corrected against the titles'
// vocabulary (typos, partial words) and full text runs again. Relevance is "title matches above
// description-only matches, then the ranking's score" (src/features/ranking, /como-ordenamos).
//
// Speed at any match count (docs/decisions/0004-search-at-scale.md): matches are counted only up to
// SEARCH_TOTAL_CAP (+1 says "more"), or not at all when the planner expects far more; pages stop at the
// cap. A page is then read one of two ways: few matches -> the GIN bitmap and an in-memory sort (cost
// grows with the matches, at most the cap); many matches -> the partial b-tree in sort order, filtered,
// stopping at the page. The next page starts from a keyset cursor, so it costs what the first one does.
// Tags are a filter like the others: groups.tag_ids' GIN index answers one or several at once, and a
// list by one tag alone takes its count from tags.public_groups.
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '#db/client.ts';
import { categories, groups, groupTags, tags } from '#db/schema.ts';
import { TIME_ZONE } from '#src/lib/time-zone.ts';
import {
  type GroupPage,
  type GroupRow,
  groupColumns,
  groupsWithCategory,
  isApprovedGroup,
  isPublicGroup,
  toGroupJson,
} from '../groups/groups.server.ts';
import { groupPath } from '../groups/groups.ts';
import { filterTags } from '../tags/tags.server.ts';
import type { SearchQuery, Suggestion } from './search.schema.ts';
import {
  type Cursor,
  cursorText,
  numberVariant,
  SEARCH_TOTAL_CAP,
  searchWords,
  usesSearchSyntax,
} from './search.ts';

/** A search page: totals above the cap are reported as the cap with `capped: true`. */
export interface SearchPage extends GroupPage {
  pagination: GroupPage['pagination'] & { capped: boolean; nextCursor: string | null };
}

const CONFIG = sql.raw(`'pt_unaccent'::regconfig`);
/** The title's lexemes (weight A of the stored vector), as groups_public_title_vector_idx has them. */
const titleVector = sql`ts_filter(${groups.searchVector}, '{a}')`;
/** Above this many estimated matches (and without cliques or date filters) nothing is counted. */
const TRUSTED_ESTIMATE = 5 * SEARCH_TOTAL_CAP;
/** Characters of a description the suggestions index (the search box shows none of it). */
const SUGGESTION_DESCRIPTION = 300;
/** Corrections kept per typed word (the closest vocabulary words, most used first on ties). */
const CORRECTIONS_PER_WORD = 3;

/** The tsquery of words: each word (one of its alternatives, or their other number) must match. */
function wordsQuery(words: string[][]): SQL {
  const parts = words.map((alternatives) => {
    const forms = alternatives.flatMap((word) => [word, numberVariant(word) ?? []].flat());
    return sql`(${sql.join(
      forms.map((form) => sql`plainto_tsquery(${CONFIG}, ${form})`),
      sql` || `,
    )})`;
  });
  return sql`(${sql.join(parts, sql` && `)})`;
}

/** The tsquery of a term: every word (or its other number) must match; typed syntax is kept as is. */
export function termQuery(term: string): SQL | null {
  if (usesSearchSyntax(term)) return sql`websearch_to_tsquery(${CONFIG}, ${term})`;
  const words = searchWords(term);
  return words.length === 0 ? null : wordsQuery(words.map((word) => [word]));
}

/**
 * Typed words no public title uses, replaced by the title words most like them (trigram word similarity
 * on `search_words`): 'matematca' -> matematica, 'matemat' -> matematica, matematico. Known words,
 * short words and words with nothing alike stay as typed. Null when no word changed (a second
 * full-text search would find nothing again).
 */
export async function correctedWords(db: Db, words: string[]): Promise<string[][] | null> {
  if (words.length === 0) return null;
  const found = await db.transaction(async (tx) => {
    // 0.5, not pg_trgm's 0.6: 'futbol' is 0.5 from 'futebol'. Only unknown words are corrected, and
    // only to the closest words, so the lower bar brings back common typos without noise.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
    return rowsOf<{ i: number; word: string; exact: boolean }>(
      await tx.execute(sql`
        select t.i::int as i, s.word, s.word = t.typed as exact
        from unnest(${sql.param(words)}::text[]) with ordinality as w(typed_raw, i)
        cross join lateral (select lower(immutable_unaccent(w.typed_raw)) as typed, w.i) t
        cross join lateral (
          select word from search_words
          where length(t.typed) >= 3 and t.typed <% word
          order by word = t.typed desc, word_similarity(t.typed, word) desc, groups desc
          limit ${CORRECTIONS_PER_WORD}
        ) s`),
    );
  });
  let changed = false;
  const corrected = words.map((typed, index) => {
    const mine = found.filter((row) => Number(row.i) === index + 1);
    if (mine.length === 0 || mine.some((row) => row.exact)) return [typed];
    changed = true;
    return mine.map((row) => row.word);
  });
  return changed ? corrected : null;
}

/**
 * The filters. With a term the text index leads: the cliques and date filters are then written so no
 * b-tree serves them (`+ 0`), or the planner ANDs a bitmap of half the table for a wide range.
 */
function filtersOf(query: SearchQuery, textLeads: boolean): SQL[] {
  // Adult (18+) groups only for a visitor the age-verification provider confirmed (decision 0010): the
  // function sets `adult` only after isAgeVerified; the query parameter alone never opens them.
  const filters: SQL[] = [query.adult ? isApprovedGroup : isPublicGroup];
  if (query.type) filters.push(eq(groups.type, query.type));
  // Every tag must be on the group (#43): groups_listed_tags_idx intersects them. The ids travel as
  // one parameter, the array's text form.
  if (query.tagIds?.length)
    filters.push(sql`${groups.tagIds} @> ${`{${query.tagIds.join(',')}}`}::integer[]`);
  // One category by slug: a scalar subquery, so groups_category_*_idx serve the order (#43, /buscar).
  if (query.category)
    filters.push(
      sql`${groups.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${query.category})`,
    );
  const cliques = textLeads ? sql`(${groups.cliques} + 0)` : groups.cliques;
  if (query.minCliques !== undefined) filters.push(sql`${cliques} >= ${query.minCliques}`);
  if (query.maxCliques !== undefined) filters.push(sql`${cliques} <= ${query.maxCliques}`);
  const created = textLeads ? sql`(${groups.createdAt} + interval '0 s')` : groups.createdAt;
  // Dates are days in São Paulo, the visitor's calendar: "até 10/03" includes all of 10/03.
  if (query.dateAfter)
    filters.push(sql`${created} >= (${query.dateAfter}::date)::timestamp at time zone ${TIME_ZONE}`);
  if (query.dateBefore)
    filters.push(sql`${created} < (${query.dateBefore}::date + 1)::timestamp at time zone ${TIME_ZONE}`);
  return filters;
}

/** Whether a list's only filters are tags (the public list, no term, link, category, type or range). */
function onlyTags(query: SearchQuery): boolean {
  return !query.search && !query.adult && !query.type && estimable({ ...query, tagIds: [] });
}

/** Whether the planner's estimate of the matches can stand in for a count (no correlated filters). */
function estimable(query: SearchQuery): boolean {
  return (
    !query.link &&
    !query.category &&
    query.minCliques === undefined &&
    query.maxCliques === undefined &&
    !query.dateAfter &&
    !query.dateBefore &&
    // One tag's share comes from the array's element statistics; several are assumed independent.
    (query.tagIds?.length ?? 0) <= 1
  );
}

/** The orders a page is read in: 'Novos', 'Relevância' (the ranking's score), 'Em alta'. */
type Order = 'createdAt' | 'score' | 'trend';

/** One column of a sort key: a time (compared in microseconds) or a whole number. */
interface KeyPart {
  column: AnyPgColumn;
  time: boolean;
}

// Each order's key, in the partial b-tree indexes' column order (db/schema.ts), the id last.
const ORDER_KEYS: Record<Order, KeyPart[]> = {
  // 'Novos' is the listing order (creation or the owner's last bump), as every recent list.
  createdAt: [{ column: groups.bumpedAt, time: true }],
  // 'Relevância': the score; the many groups tied at 0 in listing order (groups_public_score_idx).
  score: [
    { column: groups.rankScore, time: false },
    { column: groups.bumpedAt, time: true },
  ],
  // 'Em alta': the growth, then the score (groups_public_trend_idx; only groups with trend > 0).
  trend: [
    { column: groups.trendScore, time: false },
    { column: groups.rankScore, time: false },
  ],
};

/** A key column in the indexes' terms (walked) or as an expression no index has. */
function keySql(part: KeyPart, walk: boolean): SQL {
  if (walk) return sql`${part.column}`;
  return part.time ? sql`(${part.column} + interval '0 s')` : sql`(${part.column} + 0)`;
}

function orderBy(order: Order, walk: boolean): SQL[] {
  const keys = ORDER_KEYS[order].map((part) => sql`${keySql(part, walk)} desc nulls last`);
  return [...keys, walk ? sql`${groups.id} desc nulls last` : sql`(${groups.id}::text) desc`];
}

/** The sort key as the cursor carries it: exact (microseconds, not the milliseconds a Date keeps). */
function cursorKey(order: Order): SQL<string> {
  const parts = ORDER_KEYS[order].map((part) =>
    part.time ? sql`(extract(epoch from ${part.column}) * 1000000)::bigint::text` : sql`${part.column}::text`,
  );
  return sql<string>`concat_ws('_', ${sql.join(parts, sql`, `)})`;
}

/** Whether a cursor's key has this order's parts (a cursor of another order starts at the offset). */
function fitsOrder(order: Order, cursor: Cursor): boolean {
  return cursor.key.split('_').length === ORDER_KEYS[order].length;
}

/** Rows after the cursor in the order (a range condition on the walked index). */
function afterCursor(order: Order, walk: boolean, cursor: Cursor): SQL {
  const values = cursor.key.split('_');
  const keys = ORDER_KEYS[order].map((part, i) =>
    part.time
      ? sql`(timestamptz 'epoch' + ${values[i]}::bigint * interval '1 microsecond')`
      : sql`${values[i]}::bigint`,
  );
  const columns = ORDER_KEYS[order].map((part) => keySql(part, walk));
  return walk
    ? sql`(${sql.join(columns, sql`, `)}, ${groups.id}) < (${sql.join(keys, sql`, `)}, ${cursor.id}::uuid)`
    : sql`(${sql.join(columns, sql`, `)}, ${groups.id}::text) < (${sql.join(keys, sql`, `)}, ${cursor.id})`;
}

/** Matches counted up to the cap (+1 tells "more than the cap"), or the planner's word for "more". */
async function cappedCount(db: Db, where: SQL | undefined, estimate: boolean): Promise<number> {
  if (estimate && (await estimatedRows(db, where)) >= TRUSTED_ESTIMATE) return SEARCH_TOTAL_CAP + 1;
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

type KeyedRow = GroupRow & { sortKey: string };

/** Where a page starts: after a cursor, or after `offset` rows. */
type Start = { cursor: Cursor; offset?: never } | { offset: number; cursor?: never };

/** Rows of a page in one order, read the cheaper way for `matches` (a capped count, or an exact one). */
async function readPage(
  db: Db,
  where: Where,
  order: Order,
  matches: number,
  start: Start,
  limit: number,
): Promise<KeyedRow[]> {
  const offset = start.offset ?? 0;
  if (limit <= 0 || offset >= Math.min(matches, SEARCH_TOTAL_CAP)) return [];
  let walk = matches > SEARCH_TOTAL_CAP;
  const need = offset + limit;
  if (walk && need > 12) {
    // Deep page of many matches: walking reads about need * rows / matches rows, sorting reads matches.
    // A count past the cap is exact only when it was kept (tags.public_groups); else the planner's.
    const exact = matches > SEARCH_TOTAL_CAP + 1 ? matches : undefined;
    const [estimate, rows] = await Promise.all([exact ?? estimatedRows(db, where.sorted), publicRows(db)]);
    walk = estimate * estimate >= need * rows;
  }
  const condition = and(
    walk ? where.walked : where.sorted,
    start.cursor ? afterCursor(order, walk, start.cursor) : undefined,
  );
  // Past the first page only the sort keys travel through the sort (or walk); the page's few rows are
  // then read by id, so the join and the wide columns are paid for 6 rows, not for every row skipped.
  const narrow = offset > 0;
  const key = cursorKey(order);
  const read = (tx: Db) => {
    const base = narrow
      ? tx.select({ id: groups.id, sortKey: key }).from(groups)
      : tx
          .select({ ...groupColumns, sortKey: key })
          .from(groups)
          .innerJoin(categories, groupsWithCategory);
    return base
      .where(condition)
      .orderBy(...orderBy(order, walk))
      .limit(limit)
      .offset(offset) as Promise<{ id: string; sortKey: string }[]>;
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
  if (!narrow) return ordered as KeyedRow[];
  const rows = await rowsById(
    db,
    ordered.map((row) => row.id),
  );
  return ordered.flatMap((row) => {
    const found = rows.get(row.id);
    return found ? [{ ...found, sortKey: row.sortKey }] : [];
  });
}

async function rowsById(db: Db, ids: string[]): Promise<Map<string, GroupRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(groupColumns)
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(inArray(groups.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A page of results, the capped count of matches and the cursor tier of its last row. */
interface Found {
  rows: KeyedRow[];
  counted: number;
  tier: Cursor['tier'];
}

/** One page of public groups matching a search (or the one group with an invite link). */
export async function searchGroups(db: Db, asked: SearchQuery): Promise<SearchPage> {
  // Unknown tags are a 400; a merged one means the tag it was merged into.
  const tagged = await filterTags(db, asked.tag ?? []);
  const query = { ...asked, tagIds: tagged.map((tag) => tag.id) };
  const offset = (query.page - 1) * query.limit;
  // Pages end at the cap: the last reachable page may be short.
  const limit = Math.max(0, Math.min(query.limit, SEARCH_TOTAL_CAP - offset));
  const tsquery = query.search ? termQuery(query.search) : null;

  let found: Found = { rows: [], counted: 0, tier: 'p' };
  if (tsquery) found = await textPage(db, query, tsquery, offset, limit);
  if (found.counted === 0 && query.search && !usesSearchSyntax(query.search)) {
    // Nothing in full text: typos and partial words, corrected against the titles' words.
    const corrected = await correctedWords(db, searchWords(query.search));
    if (corrected) found = await textPage(db, query, wordsQuery(corrected), offset, limit);
  }
  if (!query.search) {
    // Filters (or a link) only: the public list in the chosen order; no text index leads here.
    const order = orderOf(query.sortBy);
    const where = and(
      ...filtersOf(query, false),
      ...(query.link ? [eq(groups.inviteCode, query.link)] : []),
      ...orderConditions(order),
    );
    // One tag and nothing else: its public groups are counted already (tags.public_groups).
    const known =
      tagged.length === 1 && order !== 'trend' && onlyTags(query) ? tagged[0]!.publicGroups : undefined;
    found = await orderedPage(db, query, { sorted: where, walked: where }, order, offset, limit, known);
  }

  const capped = found.counted > SEARCH_TOTAL_CAP;
  const total = Math.min(found.counted, SEARCH_TOTAL_CAP);
  const last = found.rows.at(-1);
  const more = last !== undefined && found.rows.length === limit && offset + limit < total;
  const now = new Date();
  return {
    groups: found.rows.map((row) => toGroupJson(row, now)),
    pagination: {
      total,
      pages: Math.ceil(total / query.limit),
      page: query.page,
      limit: query.limit,
      capped,
      nextCursor: more ? cursorText({ tier: found.tier, key: last.sortKey, id: last.id }) : null,
    },
  };
}

function textPage(db: Db, query: SearchQuery, tsquery: SQL, offset: number, limit: number) {
  const matches = sql`${groups.searchVector} @@ ${tsquery}`;
  if (query.sortBy === 'relevance') return relevancePage(db, query, matches, tsquery, offset, limit);
  const order = orderOf(query.sortBy);
  return orderedPage(db, query, whereOf(query, matches, ...orderConditions(order)), order, offset, limit);
}

/** The order of a sort option: 'Relevância' is the score, 'Em alta' the growth, 'Novos' the listing. */
function orderOf(sortBy: SearchQuery['sortBy']): Order {
  if (sortBy === 'trending') return 'trend';
  if (sortBy === 'createdAt') return 'createdAt';
  return 'score';
}

/** 'Em alta' lists only the groups growing above the floor (groups_*_trend_idx holds just those). */
function orderConditions(order: Order): SQL[] {
  return order === 'trend' ? [sql`${groups.trendScore} > 0`] : [];
}

const TIERS: Record<Order, Cursor['tier']> = { createdAt: 'c', score: 's', trend: 'h' };

/** The cursor of the request when it belongs to this tier, else start at the offset. */
function startOf(query: SearchQuery, tier: Cursor['tier'], order: Order, offset: number): Start {
  return query.after?.tier === tier && fitsOrder(order, query.after) ? { cursor: query.after } : { offset };
}

async function orderedPage(
  db: Db,
  query: SearchQuery,
  where: Where,
  order: Order,
  offset: number,
  limit: number,
  known?: number,
): Promise<Found> {
  const tier = TIERS[order];
  const counted =
    known === undefined
      ? await cappedCount(db, where.sorted, estimable(query))
      : Math.min(known, SEARCH_TOTAL_CAP + 1);
  const rows = await readPage(db, where, order, known ?? counted, startOf(query, tier, order, offset), limit);
  return { rows, counted, tier };
}

/** Titles that match, then groups whose description alone matches; the score inside each tier. */
async function relevancePage(
  db: Db,
  query: SearchQuery,
  matches: SQL,
  tsquery: SQL,
  offset: number,
  limit: number,
): Promise<Found> {
  const inTitle = sql`${titleVector} @@ ${tsquery}`;
  const titles = whereOf(query, inTitle);
  const estimate = estimable(query);
  const inTitles = await cappedCount(db, titles.sorted, estimate);
  // Every title match is a match: more titles than the cap means more matches too.
  const counted =
    inTitles > SEARCH_TOTAL_CAP ? inTitles : await cappedCount(db, whereOf(query, matches).sorted, estimate);
  const inDescriptionOnly = query.after?.tier === 'd';
  const titleStart = startOf(query, 't', 'score', offset);
  const rows = inDescriptionOnly ? [] : await readPage(db, titles, 'score', inTitles, titleStart, limit);
  if (rows.length === limit || inTitles > SEARCH_TOTAL_CAP) return { rows, counted, tier: 't' };
  const descriptions = whereOf(query, matches, sql`not (${inTitle})`);
  // The description tier's size is the rest of the matches (capped when the whole is).
  const inDescriptions = counted > SEARCH_TOTAL_CAP ? counted : counted - inTitles;
  const start: Start = inDescriptionOnly
    ? startOf(query, 'd', 'score', 0)
    : { offset: titleStart.cursor ? 0 : Math.max(0, offset - inTitles) };
  const fromTitles = rows.length;
  rows.push(...(await readPage(db, descriptions, 'score', inDescriptions, start, limit - rows.length)));
  return { rows, counted, tier: rows.length > fromTitles ? 'd' : 't' };
}

/**
 * What the instant suggestions index: the public groups first in 'Relevância' (the ranking's score, not
 * clicks an owner can inflate), adult ones left out (start of the description only).
 */
export async function suggestions(db: Db, limit: number): Promise<Suggestion[]> {
  const rows = await db
    .select({
      id: groups.id,
      categorySlug: categories.slug,
      titleSlug: groups.titleSlug,
      title: groups.title,
      category: categories.name,
      description: sql<string>`left(${groups.description}, ${SUGGESTION_DESCRIPTION})`,
      // The index is filterable by tag as by category (#43): the group's visible tags' names.
      tags: sql<string[]>`array(select t.name from ${groupTags} gt join ${tags} t on t.id = gt.tag_id
        where gt.group_id = ${groups.id} and not t.hidden and t.merged_into_id is null order by t.name)`,
    })
    .from(groups)
    .innerJoin(categories, groupsWithCategory)
    .where(isPublicGroup)
    .orderBy(...orderBy('score', true))
    .limit(limit);
  return rows.map(({ categorySlug, titleSlug, tags, ...row }) => ({
    url: groupPath({ categorySlug, titleSlug }),
    ...row,
    tags: Array.isArray(tags) ? tags : [],
  }));
}
