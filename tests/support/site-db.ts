// The running site's database, for site tests that set up or check rows around a browser journey.
import { inject } from 'vitest';
import { type Db, openDb } from '../../db/client.ts';

/** Run with a short-lived connection to the site's database (closed before the next browser step). */
export async function withSiteDb<T>(run: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openDb({ url: inject('siteDatabaseUrl'), driver: 'pg', max: 1 });
  try {
    return await run(handle.db);
  } finally {
    await handle.close();
  }
}
