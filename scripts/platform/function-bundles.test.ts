// The functions as a deploy packages them (zip-it-and-ship-it with netlify.toml's [functions] settings),
// and the local platform's shared pass beside them. The deploy's bundles hold their dependencies but no
// embedded database: PGlite's package is 17 MB a function, and a bundle holding .data/pglite shipped a
// laptop's database. The platform serves the shared pass, which must know every function a deploy has.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleFunctions, deployBundleConfig, zipItAndShipIt } from './function-bundles.mjs';
import { createNetlifyDev } from './netlify.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const out = mkdtempSync(path.join(tmpdir(), 'wa-bundles-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('function bundles', () => {
  it("as a deploy makes them: dependencies in, neither PGlite nor the local database folder, og-image's fonts in", async () => {
    // The settings as the platform resolves netlify.toml (not started: no bundling, no server).
    // getConfig is private in the published types; createNetlifyDev's own wrapper is what is read here.
    const netlify = createNetlifyDev({ projectRoot: root, serverAddress: null }) as unknown as {
      getConfig(): Promise<{ config: { functions?: Record<string, unknown> } }>;
    };
    const { config } = await netlify.getConfig();
    const { zipFunction } = await zipItAndShipIt();
    const options = {
      archiveFormat: 'none',
      basePath: root,
      config: deployBundleConfig(config.functions, root),
      featureFlags: { zisi_functions_api_v2: true, zisi_pure_esm: true, zisi_pure_esm_mjs: true },
    };
    for (const name of ['groups', 'og-image'])
      await zipFunction(path.join(root, 'functions', `${name}.ts`), out, options);
    const bundle = (name: string, ...parts: string[]) => path.join(out, name, ...parts);
    // The checks below would pass on empty folders: the database functions do carry their driver.
    expect(existsSync(bundle('groups', 'node_modules', 'drizzle-orm'))).toBe(true);
    expect(
      existsSync(
        bundle('og-image', 'node_modules', '@fontsource', 'inter', 'files', 'inter-latin-700-normal.woff'),
      ),
    ).toBe(true);
    for (const name of ['groups', 'og-image']) {
      expect(readdirSync(bundle(name))).toContain('___netlify-entry-point.mjs');
      expect(existsSync(bundle(name, '.data'))).toBe(false);
      expect(existsSync(bundle(name, 'node_modules', '@electric-sql'))).toBe(false);
    }
  }, 120_000);

  it('as the platform serves them: one pass holding every function, with its routes and schedule', async () => {
    const { listFunctions } = await zipItAndShipIt();
    const listed = await listFunctions([path.join(root, 'functions')], {
      featureFlags: { zisi_functions_api_v2: true },
      parseISC: true,
    });
    // The group page bundles the server that Astro builds for pages rendered on demand
    // (src/integrations/on-demand.ts), which a fresh checkout does not have yet: the pass runs over a
    // copy of the sources beside a stand-in for it, as the platform runs it after a first build.
    const project = path.join(out, 'project');
    for (const part of ['functions', 'src', 'db', 'package.json', 'tsconfig.json'])
      cpSync(path.join(root, part), path.join(project, part), { recursive: true });
    mkdirSync(path.join(project, '.astro-server'));
    writeFileSync(
      path.join(project, '.astro-server', 'entry.mjs'),
      'export const renderOnDemand = async () => new Response(null, { status: 404 });\n',
    );
    const bundles = await bundleFunctions({
      projectRoot: project,
      functionsDir: path.join(project, 'functions'),
      watch: false,
    });
    expect(listed.length).toBeGreaterThan(20);
    for (const func of listed) {
      const data = bundles.buildData(func.name);
      expect(data, func.name).toMatchObject({
        runtimeAPIVersion: 2,
        routes: func.routes ?? [],
        schedule: func.schedule,
      });
      expect(existsSync(data!.buildPath)).toBe(true);
    }
    expect(listed.some((func: { schedule?: string }) => func.schedule)).toBe(true);
  }, 60_000);
});
