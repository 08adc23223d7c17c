// Static site: every public page is pre-rendered from the database at build time.
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { ASTRO_CACHE_DIR } from './plugins/astro-cache/index.js';
import { netlifyLocal } from './scripts/platform/vite-plugin.mjs';
import { pagefindIndex } from './src/features/search/pagefind.ts';
import { cspHeaders } from './src/integrations/csp.ts';
import { hydrateOnInteraction } from './src/integrations/interaction.ts';

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:8888',
  output: 'static',
  // Per checkout (not node_modules/.astro): the incremental build cache must follow its data. On
  // Netlify, plugins/astro-cache keeps it between deploys.
  cacheDir: `./${ASTRO_CACHE_DIR}`,
  trailingSlash: 'ignore',
  build: { format: 'directory', concurrency: 16 },
  integrations: [react(), hydrateOnInteraction(), pagefindIndex(), cspHeaders()],
  experimental: { incrementalBuild: true },
  vite: { plugins: [tailwindcss(), netlifyLocal()] },
});
