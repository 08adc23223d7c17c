// The whole sitemap laid out at once, the plain way: every entry read, then cut into files of `limit`
// URLs with an index. The served files (sitemapDocument, one at a time) are checked against it.
import type { Db } from '../../db/client.ts';
import {
  normalizeBaseUrl,
  type SitemapEntry,
  sitemapEntries,
  sitemapIndexXml,
  sitemapPartName,
  urlsetXml,
} from '../../src/features/sitemap/sitemap.server.ts';

export interface SitemapFile {
  name: string;
  xml: string;
}

/** files[0] is sitemap.xml: the urlset itself, or the index of the other files. */
export async function wholeSitemap(
  db: Db,
  baseUrl: string,
  limit: number,
): Promise<{ entries: SitemapEntry[]; files: SitemapFile[] }> {
  const entries = await sitemapEntries(db, baseUrl);
  if (entries.length <= limit) return { entries, files: [{ name: 'sitemap.xml', xml: urlsetXml(entries) }] };
  const base = normalizeBaseUrl(baseUrl);
  const parts: SitemapFile[] = [];
  const index: { url: string; lastmod?: string }[] = [];
  for (let start = 0, n = 1; start < entries.length; start += limit, n++) {
    const chunk = entries.slice(start, start + limit);
    const newest = chunk
      .map((e) => e.lastmod)
      .filter(Boolean)
      .sort()
      .at(-1);
    parts.push({ name: sitemapPartName(n), xml: urlsetXml(chunk) });
    index.push({ url: `${base}/${sitemapPartName(n)}`, ...(newest ? { lastmod: newest } : {}) });
  }
  return { entries, files: [{ name: 'sitemap.xml', xml: sitemapIndexXml(index) }, ...parts] };
}
