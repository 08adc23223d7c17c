// Every minute: re-check a batch of public groups' invite links (LINK_CHECK_BATCH at LINK_CHECK_PACE),
// hiding those dead twice; skipped while a 429 backoff lasts. See src/features/links/link-health.server.ts.
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { runLinkChecks } from '#src/features/links/link-health.server.ts';

export default async () => {
  const result = await runLinkChecks(await getDb());
  if (result.checked || result.pausedUntil) console.log('[check-links]', result);
  return Response.json(result);
};

export const config: Config = { schedule: '* * * * *' };
