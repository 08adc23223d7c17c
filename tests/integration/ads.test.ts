import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { advertisements } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adsFn from '../../functions/advertisements.ts';
import type { AdvertisementJson } from '../../src/features/ads/ads.schema.ts';
import { rollupEngagement } from '../../src/features/analytics/engagement.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';

const { db } = await setupTestDb();
let inactiveId = '';

beforeAll(async () => {
  await seedDatabase(db, { groups: 5, now: new Date() });
  const [inactive] = await db
    .insert(advertisements)
    .values({
      title: 'Anúncio pausado',
      description: 'Não aparece',
      link: 'https://example.com/p',
      active: false,
    })
    .returning();
  inactiveId = inactive!.id;
});

describe('GET /api/random-advertisements', () => {
  it('answers up to `count` active ads, uncached, never an inactive one', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await callFunction(adsFn, '/api/random-advertisements?count=3');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const ads = (await res.json()) as AdvertisementJson[];
      expect(ads).toHaveLength(3);
      expect(new Set(ads.map((a) => a.id)).size).toBe(3);
      for (const ad of ads) {
        expect(Object.keys(ad).sort()).toEqual(['description', 'id', 'image', 'link', 'title']);
        seen.add(ad.id);
      }
    }
    expect(seen.has(inactiveId)).toBe(false);
    const all = (await (
      await callFunction(adsFn, '/api/random-advertisements?count=10')
    ).json()) as unknown[];
    expect(all).toHaveLength(4); // the four active seeded ads
  });

  it('defaults to 3 and refuses a bad count with a pt-BR message', async () => {
    const ads = (await (await callFunction(adsFn, '/api/random-advertisements')).json()) as unknown[];
    expect(ads).toHaveLength(3);
    for (const count of ['0', '-1', 'abc', '11']) {
      const res = await callFunction(adsFn, `/api/random-advertisements?count=${count}`);
      expect(res.status, count).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Quantidade inválida', code: 'BAD_REQUEST' });
    }
  });

  it('answers an empty list when no ad is active', async () => {
    await db.update(advertisements).set({ active: false });
    const res = await callFunction(adsFn, '/api/random-advertisements?count=3');
    expect(await res.json()).toEqual([]);
    await db
      .update(advertisements)
      .set({ active: true })
      .where(eq(advertisements.title, 'Frases para Status'));
  });
});

describe('POST /api/advertisements/{id}/click', () => {
  const click = (id: string, ua = 'Mozilla/5.0 (Ana)', ip = '203.0.113.7') =>
    callFunction(adsFn, `/api/advertisements/${id}/click`, {
      method: 'POST',
      headers: { 'user-agent': ua },
      ip,
    });

  it('answers the link and counts once per visitor per day', async () => {
    const [ad] = await db.select().from(advertisements).where(eq(advertisements.title, 'Frases para Status'));
    const first = await click(ad!.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ success: true, counted: true, link: ad!.link });
    expect(await (await click(ad!.id)).json()).toMatchObject({ counted: false, link: ad!.link });
    await click(ad!.id, 'Mozilla/5.0 (Bia)', '203.0.113.8');
    await rollupEngagement(db);
    const [after] = await db.select().from(advertisements).where(eq(advertisements.id, ad!.id));
    expect(after!.cliques).toBe(ad!.cliques + 2);
  });

  it('answers 404 "Anúncio não encontrado" for inactive, unknown and malformed ids', async () => {
    for (const id of [inactiveId, randomUUID(), 'abc', '%E0%A4%A']) {
      const res = await click(id);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ message: 'Anúncio não encontrado', code: 'NOT_FOUND' });
    }
  });

  it('answers 405 for the wrong method on each path', async () => {
    const [ad] = await db.select().from(advertisements).limit(1);
    const get = await callFunction(adsFn, `/api/advertisements/${ad!.id}/click`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const post = await callFunction(adsFn, '/api/random-advertisements', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });
});
