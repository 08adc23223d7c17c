// The sitemap from the database: real pages only, at their canonical URLs, with real lastmod.
// Above SITEMAP_FILE_URLS it becomes a sitemap index over several files (never cut, never padded).
// Served by a function, one file at a time (functions/sitemap.ts, decision 0008: a build no longer
// reads the whole catalogue for it), and previewed by the admin sitemap screen.

import { count, eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { categories, groups } from '#db/schema.ts';
import { listedPredicate } from '#db/visibility.ts';
import { publicGroupBatches, publicGroupSlice } from '../groups/group-lists.server.ts';
import { isPublicGroup } from '../groups/groups.server.ts';
import { topicPagesForSitemap } from '../tags/tags.server.ts';
import { tagPath } from '../tags/tags.ts';

/**
 * URLs per file as served, well under the protocol's limit of 50,000: Netlify caps a function's
 * buffered answer at 6 MB, and 50,000 URLs are ~8.7 MB of XML; 10,000 are ~1.8 MB and one quick read.
 */
export const SITEMAP_FILE_URLS = 10_000;

export type ChangeFreq = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never';

/** One URL of the sitemap (the admin preview shows these columns). */
export interface SitemapEntry {
  url: string;
  /** W3C datetime; absent when the page has no data-driven date (never invented) */
  lastmod?: string;
  changefreq: ChangeFreq;
  priority: number;
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

const toDate = (v: unknown) => (v ? new Date(v as string) : null);
const lastmodOf = (date: Date | undefined) => (date ? { lastmod: w3cDate(date) } : {});

/** The site's pages whose changes have no date we know (the code's, or none at all). */
function pagesWithoutDate(base: string): SitemapEntry[] {
  return [
    // Forms and the search shell hold no catalogue data: no lastmod rather than an invented one.
    { url: `${base}/buscar`, changefreq: 'daily', priority: 0.9 },
    { url: `${base}/enviar`, changefreq: 'monthly', priority: 0.7 },
    { url: `${base}/auth`, changefreq: 'monthly', priority: 0.5 },
    // The legal pages change with the code (the data inventory) or the plans, not on a date we know.
    { url: `${base}/privacidade`, changefreq: 'monthly', priority: 0.3 },
    { url: `${base}/termos`, changefreq: 'monthly', priority: 0.3 },
    // The transparency report changes with every decision; its current year is rebuilt with the site.
    { url: `${base}/transparencia`, changefreq: 'weekly', priority: 0.3 },
    // How the lists are ordered: changes with the code (the weights), not on a date we know.
    { url: `${base}/como-ordenamos`, changefreq: 'monthly', priority: 0.3 },
  ];
}

/** The site's own pages and the categories: the first entries of every sitemap. */
async function fixedEntries(db: Db, base: string): Promise<SitemapEntry[]> {
  // Each category's newest public group from groups_category_updated_idx: no read of every group.
  const categoryRows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      updatedAt: categories.updatedAt,
      // Written out: drizzle leaves a one-table select's columns unqualified, and "id" would be the group's.
      groupsUpdatedAt: sql`(select max(g.updated_at) from groups g
        where g.category_id = categories.id and ${sql.raw(listedPredicate('g'))})`.mapWith(toDate),
    })
    .from(categories)
    // An 18+ category lists nothing to anyone the sitemap serves (decision 0010): its page stays out too.
    .where(eq(categories.adult, false))
    .orderBy(categories.position, categories.name);
  const groupsChanged = latest(...categoryRows.map((c) => c.groupsUpdatedAt));
  const categoriesChanged = latest(...categoryRows.map((c) => c.updatedAt));
  const entries: SitemapEntry[] = [
    // The home lists the newest and featured groups: it changes when they do.
    {
      url: `${base}/`,
      ...lastmodOf(latest(groupsChanged, categoriesChanged)),
      changefreq: 'daily',
      priority: 1,
    },
    {
      url: `${base}/categorias`,
      ...lastmodOf(latest(groupsChanged, categoriesChanged)),
      changefreq: 'weekly',
      priority: 0.8,
    },
    ...pagesWithoutDate(base),
  ];
  for (const category of categoryRows) {
    entries.push({
      url: `${base}/categoria/${category.slug}`,
      ...lastmodOf(latest(category.updatedAt, category.groupsUpdatedAt)),
      changefreq: 'weekly',
      priority: 0.8,
    });
  }
  // Topic pages with enough groups to be indexed (#43); the others say noindex and stay out.
  for (const topic of await topicPagesForSitemap(db))
    entries.push({
      url: `${base}${tagPath(topic.slug)}`,
      ...lastmodOf(topic.updatedAt ?? undefined),
      changefreq: 'weekly',
      priority: 0.7,
    });
  return entries;
}

/** How many fixed entries (the home, /categorias, the pages without a date; then the categories) precede the groups. */
const FIXED_PAGES = 2 + pagesWithoutDate('').length;

function groupEntry(base: string, group: SitemapGroup): SitemapEntry {
  return {
    url: `${base}${group.path}`,
    lastmod: w3cDate(latest(group.updatedAt, group.createdAt) ?? group.updatedAt),
    changefreq: 'monthly',
    priority: 0.6,
  };
}

