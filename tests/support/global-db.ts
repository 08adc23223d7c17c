// Once per test run: a migrated template database that every test file clones.
// PGlite: a migrated in-memory database dumped to a file. Server: a template database.
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDb, openDb, openPglite } from '../../db/client.ts';
import { startNeonWsProxy } from './neon-ws-proxy.ts';
import { adminUrl, withDatabaseName } from './server-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    serverTemplate: string;
    neonWsProxy: string;
  }
}

export default async function setup(project: TestProject) {
  const driver = project.config.env?.TEST_DB_DRIVER ?? 'pglite';
  if (driver === 'pglite') {
    const client = await openPglite({ dataDir: 'memory://' });
    const { drizzle } = await import('drizzle-orm/pglite');
    await migrateDb({ db: drizzle({ client }) as never, driver: 'pglite', close: async () => {} });
    const file = path.join(tmpdir(), `wa-template-${process.pid}-${randomBytes(4).toString('hex')}.tar.gz`);
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
    await client.close();
    project.provide('pgliteTemplate', file);
    project.provide('serverTemplate', '');
    project.provide('neonWsProxy', '');
    return;
  }

  const url = process.env.TEST_DATABASE_URL!;
  const template = `wa_tpl_${driver}_${process.pid}`;
  const admin = await adminUrl(url);
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const handle = await openDb({ url: withDatabaseName(url, template), driver: 'pg' });
  await migrateDb(handle);
  await handle.close();
  project.provide('serverTemplate', template);
  project.provide('pgliteTemplate', '');
  const proxy = driver === 'neon' ? await startNeonWsProxy() : undefined;
  project.provide('neonWsProxy', proxy?.address ?? '');
  return async () => {
    await proxy?.stop();
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
  };
}
