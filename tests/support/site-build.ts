// Rebuilds during the site tests. The app's build hook goes to a recorder (tests/support/global-site.ts)
// that counts the calls and builds nothing; a test that asserts on a rebuilt page asks the platform for
// the rebuild with rebuildSite(), which waits until it is published, so no build outlives its test.
import { sql } from 'drizzle-orm';
import { expect, inject } from 'vitest';
import { rebuildRequests } from '../../db/schema.ts';
import { withSiteDb } from './site-db.ts';

interface PlatformStatus {
  /** calls of the app's build hook (BUILD_HOOK_URL) so far */
  hookCalls: number;
  buildsStarted: number;
  buildsFinished: number;
  buildsFailed: number;
}

export async function platformStatus(): Promise<PlatformStatus> {
  return (await fetch(inject('platformStatusUrl'))).json() as Promise<PlatformStatus>;
}

/** The id of the newest rebuild request (0: none): a change that asks for a rebuild makes a newer one. */
export async function lastRebuildRequest(): Promise<number> {
  const [row] = await withSiteDb((db) =>
    db.select({ id: sql<number>`coalesce(max(${rebuildRequests.id}), 0)::int` }).from(rebuildRequests),
  );
  return row!.id;
}

/** Wait until a build started after `before` was read, and every build started since, is finished. */
export async function waitForBuilds(before: PlatformStatus) {
  await expect
    .poll(
      async () => {
        const now = await platformStatus();
        return now.buildsStarted > before.buildsStarted && now.buildsFinished === now.buildsStarted;
      },
      { timeout: 120_000, interval: 250 },
    )
    .toBe(true);
  expect((await platformStatus()).buildsFailed, 'a rebuild failed: see the platform output').toBe(
    before.buildsFailed,
  );
}

/** POST the local platform's build hook and wait until the rebuild is published. */
export async function rebuildSite() {
  const before = await platformStatus();
  const hook = await fetch(`${inject('siteUrl')}/__platform/build-hook`, { method: 'POST' });
  expect(hook.status).toBe(202);
  await waitForBuilds(before);
}
