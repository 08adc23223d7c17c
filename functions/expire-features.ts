// Scheduled: featuring and orders whose end has passed expire (queries already ignore them; this
// keeps the flags honest and rebuilds the pages that showed them).
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { expireFeatures } from '#src/features/payments/expiry.server.ts';

export default async () => {
  const result = await expireFeatures(await getDb());
  if (result.expiredOrders || result.unfeaturedGroups) console.log('[expire-features]', result);
  return Response.json(result);
};

export const config: Config = { schedule: '*/5 * * * *' };
