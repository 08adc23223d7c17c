// A rebuild that finds the previous build's output in its outDir leaves the unchanged pages where they
// are. Astro's incremental build then only checks that each unchanged page exists, instead of copying
// it back from its cacheDir (a folder and a file per page: 40 s of a 59 s rebuild at 100k groups).
// That is only right when the folder holds exactly the build that Astro's cache manifest describes, so
// each build records the files it wrote and a digest of that manifest, in the cacheDir and as a stamp
// in the outDir; the next build trusts the folder only when all three agree, and otherwise empties it
// as Astro itself would. Pages the new build no longer writes (a removed group, a shorter category)
// are deleted at the end. Needs `vite.build.emptyOutDir: false`, or Astro empties the folder first.
//
// The kept folder is the only copy of the pages: Astro's own copies in its cacheDir are turned off
// (withoutPageCopies).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Astro's incremental build cache: the module, its manifest and its page copies in the cacheDir. */
const ASTRO_CACHE_MODULE = 'dist/core/build/incremental.js';
const ASTRO_MANIFEST = 'incremental-build.json';
const ASTRO_PAGE_COPIES = 'dist';
/** What the last build wrote, in the cacheDir (never deployed). */
const RECORD = 'previous-build.json';
/** The same digest inside the outDir, so a folder from any other build is never mistaken for it. */
export const STAMP = '.previous-build';

interface BuildRecord {
  /** sha256 of Astro's manifest as that build left it */
  manifest: string;
  /** every file the build wrote, relative to the outDir, with forward slashes */
  files: string[];
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function manifestDigest(cacheDir: string): string | undefined {
  const file = path.join(cacheDir, ASTRO_MANIFEST);
  return existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : undefined;
}

function readRecord(cacheDir: string): BuildRecord | undefined {
  try {
    const record = JSON.parse(readText(path.join(cacheDir, RECORD)) ?? '') as BuildRecord;
    return typeof record.manifest === 'string' && Array.isArray(record.files) ? record : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Before a build: when `outDir` holds the build that the cache describes, keep its pages and the
 * `synced` folders (written by steps that bring them up to date themselves), remove everything else
 * (assets and public files are written again) and return the pages' list; otherwise empty it.
 */
export function prepareOutDir(
  outDir: string,
  cacheDir: string,
  synced: string[] = [],
): Set<string> | undefined {
  if (!existsSync(outDir)) return undefined;
  const record = readRecord(cacheDir);
  const stamp = readText(path.join(outDir, STAMP));
  const trusted = record && stamp === record.manifest && manifestDigest(cacheDir) === record.manifest;
  const files = new Set(trusted ? record.files : []);
  const topLevel = new Set([...files].map((file) => file.split('/')[0]));
  if (trusted) for (const dir of synced) topLevel.add(dir);
  for (const name of readdirSync(outDir)) {
    // The stamp goes too: a build that stops halfway must not leave the folder looking trusted.
    if (name !== '.git' && !topLevel.has(name))
      rmSync(path.join(outDir, name), { recursive: true, force: true });
  }
  return trusted ? files : undefined;
}

/** After a build: delete the kept pages it no longer wrote, then record what it wrote. */
export function recordBuild(outDir: string, cacheDir: string, written: string[], kept?: Set<string>) {
  const files = new Set(written);
  for (const file of kept ?? []) {
    if (files.has(file)) continue;
    rmSync(path.join(outDir, file), { force: true });
    // Remove the folders it leaves empty (a group's folder, a category's).
    for (let dir = path.dirname(file); dir !== '.'; dir = path.dirname(dir)) {
      try {
        rmdirSync(path.join(outDir, dir));
      } catch {
        break;
      }
    }
  }
  const manifest = manifestDigest(cacheDir);
  if (!manifest) return; // no incremental cache: nothing to trust next time
  const record: BuildRecord = { manifest, files: [...files] };
  writeFileSync(path.join(cacheDir, RECORD), JSON.stringify(record));
  writeFileSync(path.join(outDir, STAMP), manifest);
}

/**
 * Astro's incremental build writes a second copy of every page it renders into its cacheDir, to copy
 * back into an emptied output folder. The output folder is kept here, so those copies are never read:
 * writing them took ~10 s of a 100k full build and doubled what Netlify caches (~3.5 GB at 100k).
 * Astro has no setting for it, so its cache class (internal, not exported) is told to keep none, and a
 * page missing from the output folder is rendered again. Returns false, leaving Astro as it is, when
 * this Astro has no such class.
 */
export async function withoutPageCopies(): Promise<boolean> {
  const astro = path.dirname(createRequire(import.meta.url).resolve('astro/package.json'));
  try {
    const { IncrementalBuildCache } = await import(pathToFileURL(path.join(astro, ASTRO_CACHE_MODULE)).href);
    const cache = IncrementalBuildCache?.prototype;
    if (typeof cache?.writeOutputFile !== 'function' || typeof cache?.restoreOutputFile !== 'function')
      return false;
    cache.writeOutputFile = async () => {};
    cache.restoreOutputFile = async () => false;
    return true;
  } catch {
    return false;
  }
}

/** `synced`: top-level folders that another integration brings up to date itself (the search index). */
export function previousBuild({ synced = [] }: { synced?: string[] } = {}): AstroIntegration {
  let cacheDir = '';
  let outDir = '';
  let kept: Set<string> | undefined;
  return {
    name: 'previous-build',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:start': async ({ logger }) => {
        if (await withoutPageCopies())
          rmSync(path.join(cacheDir, ASTRO_PAGE_COPIES), { recursive: true, force: true });
        else logger.warn('esta versão do Astro também guarda uma cópia de cada página no cacheDir');
        kept = prepareOutDir(outDir, cacheDir, synced);
        if (kept) logger.info(`${kept.size} arquivos do build anterior mantidos no lugar`);
      },
      'astro:build:done': ({ dir, assets }) => {
        const root = fileURLToPath(dir);
        const written = [...assets.values()]
          .flat()
          .map((url) => path.relative(root, fileURLToPath(url)).split(path.sep).join('/'));
        recordBuild(root, cacheDir, written, kept);
      },
    },
  };
}
