// Test projects: unit (pure code, beside it), integration (functions against a real database),
// site (seed + build + HTML assertions + Chromium journeys against the local platform).
// With TEST_DATABASE_URL, integration runs against that server and once more through the Neon driver.
import { defineConfig } from 'vitest/config';
import SiteOrderSequencer from './tests/support/site-order.ts';

const server = Boolean(process.env.TEST_DATABASE_URL);

// The Neon driver's second run (integration-neon). @neondatabase/serverless speaks the same Postgres
// protocol as pg, over a WebSocket, with its own Pool: what can differ is an interactive transaction held
// over that socket (rollback, row locks, skip locked, advisory locks), the pool under concurrent calls,
// what comes back (type parsers; the shape of a raw `execute` result that rowsOf reads) and the error a
// constraint raises (db-errors.ts). db-driver.test.ts asserts each of these directly on every driver; the
// pass adds the features that lean hardest on them end to end: concurrent rate limits and the rebuild
// dispatcher (core), idempotent activation (payments-webhooks, idempotency), the link-check queue's
// skip-locked claims (link-health), the search's raw reads and its planner settings inside a transaction
// (search), the engagement rollups' raw SQL (engagement), the takedown list's advisory lock (takedowns),
// claims under row locks (group-claims) and a connection lost mid-transaction (faults). Every other file
// goes through the same drizzle calls; running it again only repeats the pg run (it cost ~4 of the
// integration project's ~9 minutes of test time).
const DRIVER_SENSITIVE = [
  'db-driver',
  'core',
  'payments-webhooks',
  'idempotency',
  'link-health',
  'search',
  'engagement',
  'takedowns',
  'group-claims',
  'faults',
].map((file) => `tests/integration/${file}.test.ts`);

const integration = (name: string, driver: string, include = ['tests/integration/**/*.test.ts']) => ({
  extends: true as const,
  test: {
    name,
    include,
    globalSetup: ['tests/support/global-db.ts'],
    // A worker runs file after file without importing the functions and their dependencies again (a
    // second or two of every file); tests/support/file-env.ts puts back what a file changed in the process.
    isolate: false,
    setupFiles: ['tests/support/file-env.ts', 'tests/support/console-errors.ts'],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Passwords hash at scrypt N=2^14 in tests instead of 2^17 (src/features/auth/password.server.ts):
    // the suites register and log in hundreds of times.
    env: { TZ: 'UTC', ASTRO_TELEMETRY_DISABLED: '1', PASSWORD_HASH_LOG_N: '14' },
    sequence: { sequencer: SiteOrderSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'db/**/*.test.ts',
            'plugins/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
          setupFiles: ['tests/support/console-errors.ts'],
        },
      },
      integration('integration', server ? 'pg' : 'pglite'),
      ...(server ? [integration('integration-neon', 'neon', DRIVER_SENSITIVE)] : []),
      {
        extends: true,
        test: {
          name: 'site',
          include: ['tests/site/**/*.test.ts'],
          globalSetup: ['tests/support/global-site.ts'],
          fileParallelism: false,
          // One worker runs every site file in turn (no new worker, Chromium driver and app modules per
          // file): they share the platform anyway, and none changes process-wide state. groupOrder 1: a
          // run of every project runs them after the others (.ci/run runs them alongside, see there).
          isolate: false,
          sequence: { groupOrder: 1 },
          // Generous: on a loaded 2-core machine a rebuild or a cold function can take a minute, and a
          // slow pass must not fail a test that waits for one (the time goal lives in docs/development.md).
          testTimeout: 180_000,
          hookTimeout: 240_000,
          // expect.poll's own 1 s is a few renders on a loaded machine (a test that waits longer says so).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
