// npm run bench -- --only links: the link checker's figures. Groups checked per minute by one scheduled
// run against the fake WhatsApp server at the configured pace (LINK_CHECK_BATCH, LINK_CHECK_PACE), the
// database cost of picking the next batch (p95, with the plan: an index scan, never a sort of the
// table), and the days a full sweep takes at the default pace for this size and for 1M groups.
import { sql } from 'drizzle-orm';
import { type DbHandle, rowsOf } from '../db/client.ts';
import {
  claimLinkBatch,
  oldestScheduledDue,
  RUN_TIME_BUDGET_MS,
  runLinkChecks,
} from '../src/features/links/link-health.server.ts';
import { sweepDays } from '../src/features/links/link-health.ts';
import { getEnv } from '../src/lib/env.server.ts';
import { startFakeWhatsApp } from '../tests/support/fake-whatsapp.ts';
import { type Latency, latency, log, round, timeCalls } from './lib.ts';

export interface LinksSection {
  batch: number;
  paceMs: number;
  run: { checked: number; seconds: number; perMinuteWhileRunning: number; scheduledPerMinute: number };
  /** the whole claim: both reads and marking the batch, in one transaction */
  pick: Latency & { plan: string; indexScan: boolean };
  /** the queue's read alone */
  select: Latency;
  /** the backlog read each run (the scale's input) */
  oldestDue: Latency;
  sweepDays: { thisSize: number; million: number; maxPerRunWithinBudget: number; millionAtMax: number };
}

export async function benchLinks(handle: DbHandle, size: number, iterations: number): Promise<LinksSection> {
  const { db } = handle;
  const env = getEnv();
  const batch = env.LINK_CHECK_BATCH;
  const paceMs = env.LINK_CHECK_PACE;

  // A catalogue in mid-queue: most groups checked some time in the last weeks and due over the next
  // four (a few overdue), a few at the front (reports, overdue joins), a tenth never checked.
  await db.execute(
    sql`update groups set link_checked_at = null, link_check_due_at = null, link_dead_count = 0`,
  );
  await db.execute(sql`update groups set link_checked_at = now() - random() * interval '28 days',
    link_check_due_at = now() + (random() * 31 - 3) * interval '1 day' where random() < 0.9`);
  await db.execute(sql`update groups set link_check_due_at = now() - interval '365 days'
    where link_check_due_at is not null and random() < 0.001`);
  await db.execute(sql`analyze groups`);

  log(`links: picking the next batch of ${batch} (${iterations} claims)…`);
  const plan = rowsOf<{ 'QUERY PLAN': string }>(
    await db.execute(sql`explain (analyze, buffers) select id from groups where approved and hidden_at is null
      order by link_check_due_at asc nulls first, id limit ${batch} for update skip locked`),
  )
    .map((r) => r['QUERY PLAN'])
    .join(' | ');
  const select = await timeCalls(iterations, () =>
    db.execute(sql`select id from groups where approved and hidden_at is null
      order by link_check_due_at asc nulls first, id limit ${batch} for update skip locked`),
  );
  // Each claim moves its batch ahead by the lease: successive claims walk down the queue.
  const pick = await timeCalls(iterations, () => claimLinkBatch(db, batch));
  const oldest = await timeCalls(iterations, () => oldestScheduledDue(db));

  log(`links: one scheduled run (${batch} groups, ${paceMs} ms apart) against the fake WhatsApp server…`);
  const fake = await startFakeWhatsApp();
  const codes = rowsOf<{ invite_code: string }>(
    await db.execute(sql`select invite_code from groups where approved and hidden_at is null
      order by link_check_due_at asc nulls first, id limit ${batch}`),
  );
  for (const { invite_code } of codes) fake.setInvite(invite_code, 'live');
  process.env.WHATSAPP_INVITE_BASE = fake.url;
  const started = performance.now();
  let result: Awaited<ReturnType<typeof runLinkChecks>>;
  try {
    result = await runLinkChecks(db, { batch, paceMs });
  } finally {
    delete process.env.WHATSAPP_INVITE_BASE;
    await fake.close();
  }
  const seconds = (performance.now() - started) / 1000;

  const maxPerRun = paceMs > 0 ? Math.floor(RUN_TIME_BUDGET_MS / paceMs) : batch;
  return {
    batch,
    paceMs,
    run: {
      checked: result.checked,
      seconds: round(seconds, 1),
      perMinuteWhileRunning: round((result.checked / seconds) * 60, 1),
      scheduledPerMinute: Math.min(batch, maxPerRun),
    },
    select,
    pick: { ...pick, plan, indexScan: /Index Scan using groups_link_due_idx/.test(plan) },
    oldestDue: oldest,
    sweepDays: {
      thisSize: round(sweepDays(size, Math.min(batch, maxPerRun)), 1),
      million: round(sweepDays(1_000_000, Math.min(batch, maxPerRun)), 1),
      maxPerRunWithinBudget: maxPerRun,
      millionAtMax: round(sweepDays(1_000_000, maxPerRun), 1),
    },
  };
}

