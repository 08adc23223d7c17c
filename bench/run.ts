// npm run bench [-- --sizes 10000,100000 --only build,pages,api,platform,rebuild-load,clicks,rollup,weight,links,auth-timing --events 100000]
// rebuild-load: 200 API calls through the platform during a full build (issue #35: run it with --sizes 20000).
// takedown: a legal notice on pre-rendered groups, seconds until each surface is gone and back after
// 'keep' (issue #40: run it with --sizes 20000; --iterations sets the samples, at most 5 by default).
// PRERENDER_GROUPS (default 50,000) sets how many group pages the build pre-renders (decision 0008).
// Seeds each size into a scratch database, measures, prints a table and writes bench/results.json.
// npm run bench:smoke runs the same script at a tiny size (results in bench/out/).
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { installDb } from '../db/client.ts';
import { type FakeWhatsApp, startFakeWhatsApp } from '../tests/support/fake-whatsapp.ts';
import { apiCases, handlerLatency, platformLatency, platformThroughput, searchDbLatency } from './api.ts';
import { type AuthTimingSection, benchAuthTiming } from './auth-timing.ts';
import { type BuildSection, benchBuild } from './build.ts';
import { ingestHandlers, ingestPlatform, ingestStatement, rollup } from './clicks.ts';
import { scratchDb } from './database.ts';
import { KB, log, MB, type Target, target } from './lib.ts';
import { benchJoin, benchLinks, type JoinSection, type LinksSection } from './links.ts';
import { benchPages, type PagesSection } from './pages.ts';
import { type Platform, startPlatform } from './platform.ts';
import {
  benchHookRebuilds,
  benchRebuildLoad,
  type HookRebuildsSection,
  type RebuildLoadSection,
} from './rebuild-load.ts';
import { benchTakedown, type TakedownSection } from './takedown.ts';
import { firstSearchBytes, pageWeights } from './weight.ts';

