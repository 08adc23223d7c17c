// GET /og/{groupId}/{version}.png: the group page's 1200x630 share card, drawn on demand and kept by
// the CDN; a group with a stored picture gets it on the card.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, groups } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as ogFn from '../../functions/og-image.ts';
import { imageUrl, prepareImage, saveImage } from '../../src/features/images/stored-images.server.ts';
import { ogImageOf } from '../../src/features/share/og.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';

const { db } = await setupTestDb();
const blobsDir = await mkdtemp(join(tmpdir(), 'blobs-'));
const blobs = new BlobsServer({ directory: blobsDir, token: 'test-token' });
const ids: Record<string, string> = {};

async function addGroup(name: string, values: Partial<typeof groups.$inferInsert>) {
  const [category] = await db.select({ id: categories.id }).from(categories).orderBy(categories.id).limit(1);
  const id = randomUUID();
  const code = id.replace(/-/g, '').slice(0, 22);
  await db.insert(groups).values({
    id,
    title: 'Receitas da Vovó: bolos, pães & "doces" <caseiros> 🍰',
    description: 'Grupo de receitas',
    link: `https://chat.whatsapp.com/${code}`,
    inviteCode: code,
    categoryId: category!.id,
    titleSlug: `receitas-${name}`,
    approved: true,
    ...values,
  });
  ids[name] = id;
}

beforeAll(async () => {
  await seedDatabase(db, { groups: 3 });
  const { port } = await blobs.start();
  setEnvironmentContext({ siteID: 'test-site', token: 'test-token', edgeURL: `http://127.0.0.1:${port}` });
  const red = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const key = await saveImage(
    await prepareImage(new File([new Uint8Array(red)], 'foto.png', { type: 'image/png' })),
  );
  await addGroup('sem-foto', {});
  await addGroup('com-foto', { image: imageUrl(key) });
  await addGroup('oculto', { hiddenAt: new Date(), hiddenReason: 'reports' });
  const [adult] = await db
    .insert(categories)
    .values({ name: 'Só Adultos', slug: 'so-adultos', adult: true })
    .returning({ id: categories.id });
  await addGroup('adulto', { image: imageUrl(key), categoryId: adult!.id });
});
afterAll(async () => {
  await blobs.stop();
  await rm(blobsDir, { recursive: true, force: true });
});

const card = (id: string, file = 'abc123.png') => callFunction(ogFn, `/og/${id}/${file}`);
/** The group's current card: a made-up version redirects there, and that address draws it. */
async function currentCard(id: string) {
  const stale = await card(id);
  expect(stale.status).toBe(302);
  const location = stale.headers.get('location')!;
  expect(location).toMatch(new RegExp(`^/og/${id}/[0-9a-z]+\\.png$`));
  return callFunction(ogFn, location);
}

/** The mean colour of a square (40 px by default) centred on (x, y). */
async function colourAt(png: Buffer, x: number, y: number, size = 40) {
  const square = await sharp(png)
    .extract({ left: x - size / 2, top: y - size / 2, width: size, height: size })
    .toBuffer();
  const { channels } = await sharp(square).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}
// The picture's square sits on the right of the card.
const PICTURE_CENTRE = [948, 281] as const;

