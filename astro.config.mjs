// Static site: every public page is pre-rendered from the database at build time, except the group
// pages past PRERENDER_GROUPS, rendered on demand by functions/group-page.ts (decision 0008).
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { ASTRO_CACHE_DIR } from './plugins/astro-cache/index.js';
import { netlifyLocal } from './scripts/platform/vite-plugin.mjs';
import { pagefindIndex, SEARCH_INDEX_DIR } from './src/features/search/pagefind.ts';
import { cspHeaders } from './src/integrations/csp.ts';
import { hydrateOnInteraction } from './src/integrations/interaction.ts';
import { onDemandPages } from './src/integrations/on-demand.ts';
import { previousBuild } from './src/integrations/previous-build.ts';
import { formerAddressRedirects } from './src/integrations/redirects.ts';
import { requiredSettings } from './src/integrations/required-settings.ts';

// Astro inlines into its server runtime the value of each environment variable whose name appears in a
// module that reads import.meta.env, and `_` (the shell's last command: npx, npm, node…) appears in all
// of them. Left in, starting the build another way changes every route's dependency hash, and the
// incremental build renders every page again.
delete process.env._;

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:8888',
  output: 'static',
  // Not a host's adapter: it only bundles the on-demand group page for functions/group-page.ts.
  adapter: onDemandPages(),
  // Per checkout (not node_modules/.astro): the incremental build cache must follow its data. On
  // Netlify, plugins/astro-cache keeps it between deploys.
  cacheDir: `./${ASTRO_CACHE_DIR}`,
  trailingSlash: 'ignore',
  // A build's 92k page lines summed up into a few progress lines.
  logger: { entrypoint: new URL('./src/integrations/build-log.mjs', import.meta.url) },
  build: { format: 'directory', concurrency: 16 },
  // previousBuild last: it records the build only once every other step has written its files.
  integrations: [
    requiredSettings(),
    react(),
    hydrateOnInteraction(),
    pagefindIndex(),
    cspHeaders(),
    formerAddressRedirects(),
    previousBuild({ synced: [SEARCH_INDEX_DIR] }),
  ],
  experimental: { incrementalBuild: true },
  // previousBuild decides what of the output folder to keep.
  vite: {
    plugins: [tailwindcss(), netlifyLocal()],
    build: { emptyOutDir: false },
    // .data holds the embedded database, local builds and bench sites: nothing the dev server serves.
    server: { watch: { ignored: ['**/.data/**'] } },
  },
});
