// Group pages through the local platform (decision 0008): pages the build did not pre-render, each
// asked for once (the local platform has no CDN, so every request is a cache miss: the function renders
// it), beside pre-rendered ones served as files. Each answer is checked for what crawlers read. Then
// the sitemap, served by a function too: the index and every file it lists, counted against the
// public groups.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client.ts';
import { categories, groups } from '../db/schema.ts';
import { isPublicGroup } from '../src/features/groups/groups.server.ts';
import { type Latency, latency, log, round } from './lib.ts';

export interface SitemapFigures {
  /** files listed by sitemap.xml (1 when it is a urlset itself) */
  files: number;
  /** group URLs across every file, and the public groups they should be */
  groupUrls: number;
  publicGroups: number;
  largestFileUrls: number;
  largestFileKb: number;
  indexMs: number;
  /** each listed file fetched once */
  parts: Latency;
}

export interface PagesSection {
  onDemand: Latency & { complete: number; cacheId: number };
  prerendered: Latency & { complete: number };
  sitemap: SitemapFigures;
}

/**
 * What a crawler needs of a group page: title, description, canonical, JSON-LD and the way in. Since
 * decision 0012 'Entrar no Grupo' goes through `/entrar/{id}` (the current link, read at the join): no
 * built page carries an invite link.
 */
export function completeGroupHtml(html: string): boolean {
  return (
    /<title>[^<]+<\/title>/.test(html) &&
    /<meta name="description" content="[^"]+"/.test(html) &&
    /<link rel="canonical" href="[^"]+"/.test(html) &&
    html.includes('application/ld+json') &&
    /href="\/entrar\/[0-9a-f-]{36}"/.test(html)
  );
}

async function timePaths(base: string, paths: string[]) {
  const samples: number[] = [];
  let complete = 0;
  let cacheId = 0;
  for (const p of paths) {
    const started = performance.now();
    const response = await fetch(new URL(p, base));
    const html = await response.text();
    samples.push(performance.now() - started);
    if (response.status === 200 && completeGroupHtml(html)) complete++;
    if (response.headers.get('netlify-cache-id')) cacheId++;
  }
  return { ...latency(samples), complete, cacheId };
}

export async function benchPages(
  handle: DbHandle,
  base: string,
  outDir: string,
  iterations: number,
): Promise<PagesSection> {
  // A random sample of public groups (the product's own rule: 18+ groups have no public page), sorted by
  // whether the build wrote their page.
  const rows = await handle.db
    .select({ path: sql<string>`'/' || ${categories.slug} || '/' || ${groups.titleSlug}` })
    .from(groups)
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .where(isPublicGroup)
    .orderBy(sql`md5(${groups.id}::text)`)
    .limit(iterations * 40);
  const built = (p: string) => existsSync(path.join(outDir, p, 'index.html'));
  const onDemand = rows.map((r) => r.path).filter((p) => !built(p));
  const prerendered = rows.map((r) => r.path).filter(built);
  // Warm the function's instance first (its first call imports the server bundle), then time unseen pages.
  const warm = onDemand.splice(0, 5);
  for (const p of warm) await fetch(new URL(p, base)).then((r) => r.text());
  log(`group pages through the platform: ${Math.min(iterations, onDemand.length)} on demand…`);
  const demand = await timePaths(base, onDemand.slice(0, iterations));
  const statics = await timePaths(base, prerendered.slice(0, iterations));
  return {
    sitemap: await benchSitemap(handle, base),
    onDemand: demand,
    prerendered: {
      n: statics.n,
      p50: statics.p50,
      p95: statics.p95,
      max: statics.max,
      complete: statics.complete,
    },
  };
}

/** Fetch /sitemap.xml and every file it lists; count the group URLs (/{category}/{title}). */
async function benchSitemap(handle: DbHandle, base: string): Promise<SitemapFigures> {
  const fetchXml = async (url: string | URL) => {
    const started = performance.now();
    const response = await fetch(url);
    const xml = await response.text();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return { xml, ms: performance.now() - started };
  };
  log('sitemap through the platform…');
  await fetchXml(new URL('/sitemap.xml', base)); // warms the function's instance (its first import)
  const index = await fetchXml(new URL('/sitemap.xml', base));
  const listed = [...index.xml.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const files = listed.length ? [] : [index];
  const samples: number[] = [];
  for (const file of listed) {
    const part = await fetchXml(new URL(file, base));
    samples.push(part.ms);
    files.push(part);
  }
  let groupUrls = 0;
  let largestFileUrls = 0;
  let largestFileKb = 0;
  for (const { xml } of files) {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    // Group pages are /{category}/{title}; category and topic pages (#43) have two segments too.
    groupUrls += locs.filter((p) => /^\/[^/]+\/[^/]+$/.test(p) && !/^\/(categoria|tag)\//.test(p)).length;
    largestFileUrls = Math.max(largestFileUrls, locs.length);
    largestFileKb = Math.max(largestFileKb, round(Buffer.byteLength(xml) / 1024, 1));
  }
  // The sitemap lists the public groups, by the same rule as every other surface.
  const [row] = await handle.db.select({ n: count() }).from(groups).where(isPublicGroup);
  return {
    files: listed.length || 1,
    groupUrls,
    publicGroups: Number(row?.n ?? 0),
    largestFileUrls,
    largestFileKb,
    indexMs: round(index.ms),
    parts: latency(samples),
  };
}