describe('GET /og/{id}/{version}.png', () => {
  it('draws a 1200x630 PNG with long CDN cache headers', async () => {
    const res = await currentCard(ids['sem-foto']!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/^public, durable, s-maxage=31536000/);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const png = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // Without a picture the identicon stands in: no red there.
    const [r, g] = await colourAt(png, ...PICTURE_CENTRE);
    expect(r! > 200 && g! < 60).toBe(false);
  });

  it("puts the group's own picture on the card", async () => {
    const png = Buffer.from(await (await currentCard(ids['com-foto']!)).arrayBuffer());
    if (process.env.OG_CARD_OUT) await sharp(png).toFile(process.env.OG_CARD_OUT);
    expect((await sharp(png).metadata()).width).toBe(1200);
    const [r, g, b] = await colourAt(png, ...PICTURE_CENTRE);
    expect(r).toBeGreaterThan(230);
    expect(g).toBeLessThan(30);
    expect(b).toBeLessThan(30);
    // The green band on top is the site's colour.
    const [br, bg, bb] = await colourAt(png, 600, 12, 16);
    expect([br, bg, bb]).toEqual([37, 211, 102]);
  });

  it('an adult group has no card (its content is closed, decision 0010), and its address is neutral', async () => {
    // A card is public and kept by the CDN: an 18+ group, public to nobody, gets none.
    expect((await card(ids.adulto!)).status).toBe(404);
    const group = { id: ids.adulto!, title: 'Um', category: 'Só Adultos', image: null, adult: true };
    const first = ogImageOf(group);
    // What the card leaves out does not change its address, and a picture from elsewhere is not shared.
    expect(
      ogImageOf({ ...group, title: 'Dois', image: imageUrl('0b7d3f4e-1111-4222-8333-944455556666.webp') })
        .path,
    ).toBe(first.path);
    expect(ogImageOf({ ...group, image: 'https://example.com/foto.jpg' }).path).toBe(first.path);
  });

  it('draws only the current version: any other redirects there, uncached by the durable CDN', async () => {
    const id = ids['sem-foto']!;
    const current = (await card(id)).headers.get('location')!;
    for (const file of [
      '0.png',
      'zzzzzzzzzzzzz.png',
      `${current.split('/').pop()!.replace('.png', '')}x.png`,
    ]) {
      const res = await card(id, file);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(current);
      expect(res.headers.get('netlify-cdn-cache-control')).toBeNull();
      expect(res.headers.get('content-type')).toBeNull();
      expect((await res.arrayBuffer()).byteLength).toBe(0);
    }
    // An edited title makes a new current version; the old address then redirects to it.
    await db.update(groups).set({ title: 'Receitas editadas' }).where(eq(groups.id, id));
    const edited = await card(id, current.split('/').pop()!);
    expect(edited.status).toBe(302);
    expect(edited.headers.get('location')).not.toBe(current);
    const fresh = await callFunction(ogFn, edited.headers.get('location')!);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('netlify-cdn-cache-control')).toMatch(/durable/);
  });

  it('a group whose page shares a picture from elsewhere has no card', async () => {
    await addGroup('foto-de-fora', { image: 'https://example.com/foto.jpg' });
    expect((await card(ids['foto-de-fora']!)).status).toBe(404);
  });

  it('answers 404 for hidden, unknown or malformed groups and names', async () => {
    expect((await card(ids.oculto!)).status).toBe(404);
    expect((await card(randomUUID())).status).toBe(404);
    expect((await card('nao-existe')).status).toBe(404);
    expect((await card(ids['sem-foto']!, 'abc.svg')).status).toBe(404);
    expect((await callFunction(ogFn, `/og/${ids['sem-foto']}/abc.png`, { method: 'POST' })).status).toBe(405);
  });

  it('the page address of the card changes with what the card shows', () => {
    const group = { id: ids['sem-foto']!, title: 'Um', category: 'Amizade', image: null };
    const first = ogImageOf(group);
    expect(first).toMatchObject({ width: 1200, height: 630 });
    expect(first.path).toMatch(new RegExp(`^/og/${group.id}/[0-9a-z]+\\.png$`));
    expect(ogImageOf({ ...group }).path).toBe(first.path);
    expect(ogImageOf({ ...group, title: 'Dois' }).path).not.toBe(first.path);
    expect(
      ogImageOf({ ...group, image: '/api/images/0b7d3f4e-1111-4222-8333-944455556666.webp' }).path,
    ).not.toBe(first.path);
    // A picture from elsewhere (CSV import) is shared as it is; the site never fetches it.
    expect(ogImageOf({ ...group, image: 'https://example.com/foto.jpg' })).toEqual({
      path: 'https://example.com/foto.jpg',
    });
  });
});
