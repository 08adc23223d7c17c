// Per test file: a fresh database cloned from the run's migrated template, installed as the process
// database so function handlers use it. PGlite by default; the Postgres server (through pg or the
// real Neon driver) when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, inject } from 'vitest';
import { type DbHandle, installDb, openDb, openPglite } from '../../db/client.ts';
import { adminUrl, withDatabaseName } from './server-db.ts';

export async function setupTestDb(): Promise<DbHandle> {
  const driver = (process.env.TEST_DB_DRIVER ?? 'pglite') as 'pglite' | 'pg' | 'neon';
  let handle: DbHandle;
  if (driver === 'pglite') {
    const dump = await readFile(inject('pgliteTemplate'));
    const client = await openPglite({ loadDataDir: new Blob([dump]) });
    const { drizzle } = await import('drizzle-orm/pglite');
    const schema = await import('../../db/schema.ts');
    handle = { db: drizzle({ client, schema }) as never, driver, close: () => client.close() };
  } else {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `wa_t_${randomBytes(6).toString('hex')}`;
    const admin = await adminUrl(url);
    await admin.query(`create database ${name} template ${inject('serverTemplate')}`);
    if (driver === 'neon') process.env.NEON_WS_PROXY = inject('neonWsProxy');
    const opened = await openDb({ url: withDatabaseName(url, name), driver });
    handle = {
      ...opened,
      // The database is dropped even when closing the handle fails (a test that ended it itself).
      async close() {
        try {
          await opened.close();
        } finally {
          await dropDatabase(admin, name);
          await admin.end();
        }
      },
    };
  }
  installDb(handle);
  afterAll(async () => {
    installDb(undefined);
    await handle.close();
  });
  return handle;
}

/** Drop a test database once its connections are gone (the Neon driver closes its sockets lazily). */
async function dropDatabase(admin: { query(sql: string): Promise<unknown> }, name: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}
