// Every hour: delete the rate-limit buckets whose window has passed (each visitor-day of clicks leaves one)
// and the revoked sessions whose tokens have expired anyway, and idempotency keys older than a day.
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { pruneRevokedSessions } from '#src/features/auth/session.server.ts';
import { json } from '#src/lib/http.server.ts';
import { pruneIdempotencyKeys } from '#src/lib/idempotency.server.ts';
import { pruneRateLimits } from '#src/lib/rate-limit.server.ts';

export default async () => {
  const db = await getDb();
  const deleted = await pruneRateLimits(db);
  const revokedSessions = await pruneRevokedSessions(db);
  const idempotencyKeys = await pruneIdempotencyKeys(db);
  return json({ deleted, revokedSessions, idempotencyKeys });
};

export const config: Config = { schedule: '17 * * * *' };
