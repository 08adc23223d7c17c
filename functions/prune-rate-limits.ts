// Every hour: delete the rate-limit buckets whose window has passed (each visitor-day of clicks leaves one),
// the revoked sessions whose tokens have expired anyway, idempotency keys older than a day, the access
// logs older than 6 months, the link checker's hourly tallies older than 8 days, the last e-mails of deleted accounts once sent, and the personal data past
// its period (src/features/privacy/retention.ts, printed on /privacidade).
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { pruneAccessLogs } from '#src/features/access-log/access-log.server.ts';
import { pruneDeletedAccountMail } from '#src/features/account/account-deletion.server.ts';
import { pruneRevokedSessions } from '#src/features/auth/session.server.ts';
import { pruneTallies } from '#src/features/links/check-tallies.server.ts';
import { prunePersonalData } from '#src/features/privacy/retention.server.ts';
import { json } from '#src/lib/http.server.ts';
import { pruneIdempotencyKeys } from '#src/lib/idempotency.server.ts';
import { pruneRateLimits } from '#src/lib/rate-limit.server.ts';

export default async () => {
  const db = await getDb();
  const deleted = await pruneRateLimits(db);
  const revokedSessions = await pruneRevokedSessions(db);
  const idempotencyKeys = await pruneIdempotencyKeys(db);
  const accessLogs = await pruneAccessLogs(db);
  const deletedAccountMail = await pruneDeletedAccountMail(db);
  const personalData = await prunePersonalData(db);
  const linkCheckTallies = await pruneTallies(db);
  return json({
    deleted,
    revokedSessions,
    idempotencyKeys,
    accessLogs,
    deletedAccountMail,
    personalData,
    linkCheckTallies,
  });
};

export const config: Config = { schedule: '17 * * * *' };
