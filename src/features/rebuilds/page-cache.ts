// How the CDN keeps what functions render for crawlers (decision 0008), and how a change empties it:
// a group page is kept durably (shared by every edge) under a cache ID per group, which survives
// deploys (plain cache tags are wiped by every deploy), and is purged when the group changes; the
// sitemap's files are kept under one ID, purged by any change to groups.
import { purgeCache } from '@netlify/functions';
import { readSettings } from '#src/lib/env.server.ts';

/** A day fresh, then served stale for up to a week while one request renders it again. */
export const GROUP_PAGE_S_MAXAGE = 86_400;
export const GROUP_PAGE_STALE = 604_800;
/** Every group page rendered on demand carries this ID too: a change to many groups purges them all. */
export const GROUP_PAGES_CACHE_ID = 'group-pages';

export const groupCacheId = (groupId: string) => `group-${groupId}`;

/** The sitemap's files: purged with any group page, and never older than an hour anyway. */
export const SITEMAP_CACHE_ID = 'sitemap';
const SITEMAP_S_MAXAGE = 3_600;

/**
 * netlify.toml's [[headers]] for /*: Netlify applies them to the files it serves, never to a function's
 * answer, so the on-demand page sends them itself (page-cache.test.ts keeps the two lists equal).
 */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** The headers of a group page rendered on demand. */
export function onDemandCacheHeaders(groupId: string): Record<string, string> {
  return {
    ...PAGE_SECURITY_HEADERS,
    // Browsers revalidate (as with the static pages); the CDN keeps it.
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${GROUP_PAGE_S_MAXAGE}, stale-while-revalidate=${GROUP_PAGE_STALE}`,
    'Netlify-Cache-ID': `${groupCacheId(groupId)},${GROUP_PAGES_CACHE_ID}`,
  };
}

/**
 * The headers of an 18+ group page, rendered only for an age-verified visitor (decision 0010): neither
 * the CDN nor a shared cache keeps it.
 */
export function verifiedOnlyHeaders(): Record<string, string> {
  return { ...PAGE_SECURITY_HEADERS, 'Cache-Control': 'private, no-store' };
}

/** The headers of a sitemap file (functions/sitemap.ts). */
export function sitemapCacheHeaders(): Record<string, string> {
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': `public, durable, s-maxage=${SITEMAP_S_MAXAGE}, stale-while-revalidate=${SITEMAP_S_MAXAGE}`,
    'Netlify-Cache-ID': SITEMAP_CACHE_ID,
  };
}

/**
 * Which group pages rendered on demand a change makes stale: the groups it names, none (`[]`: a change
 * no group page shows, such as an ad or a plan), or, left out, all of them (a bulk change, a category,
 * the site's settings).
 */
export type StalePages = readonly string[] | undefined;

/** The cache IDs to purge for those pages, and the sitemap's when any group changed. */
export function cacheIdsToPurge(groups: StalePages): string[] {
  if (!groups) return [GROUP_PAGES_CACHE_ID, SITEMAP_CACHE_ID];
  if (!groups.length) return [];
  return [...new Set(groups)].map(groupCacheId).concat(SITEMAP_CACHE_ID);
}

/**
 * Purge the CDN's copies of the group pages a change affects. Only on Netlify (SITE_ID and a purge
 * token there): the local platform has no CDN cache. Never throws: the rebuild still happens, and
 * the copies expire after GROUP_PAGE_S_MAXAGE.
 */
export async function purgeGroupPages(
  groups: StalePages,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const tags = cacheIdsToPurge(groups);
  const settings = readSettings(env);
  if (
    !tags.length ||
    settings.LOCAL_PLATFORM === '1' ||
    !settings.SITE_ID ||
    !settings.NETLIFY_PURGE_API_TOKEN
  )
    return [];
  try {
    await purgeCache({
      tags,
      siteID: settings.SITE_ID,
      token: settings.NETLIFY_PURGE_API_TOKEN,
      apiURL: settings.isLocal ? settings.NETLIFY_PURGE_API_URL : undefined,
    });
    return tags;
  } catch (error) {
    console.error('[cache] purge failed:', error);
    return [];
  }
}
