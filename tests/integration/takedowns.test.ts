// The takedown list behind the edge (decision 0015), through the real functions, a real database and a
// local Blobs server: a child_abuse notice puts its group and its picture on the list (the picture
// function refuses it too), 'keep' takes them off; a deleted group stays off until the next build; the
// scheduled dispatcher rewrites a damaged list from the database, and retries a failed CDN purge until
// Netlify accepts it.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, groups, legalNotices } from '../../db/schema.ts';
import * as adminImagesFn from '../../functions/admin-images.ts';
import * as adminNoticesFn from '../../functions/admin-legal-notices.ts';
import dispatchRebuildsFn from '../../functions/dispatch-rebuilds.ts';
import * as imagesFn from '../../functions/images.ts';
import * as noticesFn from '../../functions/legal-notices.ts';
import * as takedownsFn from '../../functions/takedowns.ts';
import { thumbnailKey } from '../../src/features/images/group-image.ts';
import { prepareImageBytes, saveImage } from '../../src/features/images/stored-images.server.ts';
import { groupCacheId, pictureCacheId, SITEMAP_CACHE_ID } from '../../src/features/rebuilds/page-cache.ts';
import { requestRebuild } from '../../src/features/rebuilds/rebuilds.server.ts';
import { forgetTakedowns, takedownStore } from '../../src/features/takedowns/takedown-store.ts';
import { TAKEDOWN_LIST_KEY, type TakedownList } from '../../src/features/takedowns/takedowns.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { makeAccounts, ORIGIN, signedIn } from './admin-support.ts';

// Notices e-mail their sender and the admins; this file starts no mail catcher.
expectConsoleError(/SMTP_URL não configurado/);

const { db } = await setupTestDb();
const { adminToken, userToken } = await makeAccounts(db);
const blobsDir = await mkdtemp(join(tmpdir(), 'blobs-'));
const blobs = new BlobsServer({ directory: blobsDir, token: 'test-token' });
let key = '';
let groupId = '';

async function list(): Promise<TakedownList> {
  return (await takedownStore().get(TAKEDOWN_LIST_KEY, { type: 'json' })) as TakedownList;
}

async function addGroup(values: Partial<typeof groups.$inferInsert> = {}) {
  const [category] = await db.select().from(categories).where(eq(categories.adult, false)).limit(1);
  const id = randomUUID();
  const code = id.replace(/-/g, '').slice(0, 22);
  await db.insert(groups).values({
    id,
    title: 'Grupo da Foto',
    description: 'Um grupo com foto guardada.',
    link: `https://chat.whatsapp.com/${code}`,
    inviteCode: code,
    categoryId: category!.id,
    titleSlug: `foto-${code.toLowerCase()}`,
    approved: true,
    ...values,
  });
  return id;
}

const picture = (name: string, init?: RequestInit) => callFunction(imagesFn, `/api/images/${name}`, init);

beforeAll(async () => {
  const [category] = await db.insert(categories).values({ name: 'Fotos', slug: 'fotos' }).returning();
  expect(category).toBeDefined();
  const { port } = await blobs.start();
  setEnvironmentContext({
    siteID: 'test-site',
    token: 'test-token',
    edgeURL: `http://127.0.0.1:${port}`,
    uncachedEdgeURL: `http://127.0.0.1:${port}`,
  });
  const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff0000' } })
    .jpeg()
    .toBuffer();
  key = await saveImage((await prepareImageBytes(new Uint8Array(jpeg)))!);
  groupId = await addGroup({ image: `/api/images/${key}` });
});

afterAll(async () => {
  await blobs.stop();
  await rm(blobsDir, { recursive: true, force: true });
});

