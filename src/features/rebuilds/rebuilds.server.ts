// The one way to say "public pages changed": record a rebuild request, call the build hook, and purge
// the CDN's copies of the group pages rendered on demand that the change makes stale (decision 0008).
// A burst of changes makes one build: the hook is called at most once per debounce window; the
// scheduled dispatcher (functions/dispatch-rebuilds.ts) sends what is left pending (hook down, or
// inside the window).
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '#db/client.ts';
import { rebuildRequests } from '#db/schema.ts';
import { purgeGroupPages, type StalePages } from '#src/features/rebuilds/page-cache.ts';
import { syncTakedowns } from '#src/features/takedowns/takedowns.server.ts';
import { getEnv } from '#src/lib/env.server.ts';

const HOOK_TIMEOUT_MS = 5000;

/**
 * Ask for a rebuild of the static site and purge the group pages the change makes stale (`groups`:
 * their ids, `[]` for none, left out for all); never throws (the request is kept and retried).
 */
export async function requestRebuild(
  db: Db,
  reason: string,
  stale: { groups?: StalePages } = {},
): Promise<void> {
  await db.insert(rebuildRequests).values({ reason });
  // First the edge's takedown list (decision 0015): a held group is off every surface within seconds,
  // with or without a build hook; then the CDN's copies of what changed.
  const pictures = await updateTakedowns(db, stale.groups);
  await purgeGroupPages(stale.groups, pictures);
  await dispatchRebuilds(db).catch((error) => console.error('[rebuild] dispatch failed:', error));
}

/**
 * Write the takedown list for the groups a change names (all of them when left out); answers their
 * pictures' keys. Never throws: the scheduled dispatcher rewrites the whole list every minute.
 */
export async function updateTakedowns(db: Db, groups?: StalePages): Promise<string[]> {
  try {
    return (await syncTakedowns(db, groups)).pictures;
  } catch (error) {
    // Tests without a Blobs server have no list to keep; anywhere else it is worth a line in the log.
    if (!(error instanceof Error && error.name === 'MissingBlobsEnvironmentError' && getEnv().isLocal))
      console.error('[takedowns] the list was not written; the next full sync repairs it:', error);
    return [];
  }
}

/**
 * Call the build hook for pending requests unless one was sent within the debounce window.
 * Returns how many requests the call covered (0 when nothing was sent).
 */
export async function dispatchRebuilds(db: Db, now: Date = new Date()): Promise<number> {
  const { BUILD_HOOK_URL: hook, REBUILD_DEBOUNCE_SECONDS: debounceSeconds } = getEnv();
  if (!hook) return 0;
  const windowStart = new Date(now.getTime() - debounceSeconds * 1000);
  const claimed = await db.transaction(async (tx) => {
    // One dispatcher at a time; others see the lock and leave the work to it.
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(4242001) as locked`),
    );
    if (!lock?.locked) return [];
    const [recent] = await tx
      .select({ id: rebuildRequests.id })
      .from(rebuildRequests)
      .where(and(eq(rebuildRequests.status, 'running'), gt(rebuildRequests.startedAt, windowStart)))
      .limit(1);
    if (recent) return [];
    return tx
      .update(rebuildRequests)
      .set({ status: 'running', startedAt: now, attempts: sql`${rebuildRequests.attempts} + 1` })
      .where(inArray(rebuildRequests.status, ['pending', 'failed']))
      .returning({ id: rebuildRequests.id });
  });
  if (!claimed.length) return 0;
  const ids = claimed.map((r) => r.id);
  try {
    const response = await fetch(hook, {
      method: 'POST',
      body: '{}',
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`build hook answered ${response.status}`);
    return ids.length;
  } catch (error) {
    await db
      .update(rebuildRequests)
      .set({ status: 'failed', error: String(error), startedAt: null })
      .where(inArray(rebuildRequests.id, ids));
    throw error;
  }
}
