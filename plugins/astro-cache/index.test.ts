// The build plugin against Netlify's own cache implementation (@netlify/cache-utils, what `utils.cache`
// is in a Netlify build), with the build's cache folder in a temporary directory.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bindOpts } from '@netlify/cache-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASTRO_CACHE_DIR, onPreBuild, onSuccess } from './index.js';

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
  return {
    root,
    constants: { PUBLISH_DIR: path.join(root, 'dist') },
    utils: { cache: bindOpts({ cacheDir: netlifyCache, cwd: root }) },
  };
}

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe('astro-cache build plugin', () => {
  it("carries Astro's incremental cache and the built site from one deploy's build to the next", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const netlifyCache = tempDir('netlify-cache');

    const first = checkout(netlifyCache);
    await onPreBuild(first);
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      'Astro build cache: none, every page is rendered',
      'Previous build output: none, every page is rendered',
    ]);
    write(path.join(first.root, ASTRO_CACHE_DIR, 'dist/esportes/futebol/index.html'), '<h1>Futebol</h1>');
    write(path.join(first.root, ASTRO_CACHE_DIR, 'incremental-build.json'), '{"version":1}');
    write(path.join(first.root, 'dist/esportes/futebol/index.html'), '<h1>Futebol</h1>');
    log.mockClear();
    await onSuccess(first);
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      'Astro build cache: saved',
      'Previous build output: saved',
    ]);

    const second = checkout(netlifyCache);
    log.mockClear();
    await onPreBuild(second);
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      'Astro build cache: restored',
      'Previous build output: restored',
    ]);
    const cached = path.join(second.root, ASTRO_CACHE_DIR);
    expect(readFileSync(path.join(cached, 'dist/esportes/futebol/index.html'), 'utf8')).toBe(
      '<h1>Futebol</h1>',
    );
    expect(readFileSync(path.join(cached, 'incremental-build.json'), 'utf8')).toBe('{"version":1}');
    expect(readFileSync(path.join(second.root, 'dist/esportes/futebol/index.html'), 'utf8')).toBe(
      '<h1>Futebol</h1>',
    );

    // Both were moved into the build, not copied: a build that fails saves nothing, and the next one
    // renders every page.
    const third = checkout(netlifyCache);
    log.mockClear();
    await onPreBuild(third);
    expect(log).toHaveBeenCalledWith('Astro build cache: none, every page is rendered');
    expect(existsSync(path.join(third.root, ASTRO_CACHE_DIR))).toBe(false);
    expect(existsSync(path.join(third.root, 'dist'))).toBe(false);
  });

  it('saves nothing when the build left nothing', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const netlifyCache = tempDir('netlify-cache');
    await onSuccess(checkout(netlifyCache));
    expect(log).toHaveBeenCalledWith('Astro build cache: nothing to save');
    expect(log).toHaveBeenCalledWith('Previous build output: nothing to save');
    log.mockClear();
    await onPreBuild(checkout(netlifyCache));
    expect(log).toHaveBeenCalledWith('Astro build cache: none, every page is rendered');
  });
});
