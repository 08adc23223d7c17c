// The hourly pruning of personal data past its period (retention.ts), run by functions/prune-rate-limits.ts
// beside the rate-limit buckets and revoked sessions. Each statement deletes a bounded batch; the next
// run goes on.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { TIME_ZONE } from '#src/lib/time-zone.ts';
import {
  AUTH_TOKEN_KEEP_DAYS,
  ENGAGEMENT_KEEP_DAYS,
  LEGAL_NOTICE_KEEP_YEARS,
  MAIL_KEEP_DAYS,
} from './retention.ts';

const BATCH = 10_000;

/** Deleted rows per table. */
export interface PruneCounts {
  engagementEvents: number;
  mailOutbox: number;
  authTokens: number;
  legalNotices: number;
}

/** Delete one batch of the table's rows that match `where`; how many went. */
async function deleteBatch(db: Db, table: string, where: SQL): Promise<number> {
  const name = sql.identifier(table);
  const statement = sql`delete from ${name} where id in (select id from ${name} where ${where} limit ${BATCH})
    returning id`;
  return rowsOf<{ id: unknown }>(await db.execute(statement)).length;
}

/** Delete counted clicks older than ENGAGEMENT_KEEP_DAYS, old sent mail, spent e-mail links, old decided notices. */
export async function prunePersonalData(db: Db, now: Date = new Date()): Promise<PruneCounts> {
  const at = sql`${now.toISOString()}::timestamptz`;
  // Uncounted events are kept whatever their age: the rollup has not moved them into the counters yet.
  const engagementEvents = await deleteBatch(
    db,
    'engagement_events',
    sql`counted and day < (${at} at time zone ${TIME_ZONE})::date - ${ENGAGEMENT_KEEP_DAYS}::int`,
  );
  // A pending e-mail is still to be sent: only finished ones go.
  const mailOutbox = await deleteBatch(
    db,
    'mail_outbox',
    sql`status <> 'pending' and created_at < ${at} - make_interval(days => ${MAIL_KEEP_DAYS})`,
  );
  const authTokens = await deleteBatch(
    db,
    'auth_tokens',
    sql`expires_at < ${at} - make_interval(days => ${AUTH_TOKEN_KEEP_DAYS})`,
  );
  // A notice waiting for a decision stays; a deleted one's history goes with it (on delete cascade).
  const legalNotices = await deleteBatch(
    db,
    'legal_notices',
    sql`status <> 'pending' and decided_at < ${at} - make_interval(years => ${LEGAL_NOTICE_KEEP_YEARS})`,
  );
  return { engagementEvents, mailOutbox, authTokens, legalNotices };
}
