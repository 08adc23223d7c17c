// A scratch catalogue for one size: a fresh PGlite directory under .data/bench (shared with child
// processes through the local platform's PGlite server), or a fresh database on the Postgres
// server named by BENCH_DATABASE_URL. Never the developer's own database. With BENCH_KEEP=1 (Postgres
// only) the database is `wa_bench_<size>`, kept after the run and reused by the next one when it holds
// the same seeded catalogue: seeding 500k groups takes ~6 minutes, a query experiment seconds.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { type DbHandle, migrateDb, openDb, openPglite, rowsOf } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { seedDatabase } from '../db/seed.ts';
import { servePglite } from '../scripts/platform/pglite-server.ts';
import { adminUrl, withDatabaseName } from '../tests/support/server-db.ts';
import { log } from './lib.ts';

export interface ScratchDb {
  /** a postgres:// URL other processes (astro build, the platform) use */
  url: string;
  /** this process's own handle (handlers called directly use it) */
  handle: DbHandle;
  driver: 'pglite' | 'pg';
  groups: number;
  seedMs: number;
  close(): Promise<void>;
}

export const BENCH_ADMIN = { email: 'admin@bench.local', password: 'senha-do-bench-123' };

export async function scratchDb(
  root: string,
  size: number,
  options: { seed?: number } = {},
): Promise<ScratchDb> {
  const server = process.env.BENCH_DATABASE_URL;
  const seed = options.seed ?? 20261122;
  // What a kept database says it holds, as its comment, written once seeding is complete.
  const seeded = `seeded ${size} groups, seed ${seed}`;
  let result: Omit<ScratchDb, 'groups' | 'seedMs'> & { seeded?: () => Promise<unknown> };
  if (server) {
    const keep = process.env.BENCH_KEEP === '1';
    const name = keep ? `wa_bench_${size}` : `wa_bench_${size}_${process.pid}`;
    const admin = await adminUrl(server);
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [name],
    );
    if (keep && rows[0]?.comment === seeded) {
      log(`reusing ${name} (${seeded})`);
      const url = withDatabaseName(server, name);
      const handle = await openDb({ url, driver: 'pg', max: 20 });
      await migrateDb(handle);
      await handle.db.execute(sql`analyze`);
      const [row] = await handle.db.select({ n: count() }).from(schema.groups);
      const close = async () => {
        await handle.close();
        await admin.end();
      };
      return { url, handle, driver: 'pg', groups: row?.n ?? 0, seedMs: 0, close };
    }
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = withDatabaseName(server, name);
    const handle = await openDb({ url, driver: 'pg', max: 20 });
    result = {
      url,
      handle,
      driver: 'pg',
      async close() {
        await handle.close();
        if (!keep) await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await admin.end();
      },
      seeded: keep ? () => admin.query(`comment on database ${name} is '${seeded}'`) : undefined,
    };
  } else {
    const dataDir = path.join(root, '.data', 'bench', `pglite-${size}-${process.pid}`);
    rmSync(dataDir, { recursive: true, force: true });
    const client = await openPglite({ dataDir });
    const server = await servePglite(client);
    const { drizzle } = await import('drizzle-orm/pglite');
    const handle: DbHandle = {
      db: drizzle({ client, schema }) as never,
      driver: 'pglite',
      close: async () => {},
    };
    result = {
      url: `postgres://postgres:postgres@${server.address}/postgres?sslmode=disable`,
      handle,
      driver: 'pglite',
      async close() {
        await server.stop();
        await client.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  await migrateDb(result.handle);
  const started = Date.now();
  log(`seeding ${size} groups (${result.driver})…`);
  await seedDatabase(result.handle.db, {
    groups: size,
    seed,
    admin: BENCH_ADMIN,
    log: size >= 50_000 ? (line) => line.includes('000/') && log(line.trim()) : undefined,
  });
  const seedMs = Date.now() - started;
  // The ranking's columns as a live catalogue has them (#43): most groups quiet at 0, one in ten with a
  // score, one in five hundred em alta; the scheduled ranking writes them, the seed does not.
  await result.handle.db.execute(sql`
    update groups set
      rank_score = case when random() < 0.1 then (random() * 5000)::int else 0 end,
      trend_score = case when random() < 0.002 then 1 + (random() * 500)::int else 0 end`);
  // A live database has statistics and a visibility map (autovacuum); a freshly seeded one has neither,
  // and search's estimates and index-only counts would be measured without them.
  await result.handle.db.execute(sql`vacuum analyze`);
  await result.seeded?.();
  const [row] = await result.handle.db.select({ n: count() }).from(schema.groups);
  return {
    url: result.url,
    handle: result.handle,
    driver: result.driver,
    close: result.close,
    groups: row?.n ?? 0,
    seedMs,
  };
}

/** Words to search for: the most common lexeme and a rare one (in a few groups only). */
export async function searchWords(handle: DbHandle): Promise<{ common: string; rare: string }> {
  const stats = rowsOf<{ word: string; ndoc: number }>(
    await handle.db.execute(sql`
      select word, ndoc from ts_stat($$select to_tsvector('simple', title) from groups where approved$$)
      where length(word) >= 5 and word ~ '^[a-zà-ú]+$' order by ndoc desc`),
  );
  const common = stats[0]?.word ?? 'grupo';
  const rare = [...stats].reverse().find((s) => Number(s.ndoc) <= 3)?.word ?? stats.at(-1)?.word ?? 'xadrez';
  return { common, rare };
}
