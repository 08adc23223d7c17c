// Fixed-window rate limits kept in Postgres (functions share no memory). Keys never hold raw IPs.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { rateLimitBuckets } from '#db/schema.ts';
import { AppError } from './http.server.ts';

export const TOO_MANY_MESSAGE = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

/**
 * The one upsert that counts hits in a fixed window: `hits` selects rows of (key, hits), one per key,
 * and each bucket's new `count` and `reset_at` are returned with its `key`. Atomic under concurrency
 * (keys are taken in order, so two statements never deadlock on their buckets); usable alone or as
 * a CTE inside a caller's statement.
 */
export function rateLimitHits(hits: SQL, windowSeconds: number): SQL {
  return sql`
    insert into rate_limit_buckets (key, count, reset_at)
    select h.key, h.hits, now() + make_interval(secs => ${windowSeconds})
    from (${hits}) as h (key, hits)
    order by h.key
    on conflict (key) do update set
      count = case when rate_limit_buckets.reset_at <= now() then excluded.count
        else rate_limit_buckets.count + excluded.count end,
      reset_at = case when rate_limit_buckets.reset_at <= now() then excluded.reset_at
        else rate_limit_buckets.reset_at end
    returning key, count, reset_at`;
}

/** One hit on `key` (see `rateLimitHits`). */
export function rateLimitHit(key: string, windowSeconds: number): SQL {
  return rateLimitHits(sql`select ${key}::text, 1`, windowSeconds);
}

/** Throws TOO_MANY (429, Retry-After) when a hit counted by `rateLimitHit` went over `limit`. */
export function assertWithinLimit(
  hit: { count: number | string; reset_at: Date | string } | undefined,
  limit: number,
  message: string = TOO_MANY_MESSAGE,
): void {
  if (!hit || Number(hit.count) <= limit) return;
  const resetAt = new Date(hit.reset_at).getTime();
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  throw new AppError('TOO_MANY', message, undefined, { 'retry-after': String(retryAfter) });
}

/**
 * Count one hit on `key`; throws TOO_MANY (429, Retry-After) once more than `limit` hits fall in
 * the current window of `windowSeconds`.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  message: string = TOO_MANY_MESSAGE,
): Promise<void> {
  const [hit] = rowsOf<{ count: number; reset_at: string }>(
    await db.execute(rateLimitHit(key, windowSeconds)),
  );
  assertWithinLimit(hit, limit, message);
}

/** Forget the hits on a key (e.g. after a successful login). */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.key} = ${key}`);
}

/** Expired buckets deleted per statement by `pruneRateLimits`. */
const PRUNE_BATCH = 10_000;

/**
 * Delete the buckets whose window has passed: an expired bucket counts the same as none (the next hit
 * starts a new window), and every visitor-day of clicks leaves one, so without this the table only
 * grows. In batches, at most `maxBatches` per call (a scheduled run has a time limit; the next one
 * goes on). Returns how many it deleted.
 */
export async function pruneRateLimits(db: Db, { maxBatches = 100 } = {}): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const deleted = rowsOf<{ key: string }>(
      await db.execute(sql`
        delete from rate_limit_buckets where key in (
          select key from rate_limit_buckets where reset_at <= now() limit ${PRUNE_BATCH}
        )
        returning key`),
    ).length;
    total += deleted;
    if (deleted < PRUNE_BATCH) break;
  }
  return total;
}
