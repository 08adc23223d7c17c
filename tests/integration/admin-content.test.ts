// Categories (deletion rules), feature plans, advertisements (image upload to Blobs), the reports queue,
// PWA settings and icons, the sitemap and the dashboard metrics, through the admin functions.

import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advertisements,
  categories,
  engagementEvents,
  featurePlans,
  groupReports,
  groups,
  groupTags,
  pwaSettings,
  rebuildRequests,
  tags,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adSettingsFn from '../../functions/admin-ad-settings.ts';
import * as adsFn from '../../functions/admin-advertisements.ts';
import * as categoriesFn from '../../functions/admin-categories.ts';
import * as dashboardFn from '../../functions/admin-dashboard.ts';
import * as plansFn from '../../functions/admin-plans.ts';
import * as pwaFn from '../../functions/admin-pwa.ts';
import * as reportsFn from '../../functions/admin-reports.ts';
import * as sitemapFn from '../../functions/admin-sitemap.ts';
import * as uploadsFn from '../../functions/admin-uploads.ts';
import { AD_IMAGE_REQUIRED } from '../../src/features/ads/ads.schema.ts';
import { adRoom, randomActiveAds } from '../../src/features/ads/ads.server.ts';
import { saoPauloDay } from '../../src/features/analytics/visitor.server.ts';
import { placeHold } from '../../src/features/holds/holds.server.ts';
import { TOPIC_PAGE_MIN_GROUPS } from '../../src/features/tags/tags.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { makeAccounts, signedIn, startBlobs } from './admin-support.ts';

const { db } = await setupTestDb();
let token: string;
let adminId: string;
let stopBlobs: () => Promise<void>;

beforeAll(async () => {
  await seedDatabase(db, { groups: 40, now: new Date() });
  const accounts = await makeAccounts(db);
  token = accounts.adminToken;
  adminId = accounts.admin.id;
  stopBlobs = await startBlobs();
});
afterAll(() => stopBlobs?.());

type Fn = Parameters<typeof callFunction>[0];
const call = (fn: Fn, path: string, init: RequestInit & { json?: unknown } = {}) =>
  callFunction(fn, path, signedIn(token, init));

const png = (width: number, height = width) =>
  sharp({ create: { width, height, channels: 4, background: '#25D366' } })
    .png()
    .toBuffer();