describe('a child_abuse notice and its keep, on the takedown list', () => {
  let noticeId = '';

  it('a public picture is served, revalidated by browsers and kept by the CDN under its cache ID', async () => {
    const res = await picture(key);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('netlify-cache-id')).toBe(pictureCacheId(key));
    const again = await picture(key, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('the notice puts the group and its picture on the list, and the picture function refuses it', async () => {
    const res = await callFunction(noticesFn, '/api/legal-notices', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({
        kind: 'child_abuse',
        groupUrl: `${ORIGIN}/grupo/${groupId}`,
        name: 'Conselho Tutelar',
        email: 'conselho@teste.local',
        description: 'O grupo compartilha material de abuso sexual infantil.',
        declaration: true,
      }),
    });
    expect(res.status).toBe(201);
    const [notice] = await db.select().from(legalNotices).where(eq(legalNotices.groupId, groupId));
    noticeId = notice!.id;
    const written = await list();
    expect(written.groups).toContain(groupId);
    expect(written.images).toContain(key);
    forgetTakedowns();
    expect((await picture(key)).status).toBe(404);
    expect((await picture(thumbnailKey(key))).status).toBe(404);
    // The admin still sees it, privately, to review the notice; nobody else does there.
    const asAdmin = await callFunction(adminImagesFn, `/api/admin/images/${key}`, signedIn(adminToken));
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get('cache-control')).toBe('private, no-store');
    expect((await callFunction(adminImagesFn, `/api/admin/images/${key}`, signedIn(userToken))).status).toBe(
      403,
    );
    expect((await callFunction(adminImagesFn, `/api/admin/images/${key}`)).status).toBe(401);
    // What the search box asks before it shows a suggestion from the Pagefind index.
    const other = randomUUID();
    const asked = await callFunction(takedownsFn, `/api/takedowns?ids=${other},${groupId}`);
    expect(await asked.json()).toEqual({ held: [groupId] });
    expect(asked.headers.get('cache-control')).toBe('no-store');
    expect((await callFunction(takedownsFn, '/api/takedowns?ids=nao-e-id')).status).toBe(400);
  });

  it("'keep' takes them off the list at once", async () => {
    const res = await callFunction(
      adminNoticesFn,
      `/api/admin/legal-notices/${noticeId}`,
      signedIn(adminToken, {
        method: 'POST',
        json: { decision: 'keep', reason: 'Analisamos e não encontramos o conteúdo.' },
      }),
    );
    expect(res.status).toBe(200);
    const written = await list();
    expect(written.groups).not.toContain(groupId);
    expect(written.images).not.toContain(key);
    forgetTakedowns();
    expect((await picture(key)).status).toBe(200);
  });
});

describe('the list beyond one change', () => {
  it('a deleted group stays off (its page may be a file of the deploy) until the next build', async () => {
    const id = await addGroup();
    await db.delete(groups).where(eq(groups.id, id));
    await requestRebuild(db, 'teste: grupo excluído', { groups: [id] });
    expect((await list()).removed.map((r) => r.id)).toContain(id);
  });

  it('the scheduled dispatcher rewrites a damaged list from the database, with or without a build hook', async () => {
    const held = await addGroup({ hiddenAt: new Date(), hiddenReason: 'reports' });
    // A write that never happened (Blobs down at the time), and one that raced and lost.
    await takedownStore().setJSON(TAKEDOWN_LIST_KEY, { groups: [groupId], images: [], adultImages: [] });
    delete process.env.BUILD_HOOK_URL;
    resetEnvForTests();
    expect((await dispatchRebuildsFn()).status).toBe(200);
    const written = await list();
    expect(written.groups).toEqual([held]);
  });
});

describe('a CDN purge that fails', () => {
  const received: string[][] = [];
  let answer = 500;
  const purgeApi = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push(JSON.parse(Buffer.concat(chunks).toString()).cache_tags);
    res
      .writeHead(answer, { 'content-type': 'application/json' })
      .end(answer < 300 ? '' : '{"message":"falhou"}');
  });
  const SETTINGS = { SITE_ID: 'site-de-teste', NETLIFY_PURGE_API_TOKEN: 'token-de-purga' };

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

  it('is recorded and retried by the scheduled dispatcher until Netlify accepts it', async () => {
    expectConsoleError(/purge (retry )?failed/);
    await requestRebuild(db, 'teste: purga que falha', { groups: [groupId] });
    const tags = [groupCacheId(groupId), SITEMAP_CACHE_ID, pictureCacheId(key)];
    expect(received).toEqual([tags]);
    // Still failing: kept for the next run.
    let body = (await (await dispatchRebuildsFn()).json()) as { purgesLeft: number };
    expect(body.purgesLeft).toBe(tags.length);
    expect(received).toHaveLength(2);
    answer = 202;
    body = (await (await dispatchRebuildsFn()).json()) as { purgesLeft: number };
    expect(body.purgesLeft).toBe(0);
    expect(received.at(-1)).toEqual(tags);
    // Nothing left to retry.
    await dispatchRebuildsFn();
    expect(received).toHaveLength(3);
  });
});
