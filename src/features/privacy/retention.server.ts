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
  ORDER_TAX_YEARS,
} from './retention.ts';

const BATCH = 10_000;

/** Deleted rows per table. */
export interface PruneCounts {
  engagementEvents: number;
  mailOutbox: number;
  authTokens: number;
  legalNotices: number;
  /** orders (their refunds go with them) past the tax records' years */
  featureOrders: number;
  processedWebhookEvents: number;
  userEmailHistory: number;
}

/** Delete one batch of the table's rows that match `where` (rows named by `key`); how many went. */
async function deleteBatch(db: Db, table: string, where: SQL, key: 'id' | 'ctid' = 'id'): Promise<number> {
  const name = sql.identifier(table);
  const column = sql.raw(key);
  const statement = sql`delete from ${name} where ${column} in (select ${column} from ${name} where ${where} limit ${BATCH})
    returning 1 as gone`;
  return rowsOf<{ gone: unknown }>(await db.execute(statement)).length;
}

/**
 * Orders (with their refunds, on delete cascade) and payment notifications past ORDER_TAX_YEARS, as
 * /privacidade states: the tax records' period is over, and nothing about the buyer is kept after it.
 */
async function pruneOrders(db: Db, at: SQL) {
  const featureOrders = await deleteBatch(
    db,
    'feature_orders',
    sql`order_date < ${at} - make_interval(years => ${ORDER_TAX_YEARS}) and status not in ('pending', 'active')`,
  );
  // processed_webhook_events has no id (provider, event_id): its rows are named by ctid.
  const processedWebhookEvents = await deleteBatch(
    db,
    'processed_webhook_events',
    sql`received_at < ${at} - make_interval(years => ${ORDER_TAX_YEARS})`,
    'ctid',
  );
  return { featureOrders, processedWebhookEvents };
}

/**
 * Delete counted clicks older than ENGAGEMENT_KEEP_DAYS, old sent mail (and the earlier addresses it was
 * sent to), spent e-mail links, old decided notices, and orders, refunds and payment notifications past
 * the tax records' years.
 */
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
  // An earlier address is needed only while e-mails sent to it are kept.
  const userEmailHistory = await deleteBatch(
    db,
    'user_email_history',
    sql`replaced_at < ${at} - make_interval(days => ${MAIL_KEEP_DAYS})`,
  );
  return {
    engagementEvents,
    mailOutbox,
    authTokens,
    legalNotices,
    ...(await pruneOrders(db, at)),
    userEmailHistory,
  };
}
