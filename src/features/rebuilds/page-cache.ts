// How the CDN keeps what functions render for crawlers (decision 0008), and how a change empties it:
// a group page is kept durably (shared by every edge) under a cache ID per group, which survives
// deploys (plain cache tags are wiped by every deploy), and is purged when the group changes; the
// sitemap's files are kept under one ID, purged by any change to groups.
import { getStore } from '@netlify/blobs';
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

/** A stored picture's cache ID: purged when its group changes (held, lifted, moved to 18+). */
export const pictureCacheId = (key: string) => `image-${key}`;

/**
 * The headers of a stored picture (functions/images.ts). Browsers revalidate every time (a 304 by ETag),
 * since no takedown can reach a browser's own copy; the CDN keeps it a year under its cache ID (decision
 * 0015), and the takedown edge stands before that copy.
 */
export function pictureCacheHeaders(key: string): Record<string, string> {
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    ETag: `"${key}"`,
    'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=31536000, stale-while-revalidate=86400',
    'Netlify-Cache-ID': pictureCacheId(key),
  };
}

/** The headers of a group's share card (functions/og-image.ts): its address changes with its content. */
export function shareCardCacheHeaders(groupId: string): Record<string, string> {
  return {
    // Short in browsers (a takedown cannot reach their copy), a year in the CDN until the group changes.
    'Cache-Control': 'public, max-age=60',
    'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=31536000, stale-while-revalidate=86400',
    'Netlify-Cache-ID': groupCacheId(groupId),
  };
}

/** Where failed purges wait for the scheduled dispatcher (the takedown list's store, decision 0015). */
const PENDING_PURGES_STORE = 'takedowns';
const PENDING_PURGES_KEY = 'pending-purges';
const pendingStore = () => getStore({ name: PENDING_PURGES_STORE, consistency: 'strong' });

async function purgeTags(tags: string[], settings: ReturnType<typeof readSettings>): Promise<void> {
  await purgeCache({
    tags,
    siteID: settings.SITE_ID,
    token: settings.NETLIFY_PURGE_API_TOKEN,
    apiURL: settings.isLocal ? settings.NETLIFY_PURGE_API_URL : undefined,
  });
}

function canPurge(settings: ReturnType<typeof readSettings>): boolean {
  return settings.LOCAL_PLATFORM !== '1' && !!settings.SITE_ID && !!settings.NETLIFY_PURGE_API_TOKEN;
}

/**
 * Purge the CDN's copies of the group pages a change affects, and of the pictures named. Only on Netlify
 * (SITE_ID and a purge token there): the local platform has no CDN cache. Never throws: a failed purge
 * is recorded and retried by the scheduled dispatcher (retryPendingPurges) until it succeeds.
 */
export async function purgeGroupPages(
  groups: StalePages,
  pictures: readonly string[] = [],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const tags = [...cacheIdsToPurge(groups), ...[...new Set(pictures)].map(pictureCacheId)];
  const settings = readSettings(env);
  if (!tags.length || !canPurge(settings)) return [];
  try {
    await purgeTags(tags, settings);
    return tags;
  } catch (error) {
    console.error('[cache] purge failed; recorded for a retry:', error);
    await recordPendingPurge(tags).catch((e) => console.error('[cache] could not record the purge:', e));
    return [];
  }
}

async function recordPendingPurge(tags: string[]): Promise<void> {
  const store = pendingStore();
  const pending = ((await store.get(PENDING_PURGES_KEY, { type: 'json' })) as string[] | null) ?? [];
  await store.setJSON(PENDING_PURGES_KEY, [...new Set([...pending, ...tags])]);
}

/** The purges still waiting, retried once; answers how many tags remain (-1: unknown). Never throws. */
export async function retryPendingPurges(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const settings = readSettings(env);
  // Nothing was purged, so nothing was recorded, where there is no CDN to purge (the local platform).
  if (!canPurge(settings)) return 0;
  let pending: string[];
  try {
    pending = ((await pendingStore().get(PENDING_PURGES_KEY, { type: 'json' })) as string[] | null) ?? [];
  } catch (error) {
    console.error('[cache] the pending purges could not be read:', error);
    return -1;
  }
  if (!pending.length) return 0;
  try {
    await purgeTags(pending, settings);
  } catch (error) {
    console.error('[cache] purge retry failed; it stays for the next run:', error);
    return pending.length;
  }
  try {
    // Tags recorded while this purge ran stay for the next run.
    const now = ((await pendingStore().get(PENDING_PURGES_KEY, { type: 'json' })) as string[] | null) ?? [];
    const left = now.filter((tag) => !pending.includes(tag));
    await pendingStore().setJSON(PENDING_PURGES_KEY, left);
    return left.length;
  } catch (error) {
    console.error('[cache] purged, but the pending list was not updated (purged again next run):', error);
    return -1;
  }
}
