// The catalogue API through the real local platform: Netlify's routing of config.path/method picks
// the right function for overlapping paths (/api/groups/featured vs /api/groups/:id, GET vs POST).
import { describe, expect, inject, it } from 'vitest';
import { AD_IMAGE_REQUIRED } from '../../src/features/ads/ads.schema.ts';
import { sessionCookieOf } from '../support/functions.ts';

const site = inject('siteUrl');

describe('catalogue API routing on the platform', () => {
  it('answers featured, recent, one group, related and by slugs', async () => {
    const featured = (await (await fetch(`${site}/api/groups/featured`)).json()) as { id: string }[];
    expect(Array.isArray(featured)).toBe(true);
    const recent = await fetch(`${site}/api/groups/recent?limit=2`);
    expect(recent.status).toBe(200);
    const { groups } = (await recent.json()) as {
      groups: { id: string; categorySlug: string; titleSlug: string }[];
    };
    expect(groups).toHaveLength(2);
    const [group] = groups;
    expect((await fetch(`${site}/api/groups/${group!.id}`)).status).toBe(200);
    expect((await fetch(`${site}/api/groups/${group!.id}/related`)).status).toBe(200);
    expect((await fetch(`${site}/api/groups/slug/${group!.categorySlug}/${group!.titleSlug}`)).status).toBe(
      200,
    );
    const list = await fetch(`${site}/api/groups?category=${group!.categorySlug}&sortBy=title`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toMatch(/^public/);
    const missing = await fetch(`${site}/api/groups/nao-e-um-id`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Grupo não encontrado', code: 'NOT_FOUND' });
  });

  it('registers a click and a share with POST, and serves ads', async () => {
    const { groups } = (await (await fetch(`${site}/api/groups/recent?limit=1`)).json()) as {
      groups: { id: string }[];
    };
    const id = groups[0]!.id;
    const click = await fetch(`${site}/api/groups/${id}/click`, { method: 'POST' });
    expect(click.status).toBe(200);
    expect(await click.json()).toMatchObject({ success: true });
    const share = await fetch(`${site}/api/groups/${id}/share`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'clipboard' }),
    });
    expect(share.status).toBe(200);
    const adsRes = await fetch(`${site}/api/random-advertisements?count=3`);
    expect(adsRes.status).toBe(200);
    const ads = (await adsRes.json()) as { id: string }[];
    expect(ads.length).toBeGreaterThan(0);
    const adClick = await fetch(`${site}/api/advertisements/${ads[0]!.id}/click`, { method: 'POST' });
    expect(adClick.status).toBe(200);
    expect(await adClick.json()).toMatchObject({ success: true, link: expect.stringMatching(/^https?:/) });
  });

  it("refuses to activate an ad without a picture, with the admin form's pt-BR message (#45)", async () => {
    const login = await fetch(`${site}/api/login?admin=1`, {
      method: 'POST',
      headers: { origin: site, 'content-type': 'application/json' },
      body: JSON.stringify({ email: inject('adminEmail'), password: inject('adminPassword') }),
    });
    expect(login.status).toBe(200);
    const cookie = `session=${encodeURIComponent(sessionCookieOf(login))}`;
    const ad = new FormData();
    ad.set('title', 'Anúncio sem foto');
    ad.set('description', 'Um anúncio que ainda não tem imagem.');
    ad.set('link', 'https://exemplo.com.br/sem-foto');
    ad.set('active', 'true');
    const send = (form: FormData) =>
      fetch(`${site}/api/admin/advertisements`, {
        method: 'POST',
        headers: { origin: site, cookie },
        body: form,
      });
    const refused = await send(ad);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: AD_IMAGE_REQUIRED,
      fields: { image: AD_IMAGE_REQUIRED },
    });
    // Kept inactive, the same ad is saved: it waits for its picture, off every list.
    ad.set('active', 'false');
    const saved = await send(ad);
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    expect(
      (
        await fetch(`${site}/api/admin/advertisements/${id}`, {
          method: 'DELETE',
          headers: { origin: site, cookie },
        })
      ).status,
    ).toBe(200);
  });
});
