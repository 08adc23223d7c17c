// The hourly pruning of personal data past its period (retention.ts), run by functions/prune-rate-limits.ts
// beside the rate-limit buckets and revoked sessions. Each statement deletes a bounded batch; the next
// run goes on.
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
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

async function deleted(db: Db, statement: ReturnType<typeof sql>): Promise<number> {
  return rowsOf<{ id: unknown }>(await db.execute(statement)).length;
}

/** Delete counted clicks older than ENGAGEMENT_KEEP_DAYS, old sent mail, spent e-mail links, old decided notices. */
export async function prunePersonalData(db: Db, now: Date = new Date()): Promise<PruneCounts> {
  const at = now.toISOString();
  // Uncounted events are kept whatever their age: the rollup has not moved them into the counters yet.
  const engagementEvents = await deleted(
    db,
    sql`delete from engagement_events where id in (
      select id from engagement_events
      where counted and day < (${at}::timestamptz at time zone 'America/Sao_Paulo')::date - ${ENGAGEMENT_KEEP_DAYS}::int
      limit ${BATCH})
    returning id`,
  );
  // A pending e-mail is still to be sent: only finished ones go.
  const mailOutbox = await deleted(
    db,
    sql`delete from mail_outbox where id in (
      select id from mail_outbox
      where status <> 'pending' and created_at < ${at}::timestamptz - make_interval(days => ${MAIL_KEEP_DAYS})
      limit ${BATCH})
    returning id`,
  );
  const authTokens = await deleted(
    db,
    sql`delete from auth_tokens where id in (
      select id from auth_tokens
      where expires_at < ${at}::timestamptz - make_interval(days => ${AUTH_TOKEN_KEEP_DAYS})
      limit ${BATCH})
    returning id`,
  );
  // Their history goes with them (on delete cascade).
  const legalNotices = await deleted(
    db,
    sql`delete from legal_notices where id in (
      select id from legal_notices
      where status <> 'pending' and decided_at < ${at}::timestamptz - make_interval(years => ${LEGAL_NOTICE_KEEP_YEARS})
      limit ${BATCH})
    returning id`,
  );
  return { engagementEvents, mailOutbox, authTokens, legalNotices };
}
