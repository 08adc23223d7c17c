// The local platform while a site build runs (issue #35): a build reads the whole catalogue through the
// one embedded database, and every function call shares that database with it. 200 API calls, reads
// and writes, go through the platform while a full build runs, as a developer's clicks do during the
// rebuild that an approval starts. Every call must answer 2xx; the figure is their latency.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DbHandle, rowsOf } from '../db/client.ts';
import { buildDatabaseUrl } from '../scripts/platform/pglite-server.ts';
import { type FromAddressInit, fetchFrom } from '../tests/support/from-address.ts';
import type { ApiCase } from './api.ts';
import { log } from './lib.ts';

export interface RebuildLoadSection {
  calls: number;
  concurrency: number;
  non2xx: number;
  statuses: Record<string, number>;
  /** the first calls that did not answer 2xx: path and status */
  failed: string[];
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** whether the build was still running when the last call answered (else the figure is not one) */
  buildRanThroughout: boolean;
  buildOk: boolean;
  buildMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** A call: its path, and for a click the source address it comes from (127.0.1.N, as distinct visitors). */
type Call = [string, RequestInit & { from?: string }];

/** Source addresses for the clicks: one address counts at most a few visitors (docs/security.md). */
const CLICK_ADDRESSES = 64;

/** The calls a developer's clicks make: three reads (the API cases, group pages' data) to a click. */
async function callMix(handle: DbHandle, cases: ApiCase[]): Promise<(i: number) => Call> {
  // Groups any visitor may open and click: listed, outside the 18+ categories (closed without an age
  // check, where a page and a click answer 404 by design).
  const open = rowsOf<{ id: string; category: string; title: string }>(
    await handle.db.execute(sql`
      select g.id, c.slug as category, g.title_slug as title from groups g join categories c on c.id = g.category_id
      where g.approved and g.hidden_at is null and not c.adult order by g.id limit 500`),
  );
  const ids = open.map((row) => row.id);
  const reads = [
    ...cases.filter((c) => c.name !== 'group by slug').map((c) => c.paths[0] as string),
    ...open
      .slice(0, 5)
      .map((row) => `/api/groups/slug/${encodeURIComponent(row.category)}/${encodeURIComponent(row.title)}`),
  ];
  return (i) =>
    i % 4 === 3
      ? [
          `/api/groups/${ids[i % ids.length]}/click`,
          {
            method: 'POST',
            headers: { 'user-agent': `bench-rebuild-${process.pid}-${i}` },
            from: `127.0.1.${1 + (Math.floor(i / 4) % CLICK_ADDRESSES)}`,
          },
        ]
      : [reads[i % reads.length] as string, {}];
}

interface CallFigures {
  calls: number;
  non2xx: number;
  statuses: Record<string, number>;
  /** the first calls that did not answer 2xx: path and status */
  failed: string[];
  /** the five slowest calls: path, milliseconds */
  slowest: string[];
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** `concurrency` clients making calls of `mix` until `calls` are made or `until()` says stop. */
async function makeCalls(
  base: string,
  mix: (i: number) => Call,
  { calls = Number.POSITIVE_INFINITY, concurrency = 8, until = () => false },
): Promise<CallFigures> {
  const samples: number[] = [];
  const timed: { ms: number; call: string }[] = [];
  const statuses: Record<string, number> = {};
  const failed: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls && !until()) {
        const [url, { from, ...init }] = mix(next++);
        const t = performance.now();
        let status = 'error';
        try {
          const res = from
            ? await fetchFrom(from, base + url, init as FromAddressInit)
            : await fetch(base + url, init);
          await res.arrayBuffer();
          status = String(res.status);
        } catch {}
        const ms = performance.now() - t;
        samples.push(ms);
        timed.push({ ms, call: `${init.method ?? 'GET'} ${url}` });
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (!status.startsWith('2') && failed.length < 5)
          failed.push(`${init.method ?? 'GET'} ${url} ${status}`);
      }
    }),
  );
  samples.sort((a, b) => a - b);
  const slowest = timed
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5)
    .map(({ ms, call }) => `${call} ${Math.round(ms)} ms`);
  return {
    calls: samples.length,
    slowest,
    non2xx: Object.entries(statuses)
      .filter(([status]) => !status.startsWith('2'))
      .reduce((sum, [, n]) => sum + n, 0),
    statuses,
    failed,
    p50Ms: Math.round(percentile(samples, 50)),
    p99Ms: Math.round(percentile(samples, 99)),
    maxMs: Math.round(samples.at(-1) ?? 0),
  };
}

