import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cacheIdsToPurge,
  GROUP_PAGES_CACHE_ID,
  onDemandCacheHeaders,
  PAGE_SECURITY_HEADERS,
  SITEMAP_CACHE_ID,
  sitemapCacheHeaders,
} from './page-cache.ts';

const ID = '3f2a8c1e-0b7d-4e5f-9a6b-1c2d3e4f5a6b';

describe('group pages rendered on demand', () => {
  it('are kept durably by the CDN under their group cache ID', () => {
    const headers = onDemandCacheHeaders(ID);
    expect(headers['Netlify-CDN-Cache-Control']).toMatch(
      /^public, durable, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(headers['Netlify-Cache-ID']).toBe(`group-${ID},${GROUP_PAGES_CACHE_ID}`);
    expect(headers['Cache-Control']).toBe('public, max-age=0, must-revalidate');
  });

  it('purge the groups a change names, none, or all of them when it names no group; the sitemap with any', () => {
    expect(cacheIdsToPurge([ID, ID])).toEqual([`group-${ID}`, SITEMAP_CACHE_ID]);
    expect(cacheIdsToPurge([])).toEqual([]);
    expect(cacheIdsToPurge(undefined)).toEqual([GROUP_PAGES_CACHE_ID, SITEMAP_CACHE_ID]);
  });

  it('keep the sitemap durably under its own cache ID, an hour at most', () => {
    const headers = sitemapCacheHeaders();
    expect(headers['Netlify-Cache-ID']).toBe(SITEMAP_CACHE_ID);
    expect(headers['Netlify-CDN-Cache-Control']).toBe(
      'public, durable, s-maxage=3600, stale-while-revalidate=3600',
    );
    expect(headers['Cache-Control']).toBe('public, max-age=0, must-revalidate');
  });

  it("send netlify.toml's page headers themselves (Netlify applies those to files only)", () => {
    const toml = readFileSync(path.resolve(import.meta.dirname, '../../../netlify.toml'), 'utf8');
    const block = toml.slice(toml.indexOf('for = "/*"'));
    const declared = Object.fromEntries(
      [...block.matchAll(/^\s+([A-Za-z-]+) = "([^"]*)"$/gm)].map(([, name, value]) => [name, value]),
    );
    expect(PAGE_SECURITY_HEADERS).toEqual(declared);
    expect(onDemandCacheHeaders(ID)).toMatchObject(PAGE_SECURITY_HEADERS);
  });
});
