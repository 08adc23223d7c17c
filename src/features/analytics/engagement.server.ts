// Honest clicks and shares. A request only appends an event (one per visitor, target and São Paulo
// day: the unique key does the deduplication), so a burst on one group never waits on its row; a
// scheduled rollup later moves uncounted events into groups.cliques / groups.shares / ads.cliques.
import type { Context } from '@netlify/functions';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { advertisements, type EngagementKind, groups } from '#db/schema.ts';
import { AppError } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND, isUuid } from '#src/lib/ids.ts';
import { assertWithinLimit, rateLimitHits } from '#src/lib/rate-limit.server.ts';
import { isApprovedGroup } from '../groups/groups.server.ts';
import { countedVisitorHash, networkHash, saoPauloDay } from './visitor.server.ts';

export const AD_NOT_FOUND = 'Anúncio não encontrado';
/** Clicks and shares one visitor may send per minute before getting 429 (far above real use). */
export const ENGAGEMENT_BURST_LIMIT = 30;
export const ENGAGEMENT_BURST_WINDOW_SECONDS = 60;
export const ROLLUP_BATCH_SIZE = 5000;
// One rollup at a time: two concurrent ones would update the same groups in different orders.
const ROLLUP_LOCK_KEY = 4242002;

/** Who is engaging, today: a daily-salted hash (never the IP) and the São Paulo day. */
export interface Visitor {
  hash: string;
  day: string;
  /** the visitor's network (/24, /48) hashed for the day: the ranking discounts bursts from one (#43) */
  network?: string | null;
}

/** The visitor of a request for the São Paulo day of `now` (at most VISITORS_PER_ADDRESS per address). */
export function visitorOf(req: Request, context?: Pick<Context, 'ip'>, now: Date = new Date()): Visitor {
  const day = saoPauloDay(now);
  return { hash: countedVisitorHash(req, context, day), day, network: networkHash(req, context, day) };
}

interface EngagementEvent {
  kind: EngagementKind;
  targetId: string;
  visitor: Visitor;
  platform?: string | null;
}

interface Recorded {
  /** the target when it exists (a public group, an active ad) */
  target?: { id: string; link: string | null };
  counted: boolean;
  /** the visitor's burst bucket after this event */
  hit: { count: number; reset_at: string };
}

/** Most events one statement writes; more wait for the next statement. */
const EVENTS_PER_STATEMENT = 500;

/**
 * Append engagement events in ONE statement, whatever their number: each visitor's burst bucket is
 * counted (an event's count is the bucket's as if the events came one by one, in order), each target
 * checked (a public group for clicks and shares, an active ad for ad clicks) and each event inserted
 * once per visitor, target and day. Rows are taken in key order, so two statements do not deadlock on
 * each other's rows. Answers one `Recorded` per event, in order.
 */
async function insertEvents(db: Db, events: EngagementEvent[]): Promise<Recorded[]> {
  // Each column goes as ONE array parameter (a plain array would become a list of parameters).
  const column = <T>(pick: (event: EngagementEvent, i: number) => T) => sql.param(events.map(pick));
  const rows = rowsOf<{
    ord: number;
    count: number;
    reset_at: string;
    id: string | null;
    link: string | null;
    counted: boolean;
  }>(
    await db.execute(sql`
      with input as (
        select * from unnest(
          ${column((_, i) => i)}::int[], ${column((e) => e.kind)}::text[],
          ${column((e) => e.targetId)}::uuid[], ${column((e) => e.visitor.hash)}::text[],
          ${column((e) => e.visitor.day)}::date[], ${column((e) => e.platform ?? null)}::text[],
          ${column((e) => e.visitor.network ?? null)}::text[]
        ) as t (ord, kind, target_id, visitor_hash, day, platform, network_hash)
      ),
      hits as (
        ${rateLimitHits(
          sql`select 'engagement:' || visitor_hash, count(*)::int from input group by visitor_hash`,
          ENGAGEMENT_BURST_WINDOW_SECONDS,
        )}
      ),
      judged as (
        select input.*, coalesce(${groups.id}, ${advertisements.id}) as found_id, ${advertisements.link},
          hits.reset_at,
          hits.count - count(*) over (partition by input.visitor_hash)
            + row_number() over (partition by input.visitor_hash order by input.ord) as hit_count
        from input
        join hits on hits.key = 'engagement:' || input.visitor_hash
        left join ${groups} on input.kind <> 'ad_click' and ${groups.id} = input.target_id and ${isApprovedGroup}
        left join ${advertisements} on input.kind = 'ad_click' and ${advertisements.id} = input.target_id
          and ${advertisements.active}
      ),
      -- the first event per key is the one that may count; a repeat in the same statement never does
      allowed as (
        select distinct on (kind, target_id, day, visitor_hash) *
        from judged where found_id is not null and hit_count <= ${ENGAGEMENT_BURST_LIMIT}
        order by kind, target_id, day, visitor_hash, ord
      ),
      inserted as (
        insert into engagement_events (kind, target_id, visitor_hash, day, platform, network_hash)
        select kind, target_id, visitor_hash, day, platform, network_hash from allowed
        order by kind, target_id, day, visitor_hash
        on conflict do nothing
        returning kind, target_id, day, visitor_hash
      )
      select judged.ord, judged.hit_count as count, judged.reset_at, judged.found_id as id, judged.link,
        inserted.kind is not null as counted
      from judged
      left join allowed on allowed.ord = judged.ord
      left join inserted on (inserted.kind, inserted.target_id, inserted.day, inserted.visitor_hash)
        = (allowed.kind, allowed.target_id, allowed.day, allowed.visitor_hash)
      order by judged.ord
    `),
  );
  return rows.map((row) => ({
    target: row.id ? { id: row.id, link: row.link } : undefined,
    counted: row.counted,
    hit: { count: Number(row.count), reset_at: row.reset_at },
  }));
}

