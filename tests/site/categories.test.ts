// The built /categorias page: complete without JavaScript, listing every category with its count.

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';

const site = inject('siteUrl');

interface ApiCategory {
  name: string;
  slug: string;
  count: number;
}

describe('/categorias (static HTML)', () => {
  it('lists the ten seeded categories with the same counts as the API', async () => {
    const api = (await (await fetch(`${site}/api/categories`)).json()) as ApiCategory[];
    expect(api).toHaveLength(10);
    const res = await fetch(`${site}/categorias`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="pt-BR"');
    expect(html).toContain('Todas as Categorias');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/categorias"/);
    for (const category of api) {
      expect(html).toContain(`href="/categoria/${category.slug}"`);
      const label = `${category.count.toLocaleString('pt-BR')} ${category.count === 1 ? 'grupo' : 'grupos'}`;
      expect(html, category.name).toContain(label);
    }
  });

  it('/grupos shows the same listing and declares /categorias canonical', async () => {
    const html = await (await fetch(`${site}/grupos`)).text();
    expect(html).toContain('Todas as Categorias');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/categorias"/);
  });
});

describe('the local platform', () => {
  it('answers JSON 404 for unknown API paths and 405 for wrong methods', async () => {
    const unknown = await fetch(`${site}/api/nao-existe`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    const wrong = await fetch(`${site}/api/categories`, { method: 'POST' });
    expect(wrong.status).toBe(405);
  });

  it('serves pages with security headers and hashed assets as immutable', async () => {
    const res = await fetch(`${site}/categorias`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const asset = /(?:href|src)="(\/_astro\/[^"]+)"/.exec(await res.text())?.[1];
    expect(asset).toBeDefined();
    const assetRes = await fetch(`${site}${asset}`);
    expect(assetRes.status).toBe(200);
    expect(assetRes.headers.get('cache-control')).toContain('immutable');
  });

  it('redirects /home to /', async () => {
    const res = await fetch(`${site}/home`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get('location') ?? '', site).pathname).toBe('/');
  });

  it('shows the 404 page for unknown pages', async () => {
    const res = await fetch(`${site}/pagina-que-nao-existe`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Página não encontrada');
  });
});

describe('in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens /categorias on a phone and shows every category', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${site}/categorias`);
    await expect.poll(() => page.getByTestId('category-list').locator('li').count()).toBe(10);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Todas as Categorias');
    await page.getByRole('link', { name: /Esportes/ }).click();
    await page.waitForURL(/\/categoria\/esportes$/);
    await page.close();
  });

  it('registers the service worker (the PWA is on in the demo settings)', async () => {
    const page = await browser.newPage();
    await page.goto(`${site}/`);
    const scriptURL = await page.evaluate(
      async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? null,
    );
    expect(scriptURL).toBe(`${site}/sw.js`);
    await page.close();
  });
});