/** Every URL of the site with its lastmod, the groups read from the database in batches. */
export async function sitemapEntries(db: Db, baseUrl: string | URL): Promise<SitemapEntry[]> {
  const base = normalizeBaseUrl(baseUrl);
  const entries = await fixedEntries(db, base);
  for await (const batch of publicGroupBatches(db, 5000))
    for (const group of batch) entries.push(groupEntry(base, group));
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
    'Disallow: /entrar/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/** How many URLs the sitemap has, and how many of them are fixed pages: no count over the groups. */
async function sitemapSize(db: Db): Promise<{ fixed: number; total: number }> {
  const [row] = await db
    .select({
      categories: count(),
      // kept exact by triggers (categories.public_groups)
      groups: sql<number>`coalesce(sum(${categories.publicGroups}), 0)`.mapWith(Number),
    })
    .from(categories)
    .where(eq(categories.adult, false));
  // Topic pages (#43) are fixed entries too, after the categories.
  const topics = (await topicPagesForSitemap(db)).length;
  const fixed = FIXED_PAGES + (row?.categories ?? 0) + topics;
  return { fixed, total: fixed + (row?.groups ?? 0) };
}

/** What the admin sitemap screen shows: the URL count, the files, the first entries and sitemap.xml. */
export interface SitemapPreview {
  count: number;
  /** sitemap.xml, then sitemap-1.xml… when it is split */
  files: string[];
  entries: SitemapEntry[];
  xml: string;
}

/**
 * The admin's preview of the sitemap a site at `baseUrl` serves, bounded whatever the catalogue's size:
 * the first `rows` entries, and sitemap.xml itself (the index, when split).
 */
export async function sitemapPreview(
  db: Db,
  baseUrl: string | URL,
  { rows = 200, limit = SITEMAP_FILE_URLS }: { rows?: number; limit?: number } = {},
): Promise<SitemapPreview> {
  const base = normalizeBaseUrl(baseUrl);
  const { total } = await sitemapSize(db);
  const head = (await fixedEntries(db, base)).slice(0, rows);
  const groupRows = head.length < rows ? await publicGroupSlice(db, 0, rows - head.length) : [];
  const parts = total > limit ? Math.ceil(total / limit) : 0;
  return {
    count: total,
    files: ['sitemap.xml', ...Array.from({ length: parts }, (_, i) => sitemapPartName(i + 1))],
    entries: [...head, ...groupRows.map((group) => groupEntry(base, group))],
    xml: (await sitemapDocument(db, base, 'sitemap.xml', limit)) ?? '',
  };
}

/** The part number in `sitemap-N.xml`, or null for any other name. */
function partNumber(name: string): number | null {
  const match = /^sitemap-([1-9]\d{0,6})\.xml$/.exec(name);
  return match ? Number(match[1]) : null;
}

/**
 * One file of the sitemap (`sitemap.xml` or `sitemap-N.xml`) as if every entry were laid out in files
 * of `limit` URLs (tests/support/sitemap-layout.ts does just that, to check this), reading only what
 * that file holds; null for a file the sitemap does not have. The index's lastmod per part is one
 * aggregate over the creation-order index.
 */
export async function sitemapDocument(
  db: Db,
  baseUrl: string | URL,
  name: string,
  limit: number = SITEMAP_FILE_URLS,
): Promise<string | null> {
  const base = normalizeBaseUrl(baseUrl);
  const { fixed, total } = await sitemapSize(db);
  if (total <= limit) return name === 'sitemap.xml' ? urlsetXml(await sitemapEntries(db, base)) : null;

  // Entries run fixed pages first, then groups newest first; part n holds positions [(n-1)·limit, n·limit).
  const newestOf = (lastmods: (string | undefined)[]) => lastmods.filter(Boolean).sort().at(-1);
  if (name === 'sitemap.xml') {
    const groupParts = rowsOf<{ part: number; lastmod: string; n: number }>(
      await db.execute(sql`
        select part::int as part, count(*)::int as n,
          to_char(max(at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod
        from (
          select (row_number() over (order by ${groups.createdAt} desc nulls last, ${groups.id} desc nulls last)
                  - 1 + ${fixed}::int) / ${limit}::int + 1 as part,
                 greatest(${groups.updatedAt}, ${groups.createdAt}) as at
          from ${groups} where ${isPublicGroup}
        ) numbered
        group by part order by part`),
    );
    const head = await fixedEntries(db, base);
    const groupCount = groupParts.reduce((sum, part) => sum + Number(part.n), 0);
    const newest = new Map(groupParts.map((part) => [Number(part.part), part.lastmod]));
    return sitemapIndexXml(
      Array.from({ length: Math.ceil((head.length + groupCount) / limit) }, (_, i) => {
        const lastmod = newestOf([
          newest.get(i + 1),
          ...head.slice(i * limit, (i + 1) * limit).map((entry) => entry.lastmod),
        ]);
        return { url: `${base}/${sitemapPartName(i + 1)}`, ...(lastmod ? { lastmod } : {}) };
      }),
    );
  }

  const n = partNumber(name);
  if (!n || n > Math.ceil(total / limit)) return null;
  const from = (n - 1) * limit;
  const head = from < fixed ? (await fixedEntries(db, base)).slice(from, from + limit) : [];
  const rows =
    head.length < limit ? await publicGroupSlice(db, Math.max(0, from - fixed), limit - head.length) : [];
  const entries = [...head, ...rows.map((group) => groupEntry(base, group))];
  return entries.length ? urlsetXml(entries) : null;
}
