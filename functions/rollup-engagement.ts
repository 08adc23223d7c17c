// Every minute: move new clicks and shares into the groups' and ads' counters.
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { rollupEngagement } from '#src/features/analytics/engagement.server.ts';
import { json } from '#src/lib/http.server.ts';

export default async () => {
  const counted = await rollupEngagement(await getDb());
  return json({ counted });
};

export const config: Config = { schedule: '* * * * *' };
