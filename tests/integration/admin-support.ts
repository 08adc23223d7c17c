// Helpers for the admin integration tests: an admin and a plain user with signed sessions, requests
// with their session cookie, and a local Netlify Blobs server for uploads.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { withSessionCookie } from '../support/functions.ts';

export const ORIGIN = 'http://localhost:8888';

/** An admin and a non-admin, each with a session token. */
export async function makeAccounts(db: Db) {
  const [admin] = await db
    .insert(users)
    .values({ email: 'chefe@teste.local', password: 'x', name: 'Chefe', admin: true })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ email: 'pessoa@teste.local', password: 'x', name: 'Pessoa', admin: false })
    .returning();
  return {
    admin: admin!,
    user: user!,
    adminToken: await signSession(admin!.id),
    userToken: await signSession(user!.id),
  };
}

/** Request init with a session cookie and, optionally, a JSON body. */
export function signedIn(token: string, init: RequestInit & { json?: unknown } = {}): RequestInit {
  const headers = withSessionCookie(init.headers, token);
  const { json, ...rest } = init;
  if (json !== undefined) {
    headers.set('content-type', 'application/json');
    return { ...rest, headers, body: JSON.stringify(json) };
  }
  return { ...rest, headers };
}

/** Start a local Blobs server and point @netlify/blobs at it; returns the stop function. */
export async function startBlobs(): Promise<() => Promise<void>> {
  const directory = mkdtempSync(path.join(tmpdir(), 'wa-blobs-'));
  const token = 'test-token';
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  setEnvironmentContext({
    siteID: 'test-site',
    token,
    edgeURL: `http://127.0.0.1:${port}`,
    uncachedEdgeURL: `http://127.0.0.1:${port}`,
  });
  return async () => {
    await server.stop();
    rmSync(directory, { recursive: true, force: true });
  };
}
