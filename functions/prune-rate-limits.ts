// Every hour: delete the rate-limit buckets whose window has passed (each visitor-day of clicks leaves one),
// the revoked sessions whose tokens have expired anyway, and the personal data past its period
// (src/features/privacy/retention.ts, printed on /privacidade).
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { pruneRevokedSessions } from '#src/features/auth/session.server.ts';
import { prunePersonalData } from '#src/features/privacy/retention.server.ts';
import { json } from '#src/lib/http.server.ts';
import { pruneRateLimits } from '#src/lib/rate-limit.server.ts';

export default async () => {
  const db = await getDb();
  const deleted = await pruneRateLimits(db);
  const revokedSessions = await pruneRevokedSessions(db);
  const personalData = await prunePersonalData(db);
  return json({ deleted, revokedSessions, personalData });
};

export const config: Config = { schedule: '17 * * * *' };
