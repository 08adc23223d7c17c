// npm run bench:search [-- --runs 200] [--only <case name part>]: p50/p95 per case of one search page (searchGroups: its count
// and page queries) on a seeded database, two ways:
//  - wall: the whole call from Node, round trips included (an upper bound, noisy on a busy machine);
//  - db:   the database's own time for the same statements (planning + execution from
//          EXPLAIN ANALYZE, replayed in order on one connection, summed), the figure the target is about.
// Run it against a seeded Postgres: DATABASE_URL=postgres://… (after npm run db:seed -- --groups 500000).
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { SearchQuerySchema } from '../src/features/search/search.schema.ts';
import { searchGroups } from '../src/features/search/search.server.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, only: { type: 'string' } },
});
const runs = Number(values.runs);
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) throw new Error('Set DATABASE_URL to the seeded Postgres database');

type Input = Record<string, string | string[]>;
/** The cursor page after page 166 of a query: what 'Próxima página' asks for at the cap. */
const viaCursor = (input: Input) => async (): Promise<Input> => {
  const before = await searchGroups(db, SearchQuerySchema.parse({ ...input, page: '166' }));
  return { ...input, page: '167', after: before.pagination.nextCursor ?? '' };
};

const CASES: [string, Input | (() => Promise<Input>)][] = [
  ['common word (in ~half the descriptions)', { search: 'grupo' }],
  ['common topic', { search: 'futebol' }],
  ['rare combination (1 match)', { search: 'surf natal 7' }],
  ['less common word', { search: 'bodyboard' }],
  ['plural variant (futebois)', { search: 'futebois' }],
  ['accents + two words', { search: 'matematica sao paulo' }],
  ['typo -> corrected (matematca)', { search: 'matematca' }],
  ['partial word -> completed (matemat)', { search: 'matemat' }],
  ['unknown word -> nothing', { search: 'xilofonista' }],
  [
    'filters: cliques + dates',
    {
      search: 'futebol',
      minCliques: '100',
      maxCliques: '3000',
      dateAfter: '2026-01-01',
      dateBefore: '2026-10-31',
    },
  ],
  // npm run bench's 'search: filters' (its common word on the seed is brasil).
  [
    'filters: bench (brasil, cliques, date)',
    { search: 'brasil', minCliques: '100', dateAfter: '2026-01-01' },
  ],
  ['sort createdAt, common word', { search: 'grupo', sortBy: 'createdAt' }],
  ['sort cliques, common word', { search: 'grupo', sortBy: 'cliques' }],
  ['page 1, relevance (concurso)', { search: 'concurso' }],
  ['deep page 167, relevance (concurso)', { search: 'concurso', page: '167' }],
  ['page 167 by cursor, relevance (concurso)', viaCursor({ search: 'concurso' })],
  ['page 1, createdAt (concurso)', { search: 'concurso', sortBy: 'createdAt' }],
  ['deep page 167, createdAt (concurso)', { search: 'concurso', sortBy: 'createdAt', page: '167' }],
  ['page 167 by cursor, createdAt (concurso)', viaCursor({ search: 'concurso', sortBy: 'createdAt' })],
  // Tags (#43), as the seed spreads them: amizade the most used, direito the least, and two together.
  ['tag: most used (amizade)', { tag: ['amizade'] }],
  ['tag: two tags (amizade, estudo-biblico)', { tag: ['amizade', 'estudo-biblico'] }],
  ['tag: least used (direito)', { tag: ['direito'] }],
  ['tag: most used, page 50', { tag: ['amizade'], page: '50' }],
  ['tag: page 167 by cursor (direito)', viaCursor({ tag: ['direito'] })],
  ['tag + word (amizade, grupo)', { tag: ['amizade'], search: 'grupo' }],
  ['tag, createdAt (direito)', { tag: ['direito'], sortBy: 'createdAt' }],
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const fmt = (n: number) => n.toFixed(2).padStart(7);

const pool = new pg.Pool({ connectionString: url, max: 4 });
const captured: { sql: string; params: unknown[] }[] = [];
let capturing = false;
const db = drizzle({
  client: pool,
  schema,
  logger: { logQuery: (sql, params) => capturing && captured.push({ sql, params }) },
}) as unknown as Db;
const replay = await pool.connect();

/** The database's time for one page: every statement of the call, explained in order, summed. */
async function dbTime(): Promise<number> {
  let total = 0;
  for (const { sql, params } of captured) {
    if (/^(begin|commit|rollback)\b|set_config\(/i.test(sql.trim())) {
      await replay.query(sql, params as unknown[]);
      continue;
    }
    if (/^explain\b/i.test(sql.trim())) {
      // the planner's estimate (deep pages of many matches): planning only, timed from here
      const started = performance.now();
      await replay.query(sql, params as unknown[]);
      total += performance.now() - started;
      continue;
    }
    const { rows } = await replay.query(
      `explain (analyze, timing off, summary on, format json) ${sql}`,
      params as unknown[],
    );
    const plan = (rows[0] as { 'QUERY PLAN': { 'Planning Time': number; 'Execution Time': number }[] })[
      'QUERY PLAN'
    ][0]!;
    total += plan['Planning Time'] + plan['Execution Time'];
  }
  return total;
}

try {
  console.log(
    `searchGroups on ${(await pool.query('select count(*)::int n from groups')).rows[0].n} groups, ${runs} runs per case`,
  );
  console.log(
    `${'case'.padEnd(40)} ${'total'.padStart(6)}  ${'db p50'.padStart(7)} ${'db p95'.padStart(7)}  ${'wall p50'.padStart(8)} ${'wall p95'.padStart(8)}`,
  );
  for (const [name, input] of CASES.filter(([name]) => !values.only || name.includes(values.only))) {
    const query = SearchQuerySchema.parse(typeof input === 'function' ? await input() : input);
    for (let i = 0; i < 5; i++) await searchGroups(db, query); // warm-up
    const wall: number[] = [];
    let last = await searchGroups(db, query);
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      last = await searchGroups(db, query);
      wall.push(performance.now() - started);
    }
    captured.length = 0;
    capturing = true;
    await searchGroups(db, query);
    capturing = false;
    const database: number[] = [];
    for (let i = 0; i < Math.min(runs, 100); i++) database.push(await dbTime());
    wall.sort((a, b) => a - b);
    database.sort((a, b) => a - b);
    const total = `${last.pagination.capped ? '>' : ''}${last.pagination.total}`;
    console.log(
      `${name.padEnd(40)} ${total.padStart(6)}  ${fmt(percentile(database, 50))} ${fmt(percentile(database, 95))}  ${fmt(percentile(wall, 50)).padStart(8)} ${fmt(percentile(wall, 95)).padStart(8)}`,
    );
  }
} finally {
  replay.release();
  await pool.end();
}
