// The sitemap from the database: real pages only, at their canonical URLs, with real lastmod.
// Above the protocol's 50,000 URLs per file it becomes a sitemap index over several files (never
// cut, never padded). Used by the build (sitemap*.xml endpoints) and the admin sitemap screen.
import { eq, max, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { categories, groups } from '#db/schema.ts';
import { onceForBuild } from '#src/lib/build-once.server.ts';
import { publicGroupBatches } from '../groups/group-lists.server.ts';
import { isPublicGroup } from '../groups/groups.server.ts';

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_URL_LIMIT = 50_000;

export type ChangeFreq = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';

/** One URL of the sitemap (the admin preview shows these columns). */
export interface SitemapEntry {
  url: string;
  /** W3C datetime; absent when the page has no data-driven date (never invented) */
  lastmod?: string;
  changefreq: ChangeFreq;
  priority: number;
}

/** One file to publish at the site root: sitemap.xml, then sitemap-1.xml… when split. */
export interface SitemapFile {
  name: string;
  xml: string;
}

export interface Sitemap {
  entries: SitemapEntry[];
  /** files[0] is sitemap.xml: the urlset itself, or the index of the other files */
  files: SitemapFile[];
}

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A date as a W3C datetime at second precision. */
export function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function latest(...dates: (Date | null | undefined)[]): Date | undefined {
  const times = dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  return times.length ? new Date(Math.max(...times)) : undefined;
}

/** "https://site.example/" or "https://site.example" -> "https://site.example" (validated). */
export function normalizeBaseUrl(baseUrl: string | URL): string {
  const url = new URL(String(baseUrl));
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('base URL must be http(s)');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** What the sitemap needs of a public group. */
export interface SitemapGroup {
  path: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Every URL of the site with its lastmod, read from the database in batches; `publicGroups` gives
 * the public groups, newest first, when they are already read.
 */
export async function sitemapEntries(
  db: Db,
  baseUrl: string | URL,
  publicGroups: AsyncIterable<SitemapGroup[]> = publicGroupBatches(db, 5000),
): Promise<SitemapEntry[]> {
  const base = normalizeBaseUrl(baseUrl);
  const toDate = (v: unknown) => (v ? new Date(v as string) : null);
  const categoryRows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      updatedAt: categories.updatedAt,
      groupsUpdatedAt: sql`max(${groups.updatedAt}) filter (where ${isPublicGroup})`.mapWith(toDate),
    })
    .from(categories)
    .leftJoin(groups, eq(groups.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(categories.position, categories.name);
  const [newest] = await db
    .select({ at: max(groups.updatedAt) })
    .from(groups)
    .where(isPublicGroup);
  const groupsChanged = newest?.at ? new Date(newest.at) : undefined;
  const categoriesChanged = latest(...categoryRows.map((c) => c.updatedAt));
  const lastmod = (date: Date | undefined) => (date ? { lastmod: w3cDate(date) } : {});

  const entries: SitemapEntry[] = [
    // The home lists the newest and featured groups: it changes when they do.
    {
      url: `${base}/`,
      ...lastmod(latest(groupsChanged, categoriesChanged)),
      changefreq: 'daily',
      priority: 1,
    },
    {
      url: `${base}/categorias`,
      ...lastmod(latest(groupsChanged, categoriesChanged)),
      changefreq: 'weekly',
      priority: 0.8,
    },
    // Forms and the search shell hold no catalogue data: no lastmod rather than an invented one.
    { url: `${base}/buscar`, changefreq: 'daily', priority: 0.9 },
    { url: `${base}/enviar`, changefreq: 'monthly', priority: 0.7 },
    { url: `${base}/auth`, changefreq: 'monthly', priority: 0.5 },
  ];
  for (const category of categoryRows) {
    entries.push({
      url: `${base}/categoria/${category.slug}`,
      ...lastmod(latest(category.updatedAt, category.groupsUpdatedAt)),
      changefreq: 'weekly',
      priority: 0.8,
    });
  }
  for await (const batch of publicGroups) {
    for (const group of batch) {
      entries.push({
        url: `${base}${group.path}`,
        lastmod: w3cDate(latest(group.updatedAt, group.createdAt) ?? group.updatedAt),
        changefreq: 'monthly',
        priority: 0.6,
      });
    }
  }
  return entries;
}

function urlXml(entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '';
  return `<url><loc>${escapeXml(entry.url)}</loc>${lastmod}<changefreq>${entry.changefreq}</changefreq><priority>${entry.priority.toFixed(1)}</priority></url>`;
}

/** A <urlset> document. */
export function urlsetXml(entries: SitemapEntry[]): string {
  return `${XML_HEADER}\n<urlset xmlns="${NS}">\n${entries.map(urlXml).join('\n')}\n</urlset>\n`;
}

/** A <sitemapindex> document. */
export function sitemapIndexXml(files: { url: string; lastmod?: string }[]): string {
  const items = files.map(
    (f) =>
      `<sitemap><loc>${escapeXml(f.url)}</loc>${f.lastmod ? `<lastmod>${f.lastmod}</lastmod>` : ''}</sitemap>`,
  );
  return `${XML_HEADER}\n<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** The file name of the n-th part (1-based) when the sitemap is split. */
export const sitemapPartName = (n: number) => `sitemap-${n}.xml`;

/** Lay entries out in files: one urlset up to `limit` URLs, else an index over parts of `limit`. */
export function sitemapFiles(
  entries: SitemapEntry[],
  baseUrl: string | URL,
  limit: number = SITEMAP_URL_LIMIT,
): SitemapFile[] {
  if (entries.length <= limit) return [{ name: 'sitemap.xml', xml: urlsetXml(entries) }];
  const base = normalizeBaseUrl(baseUrl);
  const parts: SitemapFile[] = [];
  const index: { url: string; lastmod?: string }[] = [];
  for (let start = 0, n = 1; start < entries.length; start += limit, n++) {
    const chunk = entries.slice(start, start + limit);
    const newest = chunk.reduce<string | undefined>(
      (acc, e) => (e.lastmod && (!acc || e.lastmod > acc) ? e.lastmod : acc),
      undefined,
    );
    parts.push({ name: sitemapPartName(n), xml: urlsetXml(chunk) });
    index.push({ url: `${base}/${sitemapPartName(n)}`, ...(newest ? { lastmod: newest } : {}) });
  }
  return [{ name: 'sitemap.xml', xml: sitemapIndexXml(index) }, ...parts];
}

/** The whole sitemap of a site at `baseUrl`: its entries and the files to publish. */
export async function generateSitemap(
  db: Db,
  baseUrl: string | URL,
  {
    limit = SITEMAP_URL_LIMIT,
    publicGroups,
  }: { limit?: number; publicGroups?: AsyncIterable<SitemapGroup[]> } = {},
): Promise<Sitemap> {
  const entries = await sitemapEntries(db, baseUrl, publicGroups);
  return { entries, files: sitemapFiles(entries, baseUrl, limit) };
}

/** robots.txt: crawl the public site, not the API or the private screens; point at the sitemap. */
export function robotsTxt(baseUrl: string | URL): string {
  const base = normalizeBaseUrl(baseUrl);
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /painel',
    'Disallow: /planos-destaque',
    'Disallow: /pagar-destaque/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The sitemap for this build, generated once however many endpoints ask for it: every public group,
 * pre-rendered or rendered on demand, read in keyset batches (what it needs of each group only).
 */
export function sitemapForBuild(db: Db, baseUrl: string | URL): Promise<Sitemap> {
  const key = normalizeBaseUrl(baseUrl);
  return onceForBuild(db, `sitemap ${key}`, () => generateSitemap(db, key));
}
