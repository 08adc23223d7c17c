// sitemap.xml (served by functions/sitemap.ts) and the built robots.txt: well-formed XML, real pages
// only at their canonical URLs, real lastmod from the database, kept by the CDN under its cache ID, and
// the index split (with a small injected limit).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DbHandle, openDb } from '../../db/client.ts';
import { publicGroupBatches } from '../../src/features/groups/group-lists.server.ts';
import {
  type SitemapEntry,
  sitemapDocument,
  sitemapEntries,
} from '../../src/features/sitemap/sitemap.server.ts';
import { launchBrowser } from '../support/browser.ts';

const site = inject('siteUrl');
// The pages every sitemap lists besides the categories and the groups.
const FIXED_PAGES = [
  '/',
  '/categorias',
  '/buscar',
  '/enviar',
  '/auth',
  '/privacidade',
  '/termos',
  '/transparencia',
  '/como-ordenamos',
];
let handle: DbHandle;
let browser: Browser;

beforeAll(async () => {
  handle = await openDb({ url: inject('siteDatabaseUrl'), driver: 'pg', max: 2 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await handle?.close();
});

/** Parse XML in real Chromium; fails on any well-formedness error. */
async function parseXml(xml: string) {
  const page = await browser.newPage();
  try {
    return await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const error = doc.getElementsByTagName('parsererror')[0];
      const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
      const pick = (el: Element, name: string) =>
        el.getElementsByTagNameNS(ns, name)[0]?.textContent ?? undefined;
      return {
        error: error?.textContent ?? null,
        root: doc.documentElement.localName,
        namespace: doc.documentElement.namespaceURI,
        urls: [...doc.getElementsByTagNameNS(ns, 'url')].map((el) => ({
          loc: pick(el, 'loc')!,
          lastmod: pick(el, 'lastmod'),
          changefreq: pick(el, 'changefreq'),
          priority: pick(el, 'priority'),
        })),
        sitemaps: [...doc.getElementsByTagNameNS(ns, 'sitemap')].map((el) => ({
          loc: pick(el, 'loc')!,
          lastmod: pick(el, 'lastmod'),
        })),
      };
    }, xml);
  } finally {
    await page.close();
  }
}

async function publicGroups() {
  const all: { path: string; updatedAt: Date; categorySlug: string; titleSlug: string }[] = [];
  for await (const batch of publicGroupBatches(handle.db, 500)) all.push(...batch);
  return all;
}