export const SECTIONS = [
  'build',
  'pages',
  'api',
  'platform',
  'rebuild-load',
  'clicks',
  'rollup',
  'weight',
  'links',
  'auth-timing',
  'join',
  'takedown',
] as const;
type Section = (typeof SECTIONS)[number];

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    only: { type: 'string', default: SECTIONS.join(',') },
    events: { type: 'string', default: '100000' },
    iterations: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '10' },
    out: { type: 'string', default: path.join(root, 'bench', 'results.json') },
    smoke: { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').map((s) => Number(s.replace(/_/g, '')));
const only = new Set(values.only.split(',').map((s) => s.trim()) as Section[]);
for (const s of only)
  if (!SECTIONS.includes(s)) throw new Error(`unknown section ${s}; use ${SECTIONS.join(',')}`);
if (sizes.some((n) => !Number.isInteger(n) || n < 20)) throw new Error('--sizes takes integers >= 20');
const events = Number(values.events);
const iterations = Number(values.iterations);
const seconds = Number(values.seconds);
// Load through the platform runs a fixed amount of requests per client (see loadTest), scaled by --seconds.
const loadPerClient = Math.max(2, Math.round(seconds * 8));

// Handlers read these; the bench is a local, throwaway run.
process.env.LOCAL_PLATFORM = '1';
delete process.env.BUILD_HOOK_URL;

const results = {
  startedAt: new Date().toISOString(),
  machine: { cpus: os.cpus().length, memoryGb: Math.round(os.totalmem() / 1024 ** 3), node: process.version },
  database: process.env.BENCH_DATABASE_URL ? 'postgres (BENCH_DATABASE_URL)' : 'pglite',
  sections: [...only],
  sizes: {} as Record<string, unknown>,
  targets: [] as Target[],
  finishedAt: '',
};

/** Serve a built site as dist/ while the platform runs, then put the previous dist/ back. */
function publishDist(dir: string) {
  const dist = path.join(root, 'dist');
  const saved = `${dist}.bench-saved`;
  const had = existsSync(dist) || (lstatSync(dist, { throwIfNoEntry: false })?.isSymbolicLink() ?? false);
  rmSync(saved, { recursive: true, force: true });
  if (had) renameSync(dist, saved);
  symlinkSync(path.relative(root, dir), dist, 'dir');
  return () => {
    if (
      lstatSync(dist, { throwIfNoEntry: false })?.isSymbolicLink() &&
      readlinkSync(dist) === path.relative(root, dir)
    )
      rmSync(dist);
    if (had) renameSync(saved, dist);
  };
}

for (const size of sizes) {
  const figures: Record<string, unknown> = {};
  results.sizes[size] = figures;
  const db = await scratchDb(root, size);
  installDb(db.handle);
  let platform: Platform | undefined;
  let whatsapp: FakeWhatsApp | undefined;
  let restoreDist: (() => void) | undefined;
  try {
    figures.groups = db.groups;
    figures.seedSeconds = Math.round(db.seedMs / 100) / 10;
    let build: BuildSection | undefined;
    if (only.has('build')) {
      build = await benchBuild(root, size, db.url, db.handle, { rebuild: true });
      figures.build = build;
    } else if (only.has('takedown')) {
      // The takedown needs pre-rendered pages: a full build, not reported as a figure.
      build = await benchBuild(root, size, db.url, db.handle, { rebuild: false });
    }
    const { cases, words } = await apiCases(db.handle);
    figures.searchWords = words;
    if (only.has('api')) {
      log(`API through the handlers (${iterations} calls per case)…`);
      figures.handlers = await handlerLatency(cases, iterations);
      figures.searchDb = await searchDbLatency(db.handle, words, iterations);
    }
    const needsPlatform = (['platform', 'rebuild-load', 'weight', 'pages', 'join', 'takedown'] as const).some(
      (name) => only.has(name),
    );
    if (needsPlatform) {
      if ((only.has('weight') || only.has('pages') || only.has('takedown')) && build?.full.ok)
        restoreDist = publishDist(build.full.outDir);
      // Link checks (a join's own, the scheduled runs) ask the fake WhatsApp, never the real one.
      if (only.has('join') && !process.env.WHATSAPP_INVITE_BASE) {
        whatsapp = await startFakeWhatsApp({ unknownCodes: 'live' });
        process.env.WHATSAPP_INVITE_BASE = whatsapp.url;
      }
      platform = await startPlatform(root, db.url);
    }
    if (only.has('pages') && platform && build?.full.ok)
      figures.pages = await benchPages(
        db.handle,
        platform.url,
        path.join(root, build.full.outDir),
        Math.max(20, iterations),
      );
    if (only.has('join') && platform) {
      log("'Entrar no Grupo' (/entrar/{id}) through the platform: fast and checked paths…");
      figures.join = await benchJoin(db.handle, platform.url, Math.max(50, iterations));
    }
    if (only.has('platform') && platform) {
      log('API through the platform…');
      figures.platform = await platformLatency(platform.url, cases, Math.max(10, Math.round(iterations / 2)));
      figures.throughput = await platformThroughput(platform.url, cases, loadPerClient);
    }
    if (only.has('takedown') && platform && build?.full.ok) {
      log('takedown: a child_abuse notice on pre-rendered groups, then keep…');
      figures.takedown = await benchTakedown(db.handle, platform.url, Math.min(5, iterations));
    }
    if (only.has('rebuild-load') && platform) {
      figures.rebuildLoad = await benchRebuildLoad(root, size, db.url, db.handle, platform.url, cases);
      figures.hookRebuilds = await benchHookRebuilds(root, db.handle, platform.url, cases);
    }
    if (only.has('clicks')) {
      const ingest = [
        await ingestHandlers(db.handle, Math.max(1, seconds / 2)),
        await ingestStatement(db.handle, Math.max(1, seconds / 2)),
      ];
      // The local platform is a development server (at most four warm instances per function): it gets
      // the API load's 32 clients. The 200-client figure is the handlers' (our code and the database).
      if (platform) ingest.push(await ingestPlatform(db.handle, platform.url, loadPerClient, 32));
      figures.clickIngest = ingest;
    }
    if (only.has('rollup') || only.has('clicks')) figures.rollup = await rollup(db.handle, events);
    if (only.has('links')) figures.links = await benchLinks(db.handle, size, iterations);
    if (only.has('auth-timing')) figures.authTiming = await benchAuthTiming(db.handle, iterations);
    if (only.has('weight') && platform) {
      const weightCases = await weightPages(db.handle);
      figures.pageWeight = await pageWeights(platform.url, weightCases);
      const bytes = await firstSearchBytes(platform.url, words.common);
      figures.firstSearchKb = bytes === null ? null : Math.round((bytes / KB) * 10) / 10;
    }
  } finally {
    await platform?.stop();
    if (whatsapp) {
      await whatsapp.close();
      delete process.env.WHATSAPP_INVITE_BASE;
    }
    restoreDist?.();
    installDb(undefined);
    await db.close();
  }
  results.targets.push(...targetsFor(size, figures));
}

results.finishedAt = new Date().toISOString();
mkdirSync(path.dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
printTable();
log(`results written to ${path.relative(process.cwd(), values.out)}`);
process.exit(0);

async function weightPages(handle: import('../db/client.ts').DbHandle) {
  const { sql } = await import('drizzle-orm');
  const { rowsOf } = await import('../db/client.ts');
  const [row] = rowsOf<{ category: string; title: string }>(
    await handle.db.execute(sql`
      select c.slug as category, g.title_slug as title from groups g join categories c on c.id = g.category_id
      where g.approved and g.hidden_at is null order by g.cliques desc limit 1`),
  );
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: `/categoria/${row?.category ?? ''}` },
    { name: 'group', path: `/${row?.category ?? ''}/${row?.title ?? ''}` },
    { name: 'search', path: '/buscar' },
  ];
}

