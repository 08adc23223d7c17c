// Fixed-window rate limits kept in Postgres (functions share no memory). Keys never hold raw IPs.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { rateLimitBuckets } from '#db/schema.ts';
import { AppError } from './http.server.ts';

export const TOO_MANY_MESSAGE = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

/**
 * The one upsert that counts a hit on `key` in a fixed window and returns the bucket's `count` and
 * `reset_at`. Atomic under concurrency; usable alone or as a CTE inside a caller's statement.
 */
export function rateLimitHit(key: string, windowSeconds: number): SQL {
  return sql`
    insert into rate_limit_buckets (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limit_buckets.reset_at <= now() then 1 else rate_limit_buckets.count + 1 end,
      reset_at = case when rate_limit_buckets.reset_at <= now() then excluded.reset_at
        else rate_limit_buckets.reset_at end
    returning count, reset_at`;
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
