// Every minute: send the build hook for rebuild requests left pending (made inside the debounce
// window, or when the hook failed), so the last change of a burst is always published; rewrite the
// whole takedown list (repairing a write that failed) and retry the CDN purges that failed
// (decision 0015). Both run whether or not a build hook is set.
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { retryPendingPurges } from '#src/features/rebuilds/page-cache.ts';
import { dispatchRebuilds, updateTakedowns } from '#src/features/rebuilds/rebuilds.server.ts';
import { json } from '#src/lib/http.server.ts';

export default async () => {
  const db = await getDb();
  await updateTakedowns(db);
  const purgesLeft = await retryPendingPurges();
  const dispatched = await dispatchRebuilds(db).catch((error: unknown) => {
    console.error('[dispatch-rebuilds] build hook failed; the requests stay for the next run:', error);
    return 0;
  });
  return json({ dispatched, purgesLeft });
};

export const config: Config = { schedule: '* * * * *' };
