// Netlify build plugin: keeps Astro's incremental build cache between deploys, so the rebuild that
// moderation triggers re-renders only the pages whose data changed instead of the whole catalogue.
// Netlify keeps node_modules between builds, but not our cacheDir (.data/astro-cache: per checkout,
// beside its data).

/** Astro's cacheDir, relative to the project's root (astro.config.mjs reads it from here). */
export const ASTRO_CACHE_DIR = '.data/astro-cache';

/**
 * What Netlify Build passes as `utils.cache` (@netlify/cache-utils).
 * @typedef {{
 *   restore(path: string, options?: { move?: boolean }): Promise<boolean>,
 *   save(path: string, options?: { move?: boolean }): Promise<boolean>,
 * }} NetlifyCache
 */

/** @param {{ utils: { cache: NetlifyCache } }} options */
export async function onPreBuild({ utils }) {
  // Moved, not copied: it holds a copy of every page (3.6 GB at 100k groups), and copying it back
  // would take about as long as the rebuild it saves. A failed build saves nothing, so the next
  // build after a failure is a full one.
  const restored = await utils.cache.restore(ASTRO_CACHE_DIR, { move: true });
  console.log(restored ? 'Astro build cache restored' : 'No Astro build cache: every page is rendered');
}

/** @param {{ utils: { cache: NetlifyCache } }} options */
export async function onPostBuild({ utils }) {
  // Only after a successful build; nothing after the build reads it.
  const saved = await utils.cache.save(ASTRO_CACHE_DIR, { move: true });
  console.log(saved ? 'Astro build cache saved' : 'No Astro build cache to save');
}