/** Run `calls` API calls (three reads to a write: a click) through `base` while a full build runs. */
export async function benchRebuildLoad(
  root: string,
  size: number,
  databaseUrl: string,
  handle: DbHandle,
  base: string,
  cases: ApiCase[],
  { calls = 200, concurrency = 8 } = {},
): Promise<RebuildLoadSection> {
  const request = await callMix(handle, cases);
  // Warm instances first: the figure is the database shared with a build, not instances starting.
  await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      fetch(base + request(i)[0], request(i)[1]).then((r) => r.arrayBuffer()),
    ),
  );

  const outDir = path.join(root, '.data', 'bench', `site-rebuild-load-${size}`);
  rmSync(outDir, { recursive: true, force: true });
  log(`${calls} API calls during a full build of ${size} groups…`);
  const started = Date.now();
  let output = '';
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/.bin/astro'), 'build', '--outDir', outDir],
    {
      cwd: root,
      // As the local platform's builder connects: scripts/platform/site-builder.ts.
      env: {
        ...process.env,
        DATABASE_URL: buildDatabaseUrl(databaseUrl),
        LOCAL_PLATFORM: '1',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let running = true;
  const built = new Promise<boolean>((resolve) =>
    child.on('close', (code) => {
      running = false;
      resolve(code === 0);
    }),
  );
  // The calls start once the build reads the catalogue (it renders pages), or after 15 s at the latest.
  for (
    let waited = 0;
    running && waited < 15_000 && !/prerendering|generating static/i.test(output);
    waited += 100
  )
    await new Promise((r) => setTimeout(r, 100));

  const figures = await makeCalls(base, request, { calls, concurrency });
  const buildRanThroughout = running;
  const buildOk = await built;
  if (!buildOk) log(`the build failed:\n${output.slice(-3000)}`);
  rmSync(outDir, { recursive: true, force: true });
  return {
    ...figures,
    concurrency,
    buildRanThroughout,
    buildOk,
    buildMs: Date.now() - started,
  };
}

export interface HookRebuildsSection {
  /** calls made before the first measured rebuild (a platform that has served a while) */
  warmCalls: number;
  warmNon2xx: number;
  /** each hook rebuild: the calls made from the POST until 2 s after its publish */
  rebuilds: (CallFigures & { buildOk: boolean; buildMs: number })[];
  non2xx: number;
  maxMs: number;
}

const PUBLISH_AFTERMATH_MS = 2000;

/**
 * Issue #44: the platform through the build hook's rebuilds, as moderation starts them. A first hook
 * build (full, not measured) gives the incremental ones a base; after `warmCalls` calls, `rebuilds`
 * hook rebuilds in a row, each after 1 % of the groups changed, each publishing, while calls go on
 * from the POST until PUBLISH_AFTERMATH_MS after the new build is served. The developer's own dist/
 * is put back afterwards.
 */
export async function benchHookRebuilds(
  root: string,
  handle: DbHandle,
  base: string,
  cases: ApiCase[],
  { warmCalls = 3000, rebuilds = 3, concurrency = 8 } = {},
): Promise<HookRebuildsSection> {
  const mix = await callMix(handle, cases);
  const dist = path.join(root, 'dist');
  const saved = `${dist}.bench-hook-saved`;
  const had = existsSync(dist) || Boolean(lstatSync(dist, { throwIfNoEntry: false })?.isSymbolicLink());
  rmSync(saved, { recursive: true, force: true });
  if (had) renameSync(dist, saved);
  const counts = async () =>
    (await (await fetch(`${base}/__platform/builds`)).json()) as {
      started: number;
      finished: number;
      failed: number;
    };
  /** POST the hook; resolve when that build has finished, with whether it published and how long it took. */
  const hookBuild = async () => {
    const before = await counts();
    const started = Date.now();
    const hook = await fetch(`${base}/__platform/build-hook`, { method: 'POST' });
    if (hook.status !== 202) throw new Error(`the build hook answered ${hook.status}`);
    let now = before;
    while (now.finished <= before.finished) {
      await new Promise((r) => setTimeout(r, 250));
      now = await counts();
    }
    return { buildOk: now.failed === before.failed, buildMs: Date.now() - started };
  };
  try {
    log('hook rebuilds: a first full build for a base…');
    const first = await hookBuild();
    if (!first.buildOk) throw new Error('the first hook build failed');
    log(`hook rebuilds: ${warmCalls} calls to warm the platform…`);
    const warm = await makeCalls(base, mix, { calls: warmCalls, concurrency });
    const measured: HookRebuildsSection['rebuilds'] = [];
    for (let i = 0; i < rebuilds; i++) {
      // 1 % of the public groups changed, as a burst of moderation would: the rebuild has pages to render.
      await handle.db.execute(sql`
        update groups set bumped_at = now(), updated_at = now()
        where id in (select id from groups where approved and hidden_at is null order by random()
          limit greatest(1, (select count(*) from groups) / 100))`);
      log(`hook rebuild ${i + 1} of ${rebuilds}, with calls throughout…`);
      let stopAt = Number.POSITIVE_INFINITY;
      const build = hookBuild();
      void build.then(
        () => {
          stopAt = Date.now() + PUBLISH_AFTERMATH_MS;
        },
        () => {
          stopAt = 0; // the hook failed: awaited below, where it throws
        },
      );
      const calls = await makeCalls(base, mix, { concurrency, until: () => Date.now() > stopAt });
      measured.push({ ...calls, ...(await build) });
    }
    return {
      warmCalls: warm.calls,
      warmNon2xx: warm.non2xx,
      rebuilds: measured,
      non2xx: measured.reduce((sum, r) => sum + r.non2xx, 0),
      maxMs: Math.max(0, ...measured.map((r) => r.maxMs)),
    };
  } finally {
    if (lstatSync(dist, { throwIfNoEntry: false })) rmSync(dist, { recursive: true, force: true });
    if (had) renameSync(saved, dist);
    rmSync(path.join(root, '.data', 'bench', 'builds'), { recursive: true, force: true });
  }
}
