// One database handle for the whole app; the driver is chosen by configuration:
// no DATABASE_URL -> embedded PGlite in .data/, a Neon URL (or DATABASE_DRIVER=neon) -> Neon's Pool
// over WebSockets, any other postgres:// URL -> node-postgres. The same drizzle queries run on all three.
// Drivers are imported dynamically so a deployed function never bundles the ones it does not use.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { readSettings } from '../src/lib/env.server.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction(async (tx) => …)` callback gets. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DriverName = 'pglite' | 'neon' | 'pg';

export interface DbHandle {
  db: Db;
  driver: DriverName;
  close(): Promise<void>;
}

export interface DbConfig {
  url?: string;
  driver?: DriverName;
  /** PGlite data directory; 'memory://' for a throwaway database */
  dataDir?: string;
  /** PGlite: start from a dumped data directory (a migrated template) */
  loadDataDir?: Blob | File;
  /** pool size for pg and Neon */
  max?: number;
}

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname ?? '.', 'migrations');

/** Which driver a configuration selects. */
export function pickDriver(config: DbConfig): DriverName {
  if (config.driver) return config.driver;
  if (!config.url) return 'pglite';
  const host = safeHost(config.url);
  return host.endsWith('.neon.tech') || host.endsWith('.neon.build') ? 'neon' : 'pg';
}

/** Where the local platform announces the socket of the PGlite it owns while it runs. */
export function sharedPgliteUrlFile(dataDir: string) {
  return `${dataDir.replace(/\/+$/, '')}.url`;
}

// PGlite is single-process: while the platform owns .data/pglite, other processes go through its socket.
function sharedPgliteUrl(dataDir: string): string | undefined {
  const file = sharedPgliteUrlFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

function safeHost(url: string) {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

// Relative on purpose, resolved by openPglite: nft, which packages the functions, follows a
// path.resolve() of a literal and copied the local database into every function bundle.
export const LOCAL_PGLITE_DIR = '.data/pglite';

/** The configuration this process runs with, read from the environment. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): DbConfig {
  const settings = readSettings(env);
  const dataDir = settings.PGLITE_DIR ?? LOCAL_PGLITE_DIR;
  return {
    url: settings.DATABASE_URL ?? sharedPgliteUrl(dataDir),
    driver: settings.DATABASE_DRIVER,
    dataDir,
    max: settings.DATABASE_POOL_MAX,
  };
}

/** Open a database with the driver the configuration selects. */
export async function openDb(config: DbConfig = configFromEnv()): Promise<DbHandle> {
  const driver = pickDriver(config);
  if (driver === 'pglite') {
    const client = await openPglite(config);
    const { drizzle } = await import('drizzle-orm/pglite');
    return { db: drizzle({ client, schema }) as unknown as Db, driver, close: () => client.close() };
  }
  if (!config.url) throw new Error(`DATABASE_URL is required for the ${driver} driver`);
  if (driver === 'neon') {
    const neon = await import('@neondatabase/serverless');
    configureNeon(neon.neonConfig);
    const pool = new neon.Pool({ connectionString: config.url, max: config.max ?? 5 });
    pool.on('error', logIdleError);
    pool.on('connect', listenForLostConnection);
    const { drizzle } = await import('drizzle-orm/neon-serverless');
    return { db: drizzle({ client: pool, schema }) as unknown as Db, driver, close: () => pool.end() };
  }
  const pg = await import('pg');
  const pool = new pg.default.Pool({ connectionString: config.url, max: config.max ?? 10 });
  pool.on('error', logIdleError);
  pool.on('connect', listenForLostConnection);
  const { drizzle } = await import('drizzle-orm/node-postgres');
  return { db: drizzle({ client: pool, schema }) as unknown as Db, driver, close: () => pool.end() };
}

// An idle pooled connection that dies (server restart, failover) must not crash the process.
function logIdleError(error: Error) {
  console.error('[db] idle connection error:', error.message);
}

// A connection checked out of the pool (drizzle's transactions) has no 'error' listener of the pool's:
// one that dies mid-transaction would emit an unhandled 'error' and crash the function, so Netlify
// answered its generic 500. Every client gets one listener for good; the running query still fails
// with the error, which the route answers as the pt-BR 503.
function listenForLostConnection(client: { on(event: 'error', listener: (error: Error) => void): unknown }) {
  client.on('error', (error) => console.error('[db] connection lost:', error.message));
}

/** The embedded Postgres (WASM) with the extensions the schema uses. */
export async function openPglite(config: Pick<DbConfig, 'dataDir' | 'loadDataDir'>) {
  // A variable specifier keeps Vite from bundling PGlite's WASM; netlify.toml keeps it out of functions.
  const pglitePkg = '@electric-sql/pglite';
  const { PGlite } = (await import(/* @vite-ignore */ pglitePkg)) as typeof import('@electric-sql/pglite');
  const { unaccent } = await import(/* @vite-ignore */ `${pglitePkg}/contrib/unaccent`);
  const { pg_trgm } = await import(/* @vite-ignore */ `${pglitePkg}/contrib/pg_trgm`);
  let dataDir = config.loadDataDir ? undefined : (config.dataDir ?? 'memory://');
  if (dataDir && !dataDir.includes('://')) {
    dataDir = path.resolve(dataDir);
    mkdirSync(path.dirname(dataDir), { recursive: true });
  }
  return PGlite.create({
    dataDir,
    loadDataDir: config.loadDataDir,
    extensions: { unaccent, pg_trgm },
  });
}

type NeonConfig = typeof import('@neondatabase/serverless').neonConfig;

/** Neon over WebSockets; NEON_WS_PROXY points it at a local proxy (tests run the real driver that way). */
function configureNeon(neonConfig: NeonConfig) {
  const proxy = readSettings().NEON_WS_PROXY;
  if (proxy) {
    neonConfig.wsProxy = (host, port) => `${proxy}/v1?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
}

/** Apply the committed drizzle-kit migrations. */
export async function migrateDb(handle: DbHandle) {
  const migrationsFolder = MIGRATIONS_FOLDER;
  if (handle.driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  } else if (handle.driver === 'neon') {
    const { migrate } = await import('drizzle-orm/neon-serverless/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as never, { migrationsFolder });
  }
}

let current: Promise<DbHandle> | undefined;

/** The process-wide database, opened on first use from the environment. */
export async function getDb(): Promise<Db> {
  current ??= openDb().catch((error) => {
    current = undefined;
    throw error;
  });
  return (await current).db;
}

/** Use an already open database for this process (tests, the local platform's own scripts). */
export function installDb(handle: DbHandle | undefined) {
  current = handle ? Promise.resolve(handle) : undefined;
}

/** The rows of a raw `db.execute(sql...)` result, whatever the driver. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
