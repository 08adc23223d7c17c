// Pages rendered on demand (decision 0008): a minimal adapter, so Astro bundles the routes that say
// `prerender = false` into a server build that a Netlify Function (functions/group-page.ts) imports.
// Everything else stays a static page in the output folder, exactly as before: the client build goes
// to outDir itself, and the server bundle to ON_DEMAND_SERVER_DIR, outside it (never deployed as files).
// The bundle is written beside it and swapped in when the build is done: the running local platform
// bundles the function again as soon as the folder changes, and a half-written bundle (its manifest
// not yet final) would fail every on-demand page until the next build.
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Where the server bundle goes, relative to the project root (functions/group-page.ts imports it). */
export const ON_DEMAND_SERVER_DIR = '.astro-server';
const STAGING_DIR = `${ON_DEMAND_SERVER_DIR}.next`;

export function onDemandPages(): AstroIntegration {
  let root = '';
  return {
    name: 'on-demand-pages',
    hooks: {
      'astro:config:setup': ({ config, command, updateConfig }) => {
        root = fileURLToPath(config.root);
        const staging = path.join(root, STAGING_DIR);
        if (command === 'build') rmSync(staging, { recursive: true, force: true });
        updateConfig({
          build: {
            client: config.outDir,
            server: new URL(`./${STAGING_DIR}/`, config.root),
            serverEntry: 'entry.mjs',
          },
        });
      },
      'astro:build:done': () => {
        const [staging, live] = [path.join(root, STAGING_DIR), path.join(root, ON_DEMAND_SERVER_DIR)];
        if (!existsSync(staging)) return;
        const old = `${live}.old`;
        rmSync(old, { recursive: true, force: true });
        if (existsSync(live)) renameSync(live, old);
        renameSync(staging, live);
        rmSync(old, { recursive: true, force: true });
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
