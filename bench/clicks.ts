// Click ingest (POST /api/groups/{id}/click) at 200 concurrent clients, every request a new visitor,
// then the rollup of a known number of events into the counters, checked exactly: the counters must
// grow by the number of distinct visitor-days sent, no event lost or counted twice.
import { sql } from 'drizzle-orm';
import { type DbHandle, rowsOf } from '../db/client.ts';
import * as clickFn from '../functions/group-engagement.ts';
import { registerGroupClick, rollupEngagement } from '../src/features/analytics/engagement.server.ts';
import { saoPauloDay } from '../src/features/analytics/visitor.server.ts';
import { callFunction } from '../tests/support/functions.ts';
import { type LoadFigures, log, round, warmLoadTest } from './lib.ts';

export interface IngestFigures {
  via: 'handlers' | 'platform' | 'statement';
  clients: number;
  seconds: number;
  sent: number;
  accepted: number;
  eventsPerSecond: number | null;
  non2xx: number;
  /** through the platform: the first round, which started the function's instances */
  cold?: Pick<LoadFigures, 'total' | 'seconds' | 'requestsPerSecond'>;
}

async function publicGroupIds(handle: DbHandle, limit = 2000): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await handle.db.execute(
      sql`select id from groups where approved and hidden_at is null order by id limit ${limit}`,
    ),
  );
  return rows.map((r) => r.id);
}

async function scalar(handle: DbHandle, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await handle.db.execute(query));
  return Number(row?.n ?? 0);
}

/** `clients` concurrent loops sending a new visitor's click each time for `seconds`. */
async function ingestLoop(
  handle: DbHandle,
  via: IngestFigures['via'],
  seconds: number,
  clients: number,
  click: (
    groupId: string,
    client: number,
    n: number,
  ) => Promise<{ status: number; counted: boolean; message?: string }>,
): Promise<IngestFigures> {
  const ids = await publicGroupIds(handle);
  let sent = 0;
  let accepted = 0;
  let non2xx = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (Date.now() < deadline) {
        const n = sent++;
        const { status, counted, message } = await click(ids[n % ids.length] as string, client, n);
        if (status === 200 && counted) accepted++;
        else if (status !== 200) {
          non2xx++;
          if (non2xx === 1) log(`click answered ${status}: ${message}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    via,
    clients,
    seconds: round(elapsed, 1),
    sent,
    accepted,
    eventsPerSecond: round(accepted / elapsed, 0),
    non2xx,
  };
}

/** 200 concurrent in-process clients calling the click handler (a Request in, a Response out). */
export function ingestHandlers(handle: DbHandle, seconds: number, clients = 200): Promise<IngestFigures> {
  return ingestLoop(handle, 'handlers', seconds, clients, async (id, client, n) => {
    const res = await callFunction(clickFn, `/api/groups/${id}/click`, {
      method: 'POST',
      headers: { 'user-agent': `bench-handlers-${client}-${n}` },
      ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    });
    const body = (await res.json()) as { counted?: boolean; message?: string };
    return { status: res.status, counted: body.counted === true, message: body.message };
  });
}

/**
 * The click's one statement alone, from the same 200 loops: no Request, Response or JSON. What the
 * database (and its driver) can take on this machine, the ceiling for the handlers' figure.
 */
export function ingestStatement(handle: DbHandle, seconds: number, clients = 200): Promise<IngestFigures> {
  const day = saoPauloDay();
  return ingestLoop(handle, 'statement', seconds, clients, async (id, _client, n) => {
    const { counted } = await registerGroupClick(handle.db, id, {
      hash: `bench-statement-${process.pid}-${n}`,
      day,
    });
    return { status: 200, counted };
  });
}

/** Concurrent HTTP clients (autocannon) through the platform, a new visitor per request, on warm instances. */
export async function ingestPlatform(
  handle: DbHandle,
  base: string,
  perClient: number,
  clients = 200,
): Promise<IngestFigures> {
  const ids = await publicGroupIds(handle);
  let n = 0;
  let accepted = 0;
  log(`click ingest: ${clients} clients × ${perClient} clicks…`);
  const result = await warmLoadTest(
    {
      url: base,
      connections: clients,
      requestsPerClient: perClient,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const i = n++;
            return {
              ...req,
              path: `/api/groups/${ids[i % ids.length]}/click`,
              headers: { ...req.headers, 'user-agent': `bench-platform-${process.pid}-${i}` },
            };
          },
          onResponse: (status, body) => {
            if (status === 200 && body.includes('"counted":true')) accepted++;
          },
        },
      ],
    },
    () => {
      accepted = 0;
    },
  );
  const { total, seconds, requestsPerSecond } = result.cold;
  return {
    via: 'platform',
    clients,
    seconds: result.seconds,
    sent: result.total,
    accepted,
    eventsPerSecond: result.total ? round(accepted / result.seconds, 0) : null,
    non2xx: result.non2xx,
    cold: { total, seconds, requestsPerSecond },
  };
}

export interface RollupFigures {
  /** uncounted events already in the table (the ingest's accepted clicks) before topping up */
  pendingBefore: number;
  events: number;
  ms: number;
  eventsPerSecond: number;
  countersDelta: number;
  distinctVisitorDays: number;
  exact: boolean;
}

/** Top the uncounted events up to `events`, roll them up, and check the counters moved by exactly that. */
export async function rollup(handle: DbHandle, events: number): Promise<RollupFigures> {
  const pending = await scalar(handle, sql`select count(*) as n from engagement_events where not counted`);
  const extra = Math.max(0, events - pending);
  if (extra > 0) {
    const ids = await publicGroupIds(handle, 1000);
    const array = sql`array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]`;
    await handle.db.execute(sql`
      insert into engagement_events (kind, target_id, visitor_hash, day)
      select 'group_click', (${array})[1 + n % ${ids.length}], 'bench-rollup-' || ${process.pid} || '-' || n, ${saoPauloDay()}::date
      from generate_series(1, ${extra}) n
      on conflict do nothing`);
  }
  const distinct = await scalar(
    handle,
    sql`select count(*) as n from (select distinct kind, target_id, day, visitor_hash from engagement_events where not counted and kind = 'group_click') d`,
  );
  const before = await scalar(handle, sql`select coalesce(sum(cliques), 0) as n from groups`);
  log(`rollup of ${distinct} events…`);
  const started = performance.now();
  const counted = await rollupEngagement(handle.db, { maxBatches: 10_000 });
  const ms = performance.now() - started;
  const after = await scalar(handle, sql`select coalesce(sum(cliques), 0) as n from groups`);
  return {
    pendingBefore: pending,
    events: counted,
    ms: round(ms, 0),
    eventsPerSecond: round(counted / (ms / 1000), 0),
    countersDelta: after - before,
    distinctVisitorDays: distinct,
    exact: after - before === distinct && counted === distinct,
  };
}
