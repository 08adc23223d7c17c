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
  // Copied, not moved: if this build fails, the saved cache stays as it was.
  const restored = await utils.cache.restore(ASTRO_CACHE_DIR);
  console.log(restored ? 'Astro build cache restored' : 'No Astro build cache yet: full build');
}

/** @param {{ utils: { cache: NetlifyCache } }} options */
export async function onPostBuild({ utils }) {
  // Only after a successful build; moved, since nothing after the build reads it.
  const saved = await utils.cache.save(ASTRO_CACHE_DIR, { move: true });
  console.log(saved ? 'Astro build cache saved' : 'No Astro build cache to save');
}