function targetsFor(size: number, f: Record<string, unknown>): Target[] {
  const out: Target[] = [];
  const label = (name: string) => `${name} @ ${size.toLocaleString('en')}`;
  const build = f.build as BuildSection | undefined;
  // Issue #35: the local platform drops nothing while a build reads the catalogue.
  const rebuildLoad = f.rebuildLoad as RebuildLoadSection | undefined;
  if (rebuildLoad && size >= 20_000) {
    out.push(target(label('calls failed during a build'), rebuildLoad.non2xx, '<=', 0, ''));
    out.push(target(label('call p99 during a build'), rebuildLoad.p99Ms / 1000, '<=', 2, 's'));
  }
  // Issue #44: and through three hook rebuilds in a row, each publishing, on a platform that has served a while.
  const hookRebuilds = f.hookRebuilds as HookRebuildsSection | undefined;
  if (hookRebuilds && size >= 20_000) {
    out.push(target(label('calls failed through hook rebuilds'), hookRebuilds.non2xx, '<=', 0, ''));
    out.push(target(label('slowest call through hook rebuilds'), hookRebuilds.maxMs / 1000, '<=', 3, 's'));
  }
  if (build && size >= 100_000 && size < 1_000_000) {
    out.push(target(label('full build wall time'), build.full.wallMs / 1000, '<=', 150, 's'));
    out.push(target(label('full build peak RSS'), build.full.peakRssMb / 1024, '<=', 2, 'GB'));
  }
  // Issue #24: the build a deploy runs at a million groups, and what Netlify accepts of its output.
  if (build && size >= 1_000_000) {
    out.push(target(label('full build wall time'), build.full.wallMs / 1000 / 60, '<=', 10, 'min'));
    out.push(target(label('full build peak RSS'), build.full.peakRssMb / 1024, '<=', 4, 'GB'));
    if (build.rebuild)
      out.push(target(label('rebuild after 1%'), build.rebuild.wallMs / 1000, '<=', 30, 's'));
  }
  if (build)
    out.push(target(label('largest output folder'), build.full.largestDir.entries, '<=', 50_000, 'entries'));
  const pages = f.pages as PagesSection | undefined;
  if (pages) {
    out.push(
      target(label('URLs in the largest sitemap file'), pages.sitemap.largestFileUrls, '<=', 50_000, 'URLs'),
    );
    out.push({
      name: label('public groups in the sitemap'),
      target: 'all',
      value: pages.sitemap.groupUrls,
      unit: `of ${pages.sitemap.publicGroups}`,
      met: pages.sitemap.groupUrls === pages.sitemap.publicGroups,
    });
    out.push(target(label('on-demand group page p95, cache miss'), pages.onDemand.p95, '<=', 150, 'ms'));
    out.push({
      name: label('group pages complete for crawlers (on demand + pre-rendered)'),
      target: 'all',
      value: pages.onDemand.complete + pages.prerendered.complete,
      unit: `of ${pages.onDemand.n + pages.prerendered.n}`,
      met: pages.onDemand.complete === pages.onDemand.n && pages.prerendered.complete === pages.prerendered.n,
    });
  }
  // Issue #40: off every surface within 5 s of the notice, and back as fast after 'keep'.
  const takedown = f.takedown as TakedownSection | undefined;
  if (takedown) {
    for (const [surface, l] of Object.entries(takedown.gone))
      out.push(target(label(`takedown p95, ${surface}`), l.p95, '<=', 5, 's'));
    for (const [surface, l] of Object.entries(takedown.back))
      out.push(target(label(`back after keep p95, ${surface}`), l.p95, '<=', 5, 's'));
    for (const surface of [...takedown.timedOut.gone, ...takedown.timedOut.back])
      out.push({ name: label(`takedown, ${surface}`), target: '<= 5 s', value: null, unit: 's', met: false });
  }
  // No longer a target: since pages past PRERENDER_GROUPS are rendered on demand (decision 0008) the full
  // build stopped growing with the catalogue, and a rebuild's fixed start, Vite and walk (~12 s) make any
  // ratio to it large; the rebuild's own time (<= 30 s at 1M, above) is the target (docs/benchmarks.md).
  if (build?.rebuild)
    out.push({
      name: label('rebuild after 1% / full build'),
      target: 'reported',
      value: Math.round(build.rebuild.ratioToFull * 1000) / 10,
      unit: '%',
      met: null,
    });
  const weights = f.pageWeight as
    | { name: string; status: number; htmlGzKb: number; jsGzKbBeforeInteraction: number }[]
    | undefined;
  const group = weights?.find((w) => w.name === 'group' && w.status === 200);
  if (weights) {
    out.push(target(label('group page HTML gz'), group?.htmlGzKb, '<=', 8, 'KB'));
    // "No JS before interaction beyond what joining needs": budgeted as one small island.
    out.push(
      target(label('group page JS gz before interaction'), group?.jsGzKbBeforeInteraction, '<=', 10, 'KB'),
    );
  }
  if ('firstSearchKb' in f && size >= 100_000)
    out.push(
      target(label('first instant search download'), f.firstSearchKb as number | null, '<=', 300, 'KB'),
    );
  const searchDb = f.searchDb as Record<string, { p95: number }> | undefined;
  if (searchDb && size >= 500_000)
    out.push(
      target(
        label('search p95 DB time (worst case)'),
        Math.max(...Object.values(searchDb).map((l) => l.p95)),
        '<=',
        10,
        'ms',
      ),
    );
  const ingest = f.clickIngest as { via: string; eventsPerSecond: number }[] | undefined;
  if (ingest)
    for (const i of ingest.filter((figure) => figure.via !== 'statement'))
      out.push(target(label(`click ingest via ${i.via}`), i.eventsPerSecond, '>=', 10_000, 'events/s'));
  const join = f.join as JoinSection | undefined;
  if (join)
    out.push(
      target(label("'Entrar no Grupo' /entrar p95 (redirect, check not due)"), join.fast.p95, '<=', 30, 'ms'),
    );
  const links = f.links as LinksSection | undefined;
  if (links) {
    if (size >= 500_000) out.push(target(label('pick next link batch p95'), links.pick.p95, '<=', 10, 'ms'));
    out.push({
      name: label('pick next link batch by index scan'),
      target: 'index',
      value: links.pick.indexScan ? 1 : 0,
      unit: '',
      met: links.pick.indexScan,
    });
    out.push(target(label('days to re-check 100k groups'), links.sweepDays.million / 10, '<=', 7, 'days'));
  }
  const roll = f.rollup as { exact: boolean } | undefined;
  if (roll)
    out.push({
      name: label('counters = distinct visitor-days'),
      target: 'exact',
      value: roll.exact ? 1 : 0,
      unit: '',
      met: roll.exact,
    });
  return out;
}

