// Honest clicks and shares. A request only appends an event (one per visitor, target and São Paulo
// day: the unique key does the deduplication), so a burst on one group never waits on its row; a
// scheduled rollup later moves uncounted events into groups.cliques / groups.shares / ads.cliques.
import type { Context } from '@netlify/functions';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { advertisements, type EngagementKind, groups } from '#db/schema.ts';
import { AppError } from '#src/lib/http.server.ts';
import { assertWithinLimit, rateLimitHit } from '#src/lib/rate-limit.server.ts';
import { GROUP_NOT_FOUND, isUuid } from '../groups/group-lists.server.ts';
import { isPublicGroup } from '../groups/groups.server.ts';
import { saoPauloDay, visitorHash } from './visitor.server.ts';

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
}

/** The visitor of a request for the São Paulo day of `now`. */
export function visitorOf(req: Request, context?: Pick<Context, 'ip'>, now: Date = new Date()): Visitor {
  const day = saoPauloDay(now);
  return { hash: visitorHash(req, context, day), day };
}

/**
 * Append one engagement event on a target that `target` selects (columns `id` and `link`), in ONE
 * statement: the visitor's burst limit is counted, the target checked and the event inserted together,
 * so a click costs one round trip and one commit. `counted` is false when this visitor already
 * counted for this target today; `target` is undefined when there is no such target.
 */
async function recordEngagement(
  db: Db,
  event: { kind: EngagementKind; visitor: Visitor; platform?: string | null },
  target: SQL,
): Promise<{ target?: { id: string; link: string | null }; counted: boolean }> {
  const [row] = rowsOf<{
    count: number;
    reset_at: string;
    id: string | null;
    link: string | null;
    counted: boolean;
  }>(
    await db.execute(sql`
      with hit as (
        ${rateLimitHit(`engagement:${event.visitor.hash}`, ENGAGEMENT_BURST_WINDOW_SECONDS)}
      ),
      target as (${target}),
      inserted as (
        insert into engagement_events (kind, target_id, visitor_hash, day, platform)
        select ${event.kind}, target.id, ${event.visitor.hash}, ${event.visitor.day}::date,
          ${event.platform ?? null}
        from target, hit where hit.count <= ${ENGAGEMENT_BURST_LIMIT}
        on conflict do nothing
        returning id
      )
      select hit.count, hit.reset_at, target.id, target.link, exists (select 1 from inserted) as counted
      from hit left join target on true
    `),
  );
  if (!row?.id) return { counted: false };
  assertWithinLimit(row, ENGAGEMENT_BURST_LIMIT);
  return { target: { id: row.id, link: row.link }, counted: row.counted };
}

// A plain primary-key read (no lock): the event insert never touches the group's row.
function publicGroup(groupId: string): SQL {
  return sql`select ${groups.id} as id, null::text as link from ${groups}
    where ${groups.id} = ${groupId} and ${isPublicGroup}`;
}

async function registerGroupEngagement(
  db: Db,
  event: { kind: 'group_click' | 'group_share'; groupId: string; visitor: Visitor; platform?: string | null },
) {
  if (!isUuid(event.groupId)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
  const { target, counted } = await recordEngagement(db, event, publicGroup(event.groupId));
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
  const activeAd = sql`select ${advertisements.id} as id, ${advertisements.link} as link
    from ${advertisements} where ${advertisements.id} = ${adId} and ${advertisements.active}`;
  const { target, counted } = await recordEngagement(db, { kind: 'ad_click', visitor }, activeAd);
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
      update engagement_events e set counted = true
      from picked where e.id = picked.id and not e.counted
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