/**
 * Fill the catalogue up to `total` approved groups with plain SQL (generate_series): the seeder's
 * realistic rows take about an hour at 500k, and the rotation's cost depends only on the row count
 * and the index. `tsx bench/links.ts --groups 500000` (BENCH_DATABASE_URL for Postgres).
 */
export async function padGroups(handle: DbHandle, total: number) {
  const [row] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from groups`));
  const missing = total - (row?.n ?? 0);
  if (missing <= 0) return;
  const step = 50_000;
  for (let from = 1; from <= missing; from += step) {
    const to = Math.min(missing, from + step - 1);
    await handle.db.transaction(async (tx) => {
      // The catalogue's triggers (search words, category counts) would take most of the time; they
      // play no part in the rotation. Postgres only (PGlite runs them).
      if (process.env.BENCH_DATABASE_URL) await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
      insert into groups (title, description, link, invite_code, category_id, title_slug, approved, created_at)
      select 'Grupo de teste ' || i, 'Um grupo para medir a rotação dos links ' || i,
        'https://chat.whatsapp.com/Bench' || lpad(i::text, 10, '0'), 'Bench' || lpad(i::text, 10, '0'),
        (select array_agg(id order by id) from categories)[1 + i % (select count(*) from categories)],
        'grupo-bench-' || i, true, now() - make_interval(secs => i)
      from generate_series(${from}::int, ${to}::int) as i`);
    });
    log(`links: ${to.toLocaleString('en')} of ${missing.toLocaleString('en')} extra groups inserted`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import('node:util');
  const path = await import('node:path');
  const { scratchDb } = await import('./database.ts');
  const { installDb } = await import('../db/client.ts');
  const { values } = parseArgs({
    options: {
      groups: { type: 'string', default: '500000' },
      iterations: { type: 'string', default: '200' },
    },
  });
  process.env.LOCAL_PLATFORM = '1';
  delete process.env.BUILD_HOOK_URL;
  const total = Number(values.groups);
  const db = await scratchDb(path.resolve(import.meta.dirname, '..'), 20);
  installDb(db.handle);
  try {
    await padGroups(db.handle, total);
    const figures = await benchLinks(db.handle, total, Number(values.iterations));
    console.log(
      JSON.stringify(
        { groups: total, database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite', ...figures },
        null,
        2,
      ),
    );
  } finally {
    installDb(undefined);
    await db.close();
  }
  process.exit(0);
}

/** /entrar/{id}'s latency: the redirect on a group checked recently, and the join that checks first. */
export interface JoinSection {
  /** the fast path: a group whose check is not due, one 302 (the issue's p95 <= 30 ms) */
  fast: Latency;
  /** the checked path: an overdue group, checked before the 302 (a pace slot, then WhatsApp's answer) */
  checked: Latency;
}

/**
 * p50/p95 of 'Entrar no Grupo' (GET /entrar/{id}, 302) through the platform, one request at a time,
 * on the two paths separately. The platform's WHATSAPP_INVITE_BASE is the fake WhatsApp (bench/run.ts),
 * answering at once: the checked path is the pace's wait plus the database, not WhatsApp's own time.
 */
export async function benchJoin(handle: DbHandle, base: string, iterations: number): Promise<JoinSection> {
  const ids = (limit: number, offset: number) =>
    handle.db
      .execute(
        // outside 18+: an 18+ group's /entrar answers 404 to a visitor not age-verified (decision 0010)
        sql`select g.id from groups g join categories c on c.id = g.category_id
          where g.approved and g.hidden_at is null and not c.adult order by g.id limit ${limit} offset ${offset}`,
      )
      .then((rows) => rowsOf<{ id: string }>(rows).map((r) => r.id));
  const join = async (id: string) => {
    const res = await fetch(`${base}/entrar/${id}`, { redirect: 'manual' });
    await res.arrayBuffer();
    if (res.status !== 302) throw new Error(`/entrar/${id} answered ${res.status}`);
  };
  const fastIds = await ids(50, 0);
  await handle.db.execute(sql`update groups set link_status = 'live', link_checked_at = now(),
    link_check_due_at = now() + interval '7 days' where id in ${sql.raw(`('${fastIds.join("','")}')`)}`);
  const fast = await timeCalls(iterations, (i) => join(fastIds[i % fastIds.length]!));
  // Each overdue group is joined once (its check makes it fresh), as many as a short run allows.
  const checkedIds = await ids(Math.min(40, iterations), 50);
  await handle.db.execute(sql`update groups set link_checked_at = now() - interval '30 days',
    link_check_due_at = now() - interval '1 hour' where id in ${sql.raw(`('${checkedIds.join("','")}')`)}`);
  const samples: number[] = [];
  for (const id of checkedIds) {
    const started = performance.now();
    await join(id);
    samples.push(performance.now() - started);
  }
  return { fast, checked: latency(samples) };
}