function printTable() {
  const lines: string[] = [];
  for (const [size, raw] of Object.entries(results.sizes)) {
    const f = raw as Record<string, any>;
    lines.push(
      `\n== ${Number(size).toLocaleString('en')} groups (${results.database}; seeded in ${f.seedSeconds} s) ==`,
    );
    if (f.build) {
      const b = f.build as BuildSection;
      lines.push(
        `build: ${(b.full.wallMs / 1000).toFixed(1)} s, ${b.full.pages} pages, ${b.full.pagesPerSecond} pages/s, peak RSS ${b.full.peakRssMb} MB${b.full.ok ? '' : ' (FAILED)'}`,
      );
      if (b.rebuild)
        lines.push(
          `rebuild after ${b.rebuild.changedGroups} changes: ${(b.rebuild.wallMs / 1000).toFixed(1)} s = ${(b.rebuild.ratioToFull * 100).toFixed(1)}% of full`,
        );
      lines.push(
        `output: ${b.full.outputMb} MB, largest folder ${b.full.largestDir.path} (${b.full.largestDir.entries} entries), ${b.prerenderGroups} group pages pre-rendered`,
      );
      lines.push(
        `pagefind: ${b.pagefind ? `${(b.pagefind.ms / 1000).toFixed(1)} s, index ${(b.pagefind.indexBytes / MB).toFixed(1)} MB` : 'no pagefind output in the build'}`,
      );
    }
    if (f.pages) {
      const p = f.pages as PagesSection;
      lines.push(
        `group page on demand (cache miss): p50 ${p.onDemand.p50} / p95 ${p.onDemand.p95} ms, ${p.onDemand.complete}/${p.onDemand.n} complete, ${p.onDemand.cacheId} with a cache ID; pre-rendered: p50 ${p.prerendered.p50} / p95 ${p.prerendered.p95} ms, ${p.prerendered.complete}/${p.prerendered.n} complete`,
        `sitemap (function): ${p.sitemap.files} files, ${p.sitemap.groupUrls} of ${p.sitemap.publicGroups} public groups, largest ${p.sitemap.largestFileUrls} URLs / ${p.sitemap.largestFileKb} KB; index ${p.sitemap.indexMs} ms, a file p50 ${p.sitemap.parts.p50} / p95 ${p.sitemap.parts.p95} ms`,
      );
    }
    const rows = Object.keys(f.handlers ?? f.platform ?? {});
    if (rows.length) {
      lines.push(
        `${'request'.padEnd(22)} ${'handler p50/p95 ms'.padEnd(20)} ${'db p50/p95 ms'.padEnd(16)} platform p50/p95 ms`,
      );
      for (const name of rows) {
        const cell = (l?: { p50: number; p95: number }) => (l ? `${l.p50} / ${l.p95}` : '-');
        lines.push(
          `${name.padEnd(22)} ${cell(f.handlers?.[name]).padEnd(20)} ${cell(f.searchDb?.[name]).padEnd(16)} ${cell(f.platform?.[name])}`,
        );
      }
    }
    if (f.throughput)
      lines.push(
        `platform, 32 clients: ${f.throughput.requestsPerSecond} req/s warm (p50 ${f.throughput.latencyP50Ms} ms, non-2xx ${f.throughput.non2xx}${f.throughput.non2xx ? ` ${JSON.stringify(f.throughput.non2xxByStatus)}` : ''}); first round, starting the instances: ${f.throughput.cold.requestsPerSecond} req/s`,
      );
    if (f.rebuildLoad) {
      const r = f.rebuildLoad as RebuildLoadSection;
      lines.push(
        `platform during a full build: ${r.calls} calls (${r.concurrency} at once, reads and clicks): p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms, non-2xx ${r.non2xx} ${JSON.stringify(r.statuses)}; build ${r.buildOk ? 'ok' : 'FAILED'} in ${(r.buildMs / 1000).toFixed(1)} s${r.buildRanThroughout ? '' : ' (ended before the last call: not a figure under load)'}`,
      );
    }
    if (f.hookRebuilds) {
      const h = f.hookRebuilds as HookRebuildsSection;
      lines.push(`platform through hook rebuilds, after ${h.warmCalls} calls (${h.warmNon2xx} non-2xx):`);
      for (const [i, r] of h.rebuilds.entries())
        lines.push(
          `  rebuild ${i + 1}: ${r.buildOk ? 'published' : 'FAILED'} ${(r.buildMs / 1000).toFixed(1)} s after the hook; ${r.calls} calls: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms, non-2xx ${r.non2xx} ${JSON.stringify(r.statuses)}${r.failed.length ? ` (${r.failed.join('; ')})` : ''}; slowest: ${r.slowest.join('; ')}`,
        );
    }
    for (const i of f.clickIngest ?? [])
      lines.push(
        `click ingest via ${i.via}, ${i.clients} clients: ${i.eventsPerSecond} events/s (${i.accepted}/${i.sent} accepted)${i.cold ? `; first round, starting the instances: ${i.cold.requestsPerSecond}/s` : ''}`,
      );
    if (f.rollup)
      lines.push(
        `rollup: ${f.rollup.events} events in ${f.rollup.ms} ms (${f.rollup.eventsPerSecond}/s); counters +${f.rollup.countersDelta} for ${f.rollup.distinctVisitorDays} visitor-days: ${f.rollup.exact ? 'exact' : 'MISMATCH'}`,
      );
    if (f.authTiming) {
      const a = f.authTiming as AuthTimingSection;
      lines.push(
        `${'auth answer'.padEnd(26)} ${'status'.padEnd(7)} p50 / p95 / max ms (${a.iterations} calls)`,
      );
      for (const c of a.cases)
        lines.push(
          `${c.name.padEnd(26)} ${String(c.status).padEnd(7)} ${c.latency.p50} / ${c.latency.p95} / ${c.latency.max}`,
        );
      for (const p of a.pairs)
        lines.push(`  ${p.cases[1]} minus ${p.cases[0]}: p50 ${p.p50DiffMs} ms, p95 ${p.p95DiffMs} ms`);
    }
    if (f.links) {
      const l = f.links as LinksSection;
      lines.push(
        `links: one run checked ${l.run.checked} groups in ${l.run.seconds} s at ${l.paceMs} ms apart (${l.run.perMinuteWhileRunning}/min while running; ${l.run.scheduledPerMinute}/min on the every-minute schedule)`,
        `links: picking the next ${l.batch}: p50 ${l.pick.p50} / p95 ${l.pick.p95} ms, the read alone ${l.select.p50} / ${l.select.p95} ms (${l.pick.indexScan ? 'index scan' : 'NOT an index scan'}: ${l.pick.plan})`,
        `links: a full sweep takes ${l.sweepDays.thisSize} days here, ${l.sweepDays.million} days at 1M groups (at most ${l.sweepDays.maxPerRunWithinBudget} per run within the time budget: ${l.sweepDays.millionAtMax} days)`,
      );
    }
    if (f.join)
      lines.push(
        `join (/entrar/{id}, 302) through the platform: fast p50 ${f.join.fast.p50} / p95 ${f.join.fast.p95} ms; checked first p50 ${f.join.checked.p50} / p95 ${f.join.checked.p95} ms`,
      );
    if (f.takedown) {
      const t = f.takedown as TakedownSection;
      lines.push(
        `takedown (${t.samples} samples), seconds p50/p95: surface | notice -> 404/410 | keep -> 200`,
      );
      for (const name of new Set([...Object.keys(t.gone), ...Object.keys(t.back)]))
        lines.push(
          `  ${name.padEnd(28)} ${`${t.gone[name]?.p50 ?? '-'} / ${t.gone[name]?.p95 ?? '-'}`.padEnd(14)} ${t.back[name]?.p50 ?? '-'} / ${t.back[name]?.p95 ?? '-'}`,
        );
      if (t.timedOut.gone.length || t.timedOut.back.length)
        lines.push(`  not within 30 s: ${JSON.stringify(t.timedOut)}`);
    }
    for (const w of f.pageWeight ?? [])
      lines.push(
        `page ${w.name.padEnd(9)} ${w.status} HTML ${w.htmlGzKb} KB gz, JS ${w.jsGzKbBeforeInteraction} KB -> ${w.jsGzKbAfterInteraction} KB gz, ${w.requests} requests`,
      );
    if ('firstSearchKb' in f)
      lines.push(
        `first instant search: ${f.firstSearchKb === null ? 'no Pagefind search on /buscar yet' : `${f.firstSearchKb} KB`}`,
      );
  }
  lines.push('\n== targets ==');
  for (const t of results.targets)
    lines.push(
      `${t.met === null ? 'n/a    ' : t.met ? 'met    ' : 'NOT MET'} ${t.name}: ${t.value ?? '-'} ${t.unit} (target ${t.target})`,
    );
  console.log(lines.join('\n'));
}
