// The embedded database of the local platform: one PGlite in .data/, shared with every other process
// (builds, functions, scripts) through pglite-server.ts, so they all speak the ordinary Postgres protocol.
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { LOCAL_PGLITE_DIR, openPglite, sharedPgliteUrlFile } from '../../db/client.ts';
import { servePglite } from './pglite-server.ts';

export interface LocalDatabase {
  url: string;
  /** Which database this is across starts: the PGlite folder, or DATABASE_URL. */
  id: string;
  stop(): Promise<void>;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Open .data/pglite (or DATABASE_URL's server when set) and expose it on a loopback port. */
export async function startLocalDatabase(
  options: { dataDir?: string; port?: number } = {},
): Promise<LocalDatabase> {
  if (process.env.DATABASE_URL)
    return { url: process.env.DATABASE_URL, id: process.env.DATABASE_URL, stop: async () => {} };
  const dataDir = path.resolve(options.dataDir ?? (process.env.PGLITE_DIR || LOCAL_PGLITE_DIR));
  // A URL file left by a platform that was killed would point at nothing.
  rmSync(sharedPgliteUrlFile(dataDir), { force: true });
  const db = await openPglite({ dataDir });
  const port = options.port ?? (Number(process.env.PGLITE_PORT) || 0);
  const server = await servePglite(db, { port });
  const url = `postgres://postgres:postgres@${server.address}/postgres?sslmode=disable`;
  const urlFile = sharedPgliteUrlFile(dataDir);
  writeFileSync(urlFile, url);
  return {
    url,
    id: dataDir,
    async stop() {
      rmSync(urlFile, { force: true });
      await server.stop();
      await db.close();
    },
  };
}
