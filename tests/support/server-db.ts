// Helpers for tests that use a real Postgres server (TEST_DATABASE_URL).
import pg from 'pg';

/** The same URL pointing at another database. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A connection to the server's maintenance database, for create/drop database. */
export async function adminUrl(url: string) {
  const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres') });
  await client.connect();
  return client;
}
