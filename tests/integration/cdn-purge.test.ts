// The CDN purge, the only thing that refreshes the group pages rendered on demand in production
// (decision 0008): an admin's moderation goes through the real `purgeCache` of @netlify/functions to a
// fake purge API that answers as Netlify's does (202, or its failures), with the site's id and token.
// A purge that fails never fails the moderation: the rebuild is still requested.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, groups, rebuildRequests } from '../../db/schema.ts';
import * as groupsFn from '../../functions/admin-groups.ts';
import {
  GROUP_PAGES_CACHE_ID,
  groupCacheId,
  SITEMAP_CACHE_ID,
} from '../../src/features/rebuilds/page-cache.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { makeAccounts, signedIn } from './admin-support.ts';

const { db } = await setupTestDb();
const { adminToken } = await makeAccounts(db);
const [category] = await db.insert(categories).values({ name: 'Esportes', slug: 'esportes' }).returning();

interface Purge {
  path: string;
  authorization: string | undefined;
  body: { cache_tags?: string[]; site_id?: string };
}
const received: Purge[] = [];
let answer = 202;
const purgeApi = createServer(async (req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  received.push({
    path: `${req.method} ${req.url}`,
    authorization: req.headers.authorization,
    body: JSON.parse(Buffer.concat(chunks).toString() || '{}'),
  });
  res
    .writeHead(answer, { 'content-type': 'application/json' })
    .end(answer < 300 ? '' : '{"message":"falhou"}');
});
const SETTINGS = {
  SITE_ID: 'site-de-teste',
  NETLIFY_PURGE_API_TOKEN: 'token-de-purga',
} as const;

beforeAll(async () => {
  await new Promise<void>((resolve) => purgeApi.listen(0, '127.0.0.1', resolve));
  const { port } = purgeApi.address() as AddressInfo;
  Object.assign(process.env, SETTINGS, { NETLIFY_PURGE_API_URL: `http://127.0.0.1:${port}` });
  resetEnvForTests();
});
afterAll(async () => {
  for (const name of [...Object.keys(SETTINGS), 'NETLIFY_PURGE_API_URL']) delete process.env[name];
  resetEnvForTests();
  await new Promise((resolve) => purgeApi.close(resolve));
});

async function pendingGroup(title: string) {
  const code = `Purga${Math.random().toString(36).slice(2, 14)}`;
  const [row] = await db
    .insert(groups)
    .values({
      title,
      description: 'Descrição de teste',
      link: `https://chat.whatsapp.com/${code}`,
      inviteCode: code,
      categoryId: category!.id,
      titleSlug: `purga-${code.toLowerCase()}`,
    })
    .returning();
  return row!;
}

const approve = (id: string) =>
  callFunction(groupsFn, `/api/admin/groups/${id}/approve`, signedIn(adminToken, { method: 'PATCH' }));

describe('the CDN purge on moderation', () => {
  it("approving a group purges its page and the sitemap's, with the site's id and token", async () => {
    const group = await pendingGroup('Grupo para purgar');
    received.length = 0;
    expect((await approve(group.id)).status).toBe(200);
    expect(received).toEqual([
      {
        path: 'POST /api/v1/purge',
        authorization: `Bearer ${SETTINGS.NETLIFY_PURGE_API_TOKEN}`,
        body: { cache_tags: [groupCacheId(group.id), SITEMAP_CACHE_ID], site_id: SETTINGS.SITE_ID },
      },
    ]);
    expect(received[0]!.body.cache_tags).not.toContain(GROUP_PAGES_CACHE_ID);
  });

  it('a failing purge API leaves the moderation done and the rebuild requested', async () => {
    // This file gives the purge API a server but no Blobs: recording the retry fails too (the takedowns
    // test covers the record and its retry).
    expectConsoleError(/purge failed|could not record the purge/);
    const group = await pendingGroup('Grupo com purga falha');
    answer = 500;
    received.length = 0;
    const before = (await db.select().from(rebuildRequests)).length;
    try {
      const res = await approve(group.id);
      expect(res.status).toBe(200);
    } finally {
      answer = 202;
    }
    expect(received).toHaveLength(1);
    const [row] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(row!.approved).toBe(true);
    expect((await db.select().from(rebuildRequests)).length).toBe(before + 1);
  });
});
