// What WhatsApp answered, counted by hour and by what asked (issue #42): the admin's link-check figures
// for the last 24 hours and 7 days, so an operator can hold the real world against the simulated one
// (bench/links-sim.ts counts the same causes). One upsert per answer, or per run; kept 8 days.
import { gte, lt, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { linkCheckTallies } from '#db/schema.ts';
import {
  CHECK_CAUSES,
  type CheckCause,
  type LinkAnswer,
  type Tally,
  type TallyByCause,
} from './link-health.ts';

const HOUR_MS = 3_600_000;
export const TALLY_DAYS_KEPT = 8;

const hourOf = (now: Date) => new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);

/** Add to the hour's tally of a cause. */
export async function addTally(db: Db, cause: CheckCause, add: Partial<Tally>, now: Date = new Date()) {
  const row = { checks: 0, dead: 0, inconclusive: 0, rateLimited: 0, stopped: 0, ...add };
  if (!row.checks && !row.stopped) return;
  const plus = (column: keyof Tally) => sql`${linkCheckTallies[column]} + ${row[column]}`;
  await db
    .insert(linkCheckTallies)
    .values({ hour: hourOf(now), cause, ...row })
    .onConflictDoUpdate({
      target: [linkCheckTallies.hour, linkCheckTallies.cause],
      set: {
        checks: plus('checks'),
        dead: plus('dead'),
        inconclusive: plus('inconclusive'),
        rateLimited: plus('rateLimited'),
        stopped: plus('stopped'),
      },
    });
}

/** One answer of WhatsApp (a 429 is an inconclusive answer that also paused the checks). */
export function tallyAnswer(db: Db, cause: CheckCause, answer: LinkAnswer | 'rate_limited', now?: Date) {
  return addTally(
    db,
    cause,
    {
      checks: 1,
      dead: answer === 'dead' ? 1 : 0,
      inconclusive: answer === 'unknown' || answer === 'rate_limited' ? 1 : 0,
      rateLimited: answer === 'rate_limited' ? 1 : 0,
    },
    now,
  );
}

/** The tallies since `since`, by cause (every cause present, zero when nothing asked). */
export async function talliesSince(db: Db, since: Date): Promise<TallyByCause> {
  const rows = await db
    .select({
      cause: linkCheckTallies.cause,
      checks: sql<number>`sum(${linkCheckTallies.checks})::int`,
      dead: sql<number>`sum(${linkCheckTallies.dead})::int`,
      inconclusive: sql<number>`sum(${linkCheckTallies.inconclusive})::int`,
      rateLimited: sql<number>`sum(${linkCheckTallies.rateLimited})::int`,
      stopped: sql<number>`sum(${linkCheckTallies.stopped})::int`,
    })
    .from(linkCheckTallies)
    .where(gte(linkCheckTallies.hour, hourOf(since)))
    .groupBy(linkCheckTallies.cause);
  const empty = (): Tally => ({ checks: 0, dead: 0, inconclusive: 0, rateLimited: 0, stopped: 0 });
  const byCause = Object.fromEntries(CHECK_CAUSES.map((c) => [c, empty()])) as TallyByCause;
  for (const { cause, ...tally } of rows)
    if ((CHECK_CAUSES as readonly string[]).includes(cause))
      byCause[cause as CheckCause] = {
        checks: Number(tally.checks),
        dead: Number(tally.dead),
        inconclusive: Number(tally.inconclusive),
        rateLimited: Number(tally.rateLimited),
        stopped: Number(tally.stopped),
      };
  return byCause;
}

/** Drop the hours older than the figures look back (plus a day). */
export async function pruneTallies(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TALLY_DAYS_KEPT * 24 * HOUR_MS);
  const gone = await db
    .delete(linkCheckTallies)
    .where(lt(linkCheckTallies.hour, before))
    .returning({ hour: linkCheckTallies.hour });
  return gone.length;
}
