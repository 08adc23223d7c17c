// Fixed-window rate limits kept in Postgres (functions share no memory). Keys never hold raw IPs.
import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { rateLimitBuckets } from '#db/schema.ts';
import { AppError } from './http.server.ts';

export const TOO_MANY_MESSAGE = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

/**
 * Count one hit on `key`; throws TOO_MANY (429, Retry-After) once more than `limit` hits fall in
 * the current window of `windowSeconds`. One atomic upsert, safe under concurrency.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  message: string = TOO_MANY_MESSAGE,
): Promise<void> {
  const [row] = await db
    .insert(rateLimitBuckets)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimitBuckets.key,
      set: {
        count: sql`case when ${rateLimitBuckets.resetAt} <= now() then 1 else ${rateLimitBuckets.count} + 1 end`,
        resetAt: sql`case when ${rateLimitBuckets.resetAt} <= now() then now() + make_interval(secs => ${windowSeconds}) else ${rateLimitBuckets.resetAt} end`,
      },
    })
    .returning({ count: rateLimitBuckets.count, resetAt: rateLimitBuckets.resetAt });
  if (row && row.count > limit) {
    const retryAfter = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
    throw new AppError('TOO_MANY', message, undefined, { 'retry-after': String(retryAfter) });
  }
}

/** Forget the hits on a key (e.g. after a successful login). */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitBuckets).where(sql`${rateLimitBuckets.key} = ${key}`);
}
