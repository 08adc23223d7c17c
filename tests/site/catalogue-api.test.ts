// The catalogue API through the real local platform: Netlify's routing of config.path/method picks
// the right function for overlapping paths (/api/groups/featured vs /api/groups/:id, GET vs POST).
import { describe, expect, inject, it } from 'vitest';

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
});
