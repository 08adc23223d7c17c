// Pages rendered on demand (decision 0008): a minimal adapter, so Astro bundles the routes that say
// `prerender = false` into a server build that a Netlify Function (functions/group-page.ts) imports.
// Everything else stays a static page in the output folder, exactly as before: the client build goes
// to outDir itself, and the server bundle to ON_DEMAND_SERVER_DIR, outside it (never deployed as files).
import type { AstroIntegration } from 'astro';

/** Where the server bundle goes, relative to the project root (functions/group-page.ts imports it). */
export const ON_DEMAND_SERVER_DIR = '.astro-server';

export function onDemandPages(): AstroIntegration {
  return {
    name: 'on-demand-pages',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        updateConfig({
          build: {
            client: config.outDir,
            server: new URL(`./${ON_DEMAND_SERVER_DIR}/`, config.root),
            serverEntry: 'entry.mjs',
          },
        });
      },
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'on-demand-pages',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./on-demand-entry.ts', import.meta.url),
          adapterFeatures: { buildOutput: 'server' },
          supportedAstroFeatures: {
            staticOutput: 'stable',
            hybridOutput: 'stable',
            serverOutput: 'stable',
            sharpImageService: 'stable',
          },
        });
      },
    },
  };
}
