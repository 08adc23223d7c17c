// Daily, just after midnight in São Paulo: a year that has closed gets its transparency report written
// once (#41); the first read after the year ends would write it too.
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { keepClosedYears } from '#src/features/transparency/transparency.server.ts';
import { json } from '#src/lib/http.server.ts';

export default async () => {
  const written = await keepClosedYears(await getDb());
  if (written.length) console.log('[keep-transparency-reports]', written);
  return json({ written });
};

export const config: Config = { schedule: '17 3 * * *' };