describe('categories', () => {
  it('creates, edits and deletes an unused category; validation and duplicates are pt-BR 4xx', async () => {
    const created = await call(categoriesFn, '/api/admin/categories', {
      method: 'POST',
      json: { name: 'Culinária', slug: 'culinaria', icon: 'chef-hat' },
    });
    expect(created.status).toBe(201);
    const category = (await created.json()) as { id: number };
    const edited = await call(categoriesFn, `/api/admin/categories/${category.id}`, {
      method: 'PATCH',
      json: { icon: 'utensils' },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ name: 'Culinária', icon: 'utensils' });

    const bad = await call(categoriesFn, '/api/admin/categories', {
      method: 'POST',
      json: { name: 'X', slug: 'Com Espaço', icon: 'a' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      name: 'O nome deve ter pelo menos 2 caracteres',
      slug: 'O slug deve conter apenas letras minúsculas, números e hífens',
      icon: 'O ícone deve ter pelo menos 2 caracteres',
    });
    const duplicate = await call(categoriesFn, '/api/admin/categories', {
      method: 'POST',
      json: { name: 'Culinária', slug: 'outra', icon: 'tag' },
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({
      message: 'Já existe uma categoria com este nome ou slug',
    });

    const removed = await call(categoriesFn, `/api/admin/categories/${category.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await db.select().from(categories).where(eq(categories.id, category.id))).toHaveLength(0);
  });

  it('refuses to delete a category that has groups, and lists totals including pending groups', async () => {
    const [used] = await db
      .select({ categoryId: groups.categoryId, n: count() })
      .from(groups)
      .groupBy(groups.categoryId)
      .limit(1);
    const res = await call(categoriesFn, `/api/admin/categories/${used!.categoryId}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      message:
        'Não é possível excluir uma categoria que possui grupos. Mova ou exclua os grupos dela antes de excluí-la.',
    });
    expect(await db.select().from(categories).where(eq(categories.id, used!.categoryId))).toHaveLength(1);
    const list = (await (await call(categoriesFn, '/api/admin/categories')).json()) as {
      id: number;
      count: number;
    }[];
    expect(list.find((c) => c.id === used!.categoryId)?.count).toBe(used!.n);
    expect((await call(categoriesFn, '/api/admin/categories/999999', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('feature plans', () => {
  it('lists, creates with a price in R$, edits and deactivates', async () => {
    const created = await call(plansFn, '/api/admin/feature-plans', {
      method: 'POST',
      json: { name: 'Quinzenal', description: 'Quinze dias no topo', days: 15, price: 'R$ 1.234,50' },
    });
    expect(created.status).toBe(201);
    const plan = (await created.json()) as { id: number; priceCents: number; price: string; active: boolean };
    expect(plan).toMatchObject({ priceCents: 123450, price: '1234.50', active: true });
    const off = await call(plansFn, `/api/admin/feature-plans/${plan.id}`, {
      method: 'PATCH',
      json: { active: false },
    });
    expect(await off.json()).toMatchObject({ active: false, description: 'Quinze dias no topo' });
    const [row] = await db.select().from(featurePlans).where(eq(featurePlans.id, plan.id));
    expect(row).toMatchObject({ price: 123450, days: 15, active: false });
    const bad = await call(plansFn, '/api/admin/feature-plans', {
      method: 'POST',
      json: { name: 'Ruim', days: 0, price: 'abc' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      days: 'A duração deve ser de pelo menos 1 dia',
      price: 'Informe um preço válido em R$ (mínimo R$ 1,00)',
    });
    const list = (await (await call(plansFn, '/api/admin/feature-plans')).json()) as { id: number }[];
    expect(list.map((p) => p.id)).toContain(plan.id);
  });
});

describe('advertisements', () => {
  it('creates an ad with an image re-encoded to WebP and served from Blobs; edits, toggles and deletes it', async () => {
    const form = new FormData();
    form.set('title', 'Curso de Marketing');
    form.set('description', 'Aprenda a vender pelo WhatsApp');
    form.set('link', 'https://exemplo.com.br/curso');
    form.set('active', 'true');
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'segredo' } } })
      .toBuffer();
    form.set('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
    const created = await call(adsFn, '/api/admin/advertisements', { method: 'POST', body: form });
    expect(created.status).toBe(201);
    const ad = (await created.json()) as { id: string; image: string };
    expect(ad.image).toMatch(/^\/uploads\/ads\/[a-f0-9]{24}\.webp$/);
    const served = await callFunction(uploadsFn, ad.image);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200 });
    expect(meta.exif).toBeUndefined();

    const edit = new FormData();
    edit.set('title', 'Curso de Marketing 2');
    const edited = await call(adsFn, `/api/admin/advertisements/${ad.id}`, { method: 'PATCH', body: edit });
    expect(await edited.json()).toMatchObject({
      title: 'Curso de Marketing 2',
      image: ad.image,
      active: true,
    });
    const toggled = await call(adsFn, `/api/admin/advertisements/${ad.id}`, {
      method: 'PATCH',
      json: { active: false },
    });
    expect(await toggled.json()).toMatchObject({ active: false });

    const page = (await (await call(adsFn, '/api/admin/advertisements?page=1&limit=6')).json()) as {
      advertisements: unknown[];
      pagination: { page: number; limit: number; total: number; totalPages: number };
    };
    const [total] = await db.select({ n: count() }).from(advertisements);
    expect(page.advertisements.length).toBe(Math.min(6, total!.n));
    expect(page.pagination).toEqual({
      page: 1,
      limit: 6,
      total: total!.n,
      totalPages: Math.ceil(total!.n / 6),
    });

    expect((await call(adsFn, `/api/admin/advertisements/${ad.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await db.select().from(advertisements).where(eq(advertisements.id, ad.id))).toHaveLength(0);
  });

  it('requests a rebuild when the active ads change, as the static lists keep room for them', async () => {
    await db.update(advertisements).set({ active: false });
    await db.delete(rebuildRequests);
    const reasons = async () => (await db.select().from(rebuildRequests)).map((r) => r.reason).sort();
    expect((await adRoom(db)).ads).toBe(0);

    const form = new FormData();
    form.set('title', 'Anúncio de teste');
    form.set('description', 'Texto');
    form.set('link', 'https://exemplo.com.br');
    form.set('active', 'false');
    form.set('image', new Blob([new Uint8Array(await png(300, 100))], { type: 'image/png' }), 'a.png');
    const inactive = (await (
      await call(adsFn, '/api/admin/advertisements', { method: 'POST', body: form })
    ).json()) as {
      id: string;
    };
    expect(await reasons()).toEqual([]);
    const rename = new FormData();
    rename.set('title', 'Outro título');
    await call(adsFn, `/api/admin/advertisements/${inactive.id}`, { method: 'PATCH', body: rename });
    expect(await reasons()).toEqual([]);

    await call(adsFn, `/api/admin/advertisements/${inactive.id}`, {
      method: 'PATCH',
      json: { active: true },
    });
    expect(await reasons()).toEqual([`anúncio alterado: ${inactive.id}`]);
    expect((await adRoom(db)).ads).toBe(1);
    // The edit form sends `active` every time: saving it unchanged requests nothing more.
    rename.set('active', 'true');
    await call(adsFn, `/api/admin/advertisements/${inactive.id}`, { method: 'PATCH', body: rename });
    expect(await reasons()).toEqual([`anúncio alterado: ${inactive.id}`]);
    form.set('active', 'true');
    for (let i = 0; i < 3; i++)
      await call(adsFn, '/api/admin/advertisements', { method: 'POST', body: form });
    expect((await reasons()).filter((r) => r.startsWith('anúncio criado: '))).toHaveLength(3);
    expect((await adRoom(db)).ads).toBe(4);

    await db.delete(rebuildRequests);
    await call(adsFn, `/api/admin/advertisements/${inactive.id}`, { method: 'DELETE' });
    expect(await reasons()).toEqual([`anúncio excluído: ${inactive.id}`]);
  });

  it('refuses a bad link, a non-image file and an image over 5MB, storing nothing', async () => {
    const [before] = await db.select({ n: count() }).from(advertisements);
    const form = new FormData();
    form.set('title', 'Anúncio');
    form.set('description', 'Texto');
    form.set('link', 'javascript:alert(1)');
    const badLink = await call(adsFn, '/api/admin/advertisements', { method: 'POST', body: form });
    expect(badLink.status).toBe(400);
    expect(await badLink.json()).toMatchObject({ message: 'O link deve ser uma URL válida' });

    form.set('link', 'https://exemplo.com');
    form.set('image', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'x.png');
    const notImage = await call(adsFn, '/api/admin/advertisements', { method: 'POST', body: form });
    expect(notImage.status).toBe(400);
    expect(await notImage.json()).toMatchObject({ message: 'O arquivo deve ser uma imagem' });

    form.set('image', new Blob([new Uint8Array(5 * 1024 * 1024 + 100)]), 'grande.png');
    const big = await call(adsFn, '/api/admin/advertisements', { method: 'POST', body: form });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ message: 'A imagem não pode ter mais que 5MB' });
    const [after] = await db.select({ n: count() }).from(advertisements);
    expect(after!.n).toBe(before!.n);
  });
});

describe('an ad is active only with a picture (#45)', () => {
  const adForm = (active: boolean) => {
    const form = new FormData();
    form.set('title', 'Anúncio sem foto');
    form.set('description', 'Texto do anúncio');
    form.set('link', 'https://exemplo.com.br/sem-foto');
    form.set('active', String(active));
    return form;
  };
  const refusal = { message: AD_IMAGE_REQUIRED, code: 'BAD_REQUEST', fields: { image: AD_IMAGE_REQUIRED } };

  it('refuses to create, switch on or keep active an ad without a picture, writing nothing', async () => {
    const [before] = await db.select({ n: count() }).from(advertisements);
    const created = await call(adsFn, '/api/admin/advertisements', { method: 'POST', body: adForm(true) });
    expect(created.status).toBe(400);
    expect(await created.json()).toEqual(refusal);
    const [after] = await db.select({ n: count() }).from(advertisements);
    expect(after!.n).toBe(before!.n);

    // Inactive, it may wait for its picture; switching it on without one is refused.
    const draft = await call(adsFn, '/api/admin/advertisements', { method: 'POST', body: adForm(false) });
    expect(draft.status).toBe(201);
    const { id } = (await draft.json()) as { id: string };
    const on = await call(adsFn, `/api/admin/advertisements/${id}`, {
      method: 'PATCH',
      json: { active: true },
    });
    expect(on.status).toBe(400);
    expect(await on.json()).toEqual(refusal);
    const edit = await call(adsFn, `/api/admin/advertisements/${id}`, {
      method: 'PATCH',
      body: adForm(true),
    });
    expect(edit.status).toBe(400);
    expect((await db.select().from(advertisements).where(eq(advertisements.id, id)))[0]).toMatchObject({
      active: false,
      title: 'Anúncio sem foto',
    });

    // With its picture it goes live; removing the picture of a live ad is refused.
    const withPicture = adForm(true);
    withPicture.set('image', new Blob([new Uint8Array(await png(300, 100))], { type: 'image/png' }), 'a.png');
    const live = await call(adsFn, `/api/admin/advertisements/${id}`, { method: 'PATCH', body: withPicture });
    expect(await live.json()).toMatchObject({
      active: true,
      image: expect.stringMatching(/^\/uploads\/ads\//),
    });
    const remove = adForm(true);
    remove.set('removeImage', 'true');
    const removed = await call(adsFn, `/api/admin/advertisements/${id}`, { method: 'PATCH', body: remove });
    expect(removed.status).toBe(400);
    expect(await removed.json()).toEqual(refusal);
    await call(adsFn, `/api/admin/advertisements/${id}`, { method: 'DELETE' });

    // The table refuses it too, whatever writes it; and a pictureless ad never reaches a visitor.
    await expect(
      db.insert(advertisements).values({ title: 'x', description: 'y', link: 'https://x.com', active: true }),
    ).rejects.toThrow();
    for (const ad of await randomActiveAds(db, 10)) expect(ad.image).toBeTruthy();
  });

  it('keeps the placement setting (default 1 in 8 cards), refusing nonsense and rebuilding on a change', async () => {
    const settings = async () => (await call(adSettingsFn, '/api/admin/ad-settings')).json();
    expect(await settings()).toEqual({ cardsPerAd: 8 });
    await db.delete(rebuildRequests);
    for (const cardsPerAd of [2, 101, 7.5, 'oito']) {
      const bad = await call(adSettingsFn, '/api/admin/ad-settings', { method: 'PUT', json: { cardsPerAd } });
      expect(bad.status, String(cardsPerAd)).toBe(400);
      expect(await bad.json()).toMatchObject({ message: 'Informe um número inteiro de 4 a 100' });
    }
    const put = (cardsPerAd: number) =>
      call(adSettingsFn, '/api/admin/ad-settings', { method: 'PUT', json: { cardsPerAd } });
    expect(await (await put(12)).json()).toEqual({ cardsPerAd: 12 });
    expect(await put(12).then((r) => r.status)).toBe(200);
    expect(await settings()).toEqual({ cardsPerAd: 12 });
    expect((await adRoom(db)).cardsPerAd).toBe(12);
    const reasons = (await db.select().from(rebuildRequests)).map((r) => r.reason);
    expect(reasons).toEqual(['anúncios: 1 a cada 12 cartões']);
    await put(8);
  });
});

describe('reports queue', () => {
  async function report(groupId: string, n: number) {
    for (let i = 0; i < n; i++)
      await db.insert(groupReports).values({
        groupId,
        reason: i % 2 ? 'spam' : 'scam',
        description: `Denúncia número ${i}`,
        reporterHash: randomUUID(),
      });
  }

  it('lists open reports per group and records dismiss, hide and delete reviews', async () => {
    const approved = await db.select().from(groups).where(eq(groups.approved, true)).limit(3);
    const [a, b, c] = approved as [
      typeof groups.$inferSelect,
      typeof groups.$inferSelect,
      typeof groups.$inferSelect,
    ];
    await report(a.id, 3);
    await report(b.id, 1);
    await report(c.id, 2);
    await db.transaction((tx) => placeHold(tx, a.id, { reason: 'reports' })); // threshold hid it
    const list = (await (await call(reportsFn, '/api/admin/reports')).json()) as {
      reports: {
        group: { id: string; hidden: boolean };
        count: number;
        reasons: Record<string, number>;
        reports: { description: string }[];
      }[];
    };
    expect(list.reports.map((r) => [r.group.id, r.count])).toEqual([
      [a.id, 3],
      [c.id, 2],
      [b.id, 1],
    ]);
    expect(list.reports[0]).toMatchObject({ group: { hidden: true }, reasons: { scam: 2, spam: 1 } });

    const dismissed = await call(reportsFn, `/api/admin/reports/${a.id}`, {
      method: 'POST',
      json: { action: 'dismiss' },
    });
    expect(await dismissed.json()).toMatchObject({
      success: true,
      closed: 3,
      message: 'Denúncias descartadas',
    });
    const reviewed = await db.select().from(groupReports).where(eq(groupReports.groupId, a.id));
    expect(
      reviewed.every(
        (r) =>
          r.status === 'reviewed' &&
          r.reviewedBy === adminId &&
          r.actionTaken === 'dismissed' &&
          r.reviewedAt,
      ),
    ).toBe(true);
    expect((await db.select().from(groups).where(eq(groups.id, a.id)))[0]!.hiddenAt).toBeNull();

    await call(reportsFn, `/api/admin/reports/${b.id}`, { method: 'POST', json: { action: 'hide' } });
    expect((await db.select().from(groups).where(eq(groups.id, b.id)))[0]!.hiddenAt).not.toBeNull();
    expect((await db.select().from(groupReports).where(eq(groupReports.groupId, b.id)))[0]!.actionTaken).toBe(
      'hidden',
    );

    await call(reportsFn, `/api/admin/reports/${c.id}`, { method: 'POST', json: { action: 'delete' } });
    expect(await db.select().from(groups).where(eq(groups.id, c.id))).toHaveLength(0);

    const again = await call(reportsFn, `/api/admin/reports/${a.id}`, {
      method: 'POST',
      json: { action: 'hide' },
    });
    expect(again.status).toBe(404);
    const badAction = await call(reportsFn, `/api/admin/reports/${b.id}`, {
      method: 'POST',
      json: { action: 'explode' },
    });
    expect(badAction.status).toBe(400);
    expect(
      ((await (await call(reportsFn, '/api/admin/reports')).json()) as { reports: unknown[] }).reports,
    ).toEqual([]);
  });
});

describe('PWA settings and icons', () => {
  it('saves the Geral tab and validates colours', async () => {
    const saved = await call(pwaFn, '/api/admin/pwa-settings', {
      method: 'PUT',
      json: {
        enabled: false,
        appName: 'Meu App',
        description: 'Descrição',
        themeColor: '#112233',
        backgroundColor: '#fff',
      },
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ enabled: false, appName: 'Meu App', themeColor: '#112233' });
    const [row] = await db.select().from(pwaSettings);
    expect(row).toMatchObject({ enabled: false, appName: 'Meu App' });
    const bad = await call(pwaFn, '/api/admin/pwa-settings', {
      method: 'PUT',
      json: {
        enabled: true,
        appName: 'Meu App',
        description: '',
        themeColor: 'verde',
        backgroundColor: '#fff',
      },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Use uma cor hexadecimal, por exemplo #25D366' });
  });

  it('accepts only PNG icons of the exact size, checked by magic bytes and sharp', async () => {
    const upload = async (bytes: Uint8Array, size: number, name = 'icone.png') => {
      const form = new FormData();
      form.set('icon', new Blob([bytes as BlobPart], { type: 'image/png' }), name);
      return call(pwaFn, `/api/admin/pwa-settings/icon/${size}`, { method: 'POST', body: form });
    };
    const ok = await upload(await png(192), 192);
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { path: string; settings: { icon192: string } };
    expect(body.path).toMatch(/^\/uploads\/pwa\/[a-f0-9]{24}\.png$/);
    expect(body.settings.icon192).toBe(body.path);
    const served = await callFunction(uploadsFn, body.path);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(192);

    const wrongSize = await upload(await png(200), 192);
    expect(wrongSize.status).toBe(400);
    expect(await wrongSize.json()).toMatchObject({ message: 'O ícone deve ter exatamente 192x192 pixels' });
    const notSquare = await upload(await png(512, 400), 512);
    expect(await notSquare.json()).toMatchObject({ message: 'O ícone deve ter exatamente 512x512 pixels' });
    const jpeg = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const renamed = await upload(jpeg, 512, 'fingido.png');
    expect(renamed.status).toBe(400);
    expect(await renamed.json()).toMatchObject({ message: 'O ícone deve ser uma imagem PNG' });
    const truncated = await upload((await png(512)).subarray(0, 40), 512);
    expect(truncated.status).toBe(400);
    expect(
      (await call(pwaFn, '/api/admin/pwa-settings/icon/64', { method: 'POST', body: new FormData() })).status,
    ).toBe(404);
    const [row] = await db.select().from(pwaSettings);
    expect(row!.icon512).toBeNull();
  });
});

describe('sitemap', () => {
  it('lists real public pages only at canonical URLs for the given domain', async () => {
    const res = await call(
      sitemapFn,
      `/api/admin/sitemap?domain=${encodeURIComponent('https://grupos.exemplo.com.br/')}`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      count: number;
      entries: { url: string }[];
      files: string[];
      xml: string;
    };
    // Public: approved, not hidden, not in an 18+ category (decision 0010, which leaves its page out too).
    const adult = new Set((await db.select().from(categories)).filter((c) => c.adult).map((c) => c.id));
    const listed = (await db.select().from(groups)).filter(
      (g) => g.approved && !g.hiddenAt && !adult.has(g.categoryId),
    );
    const publicGroups = listed.length;
    const [cats] = await db.select({ n: count() }).from(categories).where(eq(categories.adult, false));
    // Topic pages: a visible tag (not merged, not 18+) with at least TOPIC_PAGE_MIN_GROUPS public groups.
    const publicIds = new Set(listed.map((g) => g.id));
    const perTag = new Map<number, number>();
    for (const { groupId, tagId } of await db.select().from(groupTags))
      if (publicIds.has(groupId)) perTag.set(tagId, (perTag.get(tagId) ?? 0) + 1);
    const topics = (await db.select().from(tags)).filter(
      (t) =>
        !t.hidden && t.mergedIntoId === null && !t.adult && (perTag.get(t.id) ?? 0) >= TOPIC_PAGE_MIN_GROUPS,
    ).length;
    expect(topics).toBeGreaterThan(0); // the demo catalogue tags its groups
    // home, categorias, buscar, enviar, auth, privacidade, termos, transparencia, como-ordenamos
    expect(body.count).toBe(9 + cats!.n + topics + publicGroups);
    expect(body.entries.every((e) => e.url.startsWith('https://grupos.exemplo.com.br/'))).toBe(true);
    expect(body.entries.map((e) => e.url)).toContain('https://grupos.exemplo.com.br/enviar');
    expect(body.xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(body.xml.match(/<url>/g)).toHaveLength(body.count);
    // The preview is bounded whatever the catalogue's size: the first 200 entries, sitemap.xml's names.
    expect(body.entries).toHaveLength(Math.min(body.count, 200));
    expect(body.files).toEqual(['sitemap.xml']);
    expect(body.entries.map((e) => e.url)).not.toContain('https://grupos.exemplo.com.br/enviar-grupo');
    const bad = await call(sitemapFn, '/api/admin/sitemap?domain=javascript:alert(1)');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      message: 'Informe um domínio válido, incluindo http:// ou https://',
    });
  });
});

describe('dashboard', () => {
  it('counts groups and clicks from engagement events, every click figure over the same 30 days', async () => {
    const [g1, g2] = await db.select().from(groups).where(eq(groups.approved, true)).limit(2);
    const today = saoPauloDay();
    const yesterday = saoPauloDay(new Date(Date.now() - 86_400_000));
    const event = (targetId: string, day: string, visitor: string) => ({
      kind: 'group_click' as const,
      targetId,
      day,
      visitorHash: visitor,
    });
    await db.insert(engagementEvents).values([
      event(g1!.id, today, 'v1'),
      event(g1!.id, today, 'v2'),
      event(g2!.id, today, 'v1'),
      event(g1!.id, yesterday, 'v1'),
      // Outside the 30-day window: counted nowhere (not in the total, the top 5 nor the categories).
      event(g2!.id, saoPauloDay(new Date(Date.now() - 40 * 86_400_000)), 'v7'),
      event(g2!.id, saoPauloDay(new Date(Date.now() - 40 * 86_400_000)), 'v8'),
      event(g2!.id, saoPauloDay(new Date(Date.now() - 40 * 86_400_000)), 'v9'),
      { kind: 'group_share', targetId: g1!.id, day: today, visitorHash: 'v9' },
    ]);
    const res = await callFunction(dashboardFn, '/api/admin/dashboard-metrics', signedIn(token));
    const body = (await res.json()) as {
      groups: { total: number; pending: number; approved: number };
      categories: { popular: { id: number; totalClicks: number }[]; mostPopulated: { count: number }[] };
      clicks: {
        periodDays: number;
        total: number;
        today: number;
        averagePerDay: number;
        distinctGroupsToday: number;
        topGroups: { id: string; cliques: number }[];
      };
    };
    const all = await db.select().from(groups);
    expect(body.groups.total).toBe(all.length);
    expect(body.groups.pending + body.groups.approved).toBe(all.length);
    expect(body.clicks).toMatchObject({
      periodDays: 30,
      total: 4,
      today: 3,
      averagePerDay: 0.1,
      distinctGroupsToday: 2,
    });
    expect(body.clicks.topGroups.slice(0, 2)).toMatchObject([
      { id: g1!.id, cliques: 3 },
      { id: g2!.id, cliques: 1 },
    ]);
    // The categories' clicks are the same window's: they add up to the total.
    expect(body.categories.popular.reduce((sum, c) => sum + c.totalClicks, 0)).toBe(4);
    expect(body.categories.mostPopulated).toHaveLength(5);

    const rebuild = await callFunction(
      dashboardFn,
      '/api/admin/rebuild',
      signedIn(token, { method: 'POST' }),
    );
    expect(rebuild.status).toBe(202);
    expect(await rebuild.json()).toMatchObject({
      message: 'Publicação solicitada',
      last: { status: 'pending' },
    });
  });
});
