// Every hour: delete the rate-limit buckets whose window has passed (each visitor-day of clicks leaves one).
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { json } from '#src/lib/http.server.ts';
import { pruneRateLimits } from '#src/lib/rate-limit.server.ts';

export default async () => {
  const deleted = await pruneRateLimits(await getDb());
  return json({ deleted });
};

export const config: Config = { schedule: '17 * * * *' };