/**
 * Group commit: while one statement writes, the events that arrive meanwhile wait and go together in
 * the next one. A lone event is written at once, so nothing waits when there is no crowd; a crowd (many
 * calls on one instance, or the handlers in one process) costs one round trip and one commit per batch
 * instead of per event. A failed statement fails exactly the events it carried.
 */
class EventWriter {
  #waiting: { event: EngagementEvent; resolve(r: Recorded): void; reject(e: unknown): void }[] = [];
  #writing = false;

  constructor(private readonly db: Db) {}

  record(event: EngagementEvent): Promise<Recorded> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ event, resolve, reject });
      if (!this.#writing) void this.#write();
    });
  }

  async #write() {
    this.#writing = true;
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, EVENTS_PER_STATEMENT);
      try {
        const recorded = await insertEvents(
          this.db,
          batch.map((w) => w.event),
        );
        for (const [i, w] of batch.entries()) w.resolve(recorded[i] as Recorded);
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.#writing = false;
  }
}

const writers = new WeakMap<Db, EventWriter>();

/**
 * Record one engagement event: `counted` is false when this visitor already counted for this target
 * today; `target` is undefined when there is no such target; over the burst limit it throws TOO_MANY.
 */
async function recordEngagement(db: Db, event: EngagementEvent) {
  const writer = writers.get(db) ?? new EventWriter(db);
  writers.set(db, writer);
  const { target, counted, hit } = await writer.record(event);
  if (!target) return { counted: false };
  assertWithinLimit(hit, ENGAGEMENT_BURST_LIMIT);
  return { target, counted };
}

async function registerGroupEngagement(
  db: Db,
  event: { kind: 'group_click' | 'group_share'; groupId: string; visitor: Visitor; platform?: string | null },
) {
  if (!isUuid(event.groupId)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const { target, counted } = await recordEngagement(db, { ...event, targetId: event.groupId });
  if (!target) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  return { counted };
}

/** A visitor pressed 'Entrar no Grupo'. Counts once per visitor per group per day. */
export function registerGroupClick(db: Db, groupId: string, visitor: Visitor) {
  return registerGroupEngagement(db, { kind: 'group_click', groupId, visitor });
}

/** A visitor shared a group (on any platform). Counts once per visitor per group per day. */
export function registerGroupShare(
  db: Db,
  groupId: string,
  visitor: Visitor,
  platform: string | null = null,
) {
  return registerGroupEngagement(db, { kind: 'group_share', groupId, visitor, platform });
}

/** A visitor pressed an active advertisement: counted once per day, answered with its link. */
export async function registerAdClick(db: Db, adId: string, visitor: Visitor) {
  if (!isUuid(adId)) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
  const { target, counted } = await recordEngagement(db, { kind: 'ad_click', targetId: adId, visitor });
  if (!target) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
  return { counted, link: target.link };
}

/**
 * Move up to `batchSize` uncounted events into the counters in ONE statement: the events are
 * claimed with FOR UPDATE SKIP LOCKED and re-checked as uncounted, marked counted, and their
 * totals added to groups and advertisements, all atomically. A concurrent rollup claims nothing
 * twice (and, holding no advisory lock, simply does nothing). Returns how many events it counted.
 */
export async function rollupEngagementBatch(db: Db, batchSize: number = ROLLUP_BATCH_SIZE): Promise<number> {
  const result = await db.execute(sql`
    with lock as (select pg_try_advisory_xact_lock(${ROLLUP_LOCK_KEY}) as ok),
    picked as (
      select id from engagement_events
      where not counted and (select ok from lock)
      order by id
      limit ${batchSize}
      for update skip locked
    ),
    marked as (
      -- by primary key (= any): a join with picked, misjudged as one row by stale statistics, was
      -- planned as a loop over every uncounted event for each picked one (7 s for 45k pending)
      update engagement_events e set counted = true
      where e.id = any(array(select id from picked)) and not e.counted
      returning e.kind, e.target_id
    ),
    group_totals as (
      select target_id,
        count(*) filter (where kind = 'group_click')::int as clicks,
        count(*) filter (where kind = 'group_share')::int as shares
      from marked where kind in ('group_click', 'group_share')
      group by target_id
    ),
    groups_updated as (
      update groups g set cliques = g.cliques + t.clicks, shares = g.shares + t.shares
      from group_totals t where g.id = t.target_id
      returning g.id
    ),
    ad_totals as (
      select target_id, count(*)::int as clicks from marked where kind = 'ad_click' group by target_id
    ),
    ads_updated as (
      update advertisements a set cliques = a.cliques + t.clicks
      from ad_totals t where a.id = t.target_id
      returning a.id
    )
    select (select count(*) from marked)::int as events,
      (select count(*) from groups_updated)::int as groups,
      (select count(*) from ads_updated)::int as ads
  `);
  const [row] = rowsOf<{ events: number | string }>(result);
  return Number(row?.events ?? 0);
}

/** Roll up every uncounted event, batch by batch (the scheduled function runs this each minute). */
export async function rollupEngagement(
  db: Db,
  { batchSize = ROLLUP_BATCH_SIZE, maxBatches = 100 } = {},
): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const counted = await rollupEngagementBatch(db, batchSize);
    total += counted;
    if (counted < batchSize) break;
  }
  return total;
}
