// Every minute: send the build hook for rebuild requests left pending (made inside the debounce
// window, or when the hook failed), so the last change of a burst is always published.
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { dispatchRebuilds } from '#src/features/rebuilds/rebuilds.server.ts';
import { json } from '#src/lib/http.server.ts';

export default async () => {
  const dispatched = await dispatchRebuilds(await getDb()).catch((error: unknown) => {
    console.error('[dispatch-rebuilds] build hook failed; the requests stay for the next run:', error);
    return 0;
  });
  return json({ dispatched });
};

export const config: Config = { schedule: '* * * * *' };
