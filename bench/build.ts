// Full build of the catalogue (PRERENDER_GROUPS group pages pre-rendered, decision 0008), then a
// rebuild after 1% of the groups change (Astro's incremental build cache), timed with the peak memory
// of the whole build process tree; the output's size and its largest folder. (The sitemap is served by
// a function: bench/pages.ts reads it through the platform.)
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client.ts';
import { ASTRO_CACHE_DIR } from '../plugins/astro-cache/index.js';
import { prerenderCount } from '../src/features/groups/group-pages.server.ts';
import { SUGGESTION_PAGES, writeSearchIndex } from '../src/features/search/pagefind.ts';
import { suggestions } from '../src/features/search/search.server.ts';
import { log, MB, round, watchPeakRss } from './lib.ts';

export interface BuildFigures {
  ok: boolean;
  wallMs: number;
  pages: number;
  pagesPerSecond: number;
  peakRssMb: number;
  outDir: string;
  /** the whole output folder, in MB */
  outputMb: number;
  /** the folder holding the most entries (files and subfolders; Netlify refuses over 54,000) */
  largestDir: { path: string; entries: number };
}

export interface BuildSection {
  full: BuildFigures;
  rebuild?: BuildFigures & { changedGroups: number; ratioToFull: number };
  pagefind?: { ms: number; indexBytes: number } | null;
  /** how many group pages the build pre-rendered (PRERENDER_GROUPS) */
  prerenderGroups: number;
}

/** Every .html file under a folder. */
export function countPages(dir: string): number {
  let n = 0;
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(d, entry.name));
      else if (entry.name.endsWith('.html')) n++;
    }
  };
  if (existsSync(dir)) walk(dir);
  return n;
}

function folderBytes(dir: string): number {
  let total = 0;
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else total += statSync(p).size;
    }
  };
  if (existsSync(dir)) walk(dir);
  return total;
}

/** The folder with the most entries under `dir` (its path relative to `dir`). */
export function largestDirectory(dir: string): { path: string; entries: number } {
  let best = { path: '.', entries: 0 };
  const walk = (d: string) => {
    const entries = readdirSync(d, { withFileTypes: true });
    if (entries.length > best.entries) best = { path: path.relative(dir, d) || '.', entries: entries.length };
    for (const entry of entries) if (entry.isDirectory()) walk(path.join(d, entry.name));
  };
  if (existsSync(dir)) walk(dir);
  return best;
}

/** Run a node binary from node_modules/.bin, timing it and watching its memory. */
function runTimed(root: string, bin: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ ok: boolean; ms: number; peakRss: number; output: string }>((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(root, 'node_modules/.bin', bin), ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const watch = watchPeakRss(child.pid as number);
    const chunks: Buffer[] = [];
    const keep = (chunk: Buffer) => chunks.push(chunk);
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) =>
      resolve({
        ok: code === 0,
        ms: Date.now() - started,
        peakRss: watch.stop(),
        output: Buffer.concat(chunks).toString(),
      }),
    );
  });
}

/** `astro build` into `outDir`; a rebuild builds over the previous build's output, as on Netlify. */
async function astroBuild(
  root: string,
  outDir: string,
  databaseUrl: string,
  kind: 'full' | 'rebuild',
): Promise<BuildFigures> {
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    ASTRO_TELEMETRY_DISABLED: '1',
    ASTRO_DISABLE_UPDATE_CHECK: 'true',
    LOCAL_PLATFORM: '1',
  };
  if (kind === 'full') rmSync(outDir, { recursive: true, force: true });
  const run = await runTimed(root, 'astro', ['build', '--outDir', outDir], env);
  if (!run.ok) log(`astro build failed:\n${run.output.slice(-4000)}`);
  // Astro's whole log (phase timings, each page rendered or restored) beside the output.
  writeFileSync(`${outDir}${kind === 'full' ? '' : '-rebuild'}.log`, run.output);
  const pages = countPages(outDir);
  return {
    ok: run.ok,
    wallMs: run.ms,
    pages,
    pagesPerSecond: round(pages / (run.ms / 1000), 1),
    peakRssMb: round(run.peakRss / MB, 0),
    outDir: path.relative(root, outDir),
    outputMb: round(folderBytes(outDir) / MB, 0),
    largestDir: largestDirectory(outDir),
  };
}

/** Change 1% of the public groups the way moderation would (text and updated_at). */
async function changeOnePercent(handle: DbHandle): Promise<number> {
  const result = await handle.db.execute(sql`
    update groups set description = description || ' (atualizado)', updated_at = now()
    where id in (select id from groups where approved order by id limit greatest(1, (select count(*) / 100 from groups)))`);
  return Number(
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0,
  );
}

export async function benchBuild(
  root: string,
  size: number,
  databaseUrl: string,
  handle: DbHandle,
  options: { rebuild: boolean },
): Promise<BuildSection> {
  // A full build starts without Astro's incremental cache.
  rmSync(path.join(root, ASTRO_CACHE_DIR), { recursive: true, force: true });
  const outDir = path.join(root, '.data', 'bench', `site-${size}`);
  log(`full build of ${size} groups…`);
  const full = await astroBuild(root, outDir, databaseUrl, 'full');
  const section: BuildSection = { full, prerenderGroups: prerenderCount() };
  section.pagefind = await pagefind(outDir, handle);
  if (options.rebuild && full.ok) {
    const changedGroups = await changeOnePercent(handle);
    log(`rebuild after ${changedGroups} groups changed…`);
    const again = await astroBuild(root, outDir, databaseUrl, 'rebuild');
    section.rebuild = { ...again, changedGroups, ratioToFull: round(again.wallMs / full.wallMs, 3) };
  }
  return section;
}

/** When the site ships a Pagefind index, time writing it again on its own (as the build does). */
async function pagefind(outDir: string, handle: DbHandle) {
  if (!existsSync(path.join(outDir, 'pagefind'))) return null;
  const target = path.join(outDir, '..', 'pagefind-bench');
  rmSync(target, { recursive: true, force: true });
  const started = Date.now();
  await writeSearchIndex(await suggestions(handle.db, SUGGESTION_PAGES), target);
  const ms = Date.now() - started;
  const indexBytes = folderBytes(target);
  rmSync(target, { recursive: true, force: true });
  return { ms, indexBytes };
}
