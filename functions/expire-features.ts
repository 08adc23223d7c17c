// Scheduled: featuring and orders whose end has passed expire (queries already ignore them; this
// keeps the flags honest and rebuilds the pages that showed them), and refunds a provider failed are
// asked again when their next try is due (a withdrawal is never lost, #41).
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { expireFeatures } from '#src/features/payments/expiry.server.ts';
import { retryDueRefunds } from '#src/features/payments/refunds.server.ts';

export default async () => {
  const db = await getDb();
  const result = await expireFeatures(db);
  const refunds = await retryDueRefunds(db);
  if (result.expiredOrders || result.unfeaturedGroups || refunds.tried)
    console.log('[expire-features]', { ...result, refunds });
  return Response.json({ ...result, refunds });
};

export const config: Config = { schedule: '*/5 * * * *' };
