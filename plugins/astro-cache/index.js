// Netlify build plugin: keeps Astro's incremental build cache and the previous build's output between
// deploys, so the rebuild that moderation triggers renders only the pages whose data changed and leaves
// the others where they are (src/integrations/previous-build.ts decides whether the output can be
// trusted). Netlify keeps node_modules between builds, but neither our cacheDir (.data/astro-cache:
// per checkout, beside its data) nor the publish folder.

/** Astro's cacheDir, relative to the project's root (astro.config.mjs reads it from here). */
export const ASTRO_CACHE_DIR = '.data/astro-cache';

/**
 * What Netlify Build passes to a plugin: `utils.cache` is @netlify/cache-utils.
 * @typedef {{
 *   constants: { PUBLISH_DIR: string },
 *   utils: { cache: {
 *     restore(path: string, options?: { move?: boolean }): Promise<boolean>,
 *     save(path: string, options?: { move?: boolean }): Promise<boolean>,
 *   } },
 * }} NetlifyPluginOptions
 */

/** @param {NetlifyPluginOptions} options */
function kept({ constants }) {
  return [
    { path: ASTRO_CACHE_DIR, name: 'Astro build cache' },
    { path: constants.PUBLISH_DIR, name: 'Previous build output' },
  ];
}

/** @param {NetlifyPluginOptions} options */
export async function onPreBuild(options) {
  // Moved, not copied: the output holds every page (3.6 GB at 100k groups; the cacheDir only Astro's
  // manifest and our records), and copying it back would take about as long as the rebuild saves. A
  // build that fails saves nothing, so the next build after a failure renders every page.
  for (const { path, name } of kept(options)) {
    const restored = await options.utils.cache.restore(path, { move: true });
    console.log(`${name}: ${restored ? 'restored' : 'none, every page is rendered'}`);
  }
}

/** @param {NetlifyPluginOptions} options */
export async function onSuccess(options) {
  // After the deploy (onSuccess runs once it has succeeded), when nothing reads the output any more.
  for (const { path, name } of kept(options)) {
    const saved = await options.utils.cache.save(path, { move: true });
    console.log(`${name}: ${saved ? 'saved' : 'nothing to save'}`);
  }
}
