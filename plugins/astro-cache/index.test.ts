// The build plugin against Netlify's own cache implementation (@netlify/cache-utils, what `utils.cache`
// is in a Netlify build), with the build's cache folder in a temporary directory.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bindOpts } from '@netlify/cache-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASTRO_CACHE_DIR, onPostBuild, onPreBuild } from './index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function tempDir(name: string) {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  dirs.push(dir);
  return dir;
}

/** A fresh checkout of the site on a build machine that shares Netlify's cache folder. */
function checkout(netlifyCache: string) {
  const root = tempDir('checkout');
  return { root, utils: { cache: bindOpts({ cacheDir: netlifyCache, cwd: root }) } };
}

describe('astro-cache build plugin', () => {
  it("carries Astro's incremental cache from one deploy's build to the next", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const netlifyCache = tempDir('netlify-cache');

    const first = checkout(netlifyCache);
    await onPreBuild(first);
    expect(log).toHaveBeenLastCalledWith('No Astro build cache: every page is rendered');
    const page = path.join(first.root, ASTRO_CACHE_DIR, 'dist/esportes/futebol/index.html');
    mkdirSync(path.dirname(page), { recursive: true });
    writeFileSync(page, '<h1>Futebol</h1>');
    writeFileSync(path.join(first.root, ASTRO_CACHE_DIR, 'incremental-build.json'), '{"version":1}');
    await onPostBuild(first);
    expect(log).toHaveBeenLastCalledWith('Astro build cache saved');

    const second = checkout(netlifyCache);
    await onPreBuild(second);
    expect(log).toHaveBeenLastCalledWith('Astro build cache restored');
    const cached = path.join(second.root, ASTRO_CACHE_DIR);
    expect(readFileSync(path.join(cached, 'dist/esportes/futebol/index.html'), 'utf8')).toBe(
      '<h1>Futebol</h1>',
    );
    expect(readFileSync(path.join(cached, 'incremental-build.json'), 'utf8')).toBe('{"version":1}');

    // The cache was moved into the build, not copied: a build that fails saves nothing, and the
    // next one renders every page.
    const third = checkout(netlifyCache);
    await onPreBuild(third);
    expect(log).toHaveBeenLastCalledWith('No Astro build cache: every page is rendered');
    expect(existsSync(path.join(third.root, ASTRO_CACHE_DIR))).toBe(false);
  });

  it('saves nothing when the build left no cache', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const netlifyCache = tempDir('netlify-cache');
    await onPostBuild(checkout(netlifyCache));
    expect(log).toHaveBeenLastCalledWith('No Astro build cache to save');
    await onPreBuild(checkout(netlifyCache));
    expect(log).toHaveBeenLastCalledWith('No Astro build cache: every page is rendered');
  });
});
