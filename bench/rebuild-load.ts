// The local platform while a site build runs (issue #35): a build reads the whole catalogue through the
// one embedded database, and every function call shares that database with it. 200 API calls, reads
// and writes, go through the platform while a full build runs, as a developer's clicks do during the
// rebuild that an approval starts. Every call must answer 2xx; the figure is their latency.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DbHandle, rowsOf } from '../db/client.ts';
import { buildDatabaseUrl } from '../scripts/platform/pglite-server.ts';
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
  const request = (i: number): [string, RequestInit] =>
    i % 4 === 3
      ? [
          `/api/groups/${ids[i % ids.length]}/click`,
          { method: 'POST', headers: { 'user-agent': `bench-rebuild-${process.pid}-${i}` } },
        ]
      : [reads[i % reads.length] as string, {}];
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

  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  const failed: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        const [url, init] = request(next++);
        const t = performance.now();
        let status = 'error';
        try {
          const res = await fetch(base + url, init);
          await res.arrayBuffer();
          status = String(res.status);
        } catch {}
        samples.push(performance.now() - t);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (!status.startsWith('2') && failed.length < 5)
          failed.push(`${init.method ?? 'GET'} ${url} ${status}`);
      }
    }),
  );
  const buildRanThroughout = running;
  const buildOk = await built;
  if (!buildOk) log(`the build failed:\n${output.slice(-3000)}`);
  rmSync(outDir, { recursive: true, force: true });
  samples.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms);
  return {
    calls,
    concurrency,
    non2xx: Object.entries(statuses)
      .filter(([status]) => !status.startsWith('2'))
      .reduce((sum, [, n]) => sum + n, 0),
    statuses,
    failed,
    p50Ms: round(percentile(samples, 50)),
    p99Ms: round(percentile(samples, 99)),
    maxMs: round(samples.at(-1) ?? 0),
    buildRanThroughout,
    buildOk,
    buildMs: Date.now() - started,
  };
}