describe('/sitemap.xml (a function)', () => {
  it('is a well-formed urlset of the real pages at their canonical URLs', async () => {
    const res = await fetch(`${site}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/xml/);
    expect(res.headers.get('netlify-cache-id')).toBe('sitemap');
    expect(res.headers.get('netlify-cdn-cache-control')).toMatch(/^public, durable, s-maxage=\d+/);
    const parsed = await parseXml(await res.text());
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe('urlset');
    expect(parsed.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');

    const paths = parsed.urls.map((u) => new URL(u.loc).pathname);
    expect(new Set(paths).size).toBe(paths.length);
    for (const fixed of FIXED_PAGES) expect(paths).toContain(fixed);
    // Never the old generator's wrong or invented URLs.
    expect(paths).not.toContain('/enviar-grupo');
    expect(paths.some((p) => p.includes('?'))).toBe(false);

    const categories = (await (await fetch(`${site}/api/categories`)).json()) as {
      slug: string;
      adult: boolean;
    }[];
    // An 18+ category's page lists nothing public (closed by default, decision 0010): it stays out.
    const listed = categories.filter((c) => !c.adult);
    for (const c of listed) expect(paths).toContain(`/categoria/${c.slug}`);
    for (const c of categories.filter((c) => c.adult)) expect(paths).not.toContain(`/categoria/${c.slug}`);

    // The topic pages with enough public groups to be indexed (#43), and no other.
    const tags = (
      (await (await fetch(`${site}/api/tags`)).json()) as {
        tags: { slug: string; count: number; adult: boolean }[];
      }
    ).tags;
    const topics = tags.filter((t) => !t.adult && t.count >= 3).map((t) => `/tag/${t.slug}`);
    expect(topics.length).toBeGreaterThan(0);
    expect(paths.filter((p) => p.startsWith('/tag/')).sort()).toEqual(topics.sort());

    // Exactly the public groups, each at /{categorySlug}/{titleSlug}.
    const groups = await publicGroups();
    const groupPaths = paths.filter(
      (p) => !FIXED_PAGES.includes(p) && !p.startsWith('/categoria/') && !p.startsWith('/tag/'),
    );
    expect(groupPaths.sort()).toEqual(groups.map((g) => g.path).sort());
    expect(paths.length).toBe(FIXED_PAGES.length + listed.length + topics.length + groups.length);
  });

  it('gives each group its real lastmod and every URL resolves to a public group', async () => {
    const parsed = await parseXml(await (await fetch(`${site}/sitemap.xml`)).text());
    const byPath = new Map(parsed.urls.map((u) => [new URL(u.loc).pathname, u]));
    const groups = await publicGroups();
    for (const group of groups) {
      const entry = byPath.get(group.path)!;
      expect(entry.lastmod, group.path).toBe(group.updatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'));
      expect(entry.changefreq).toBe('monthly');
    }
    for (const group of groups.slice(0, 5)) {
      const res = await fetch(`${site}/api/groups/slug/${group.categorySlug}/${group.titleSlug}`);
      expect(res.status, group.path).toBe(200);
    }
    // Pages without catalogue data carry no invented lastmod; the home's is the newest group change.
    expect(byPath.get('/buscar')!.lastmod).toBeUndefined();
    const newest = Math.max(...groups.map((g) => g.updatedAt.getTime()));
    expect(new Date(byPath.get('/')!.lastmod!).getTime()).toBeGreaterThanOrEqual(
      Math.floor(newest / 1000) * 1000,
    );
  });

  it('has no split parts below the limit', async () => {
    for (const name of ['sitemap-1.xml', 'sitemap-0.xml', 'sitemap-x.xml'])
      expect((await fetch(`${site}/${name}`)).status, name).toBe(404);
  });
});

describe('sitemap index split (injected limit)', () => {
  it('splits into several well-formed files listed in a sitemap index, losing nothing', async () => {
    const limit = 40;
    const entries = await sitemapEntries(handle.db, site);
    expect(entries.length).toBeGreaterThan(limit * 2);
    const index = await parseXml((await sitemapDocument(handle.db, site, 'sitemap.xml', limit))!);
    expect(index.error).toBeNull();
    expect(index.root).toBe('sitemapindex');
    expect(index.sitemaps.map((s) => s.loc)).toEqual(
      Array.from({ length: Math.ceil(entries.length / limit) }, (_, i) => `${site}/sitemap-${i + 1}.xml`),
    );

    // Each file as the function serves it, read on its own.
    const seen: string[] = [];
    for (const [i, listed] of index.sitemaps.entries()) {
      const part = await parseXml((await sitemapDocument(handle.db, site, `sitemap-${i + 1}.xml`, limit))!);
      expect(part.error, listed.loc).toBeNull();
      expect(part.root).toBe('urlset');
      expect(part.urls.length).toBeGreaterThan(0);
      expect(part.urls.length).toBeLessThanOrEqual(limit);
      seen.push(...part.urls.map((u) => u.loc));
      const newest = part.urls
        .map((u) => u.lastmod)
        .filter(Boolean)
        .sort()
        .at(-1);
      expect(listed.lastmod).toBe(newest);
    }
    expect(seen).toEqual(entries.map((e: SitemapEntry) => e.url));
  });
});

describe('/robots.txt (built)', () => {
  it('allows the site, keeps crawlers out of the API and private screens, names the sitemap', async () => {
    const res = await fetch(`${site}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /admin');
    expect(text).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  });
});
