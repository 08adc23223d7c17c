// Test projects: unit (pure code, beside it), integration (functions against a real database),
// site (seed + build + HTML assertions + Chromium journeys against the local platform).
// With TEST_DATABASE_URL, integration runs against that server and once more through the Neon driver.
import { defineConfig } from 'vitest/config';
import SiteOrderSequencer from './tests/support/site-order.ts';

const server = Boolean(process.env.TEST_DATABASE_URL);

// The Neon driver's second run skips files that exercise no driver behaviour of their own and spend
// their time elsewhere: password hashing (scrypt) and the bench script, which opens its own database.
const DRIVER_NEUTRAL = ['auth', 'admin-session', 'email-links', 'bench-smoke'].map(
  (file) => `tests/integration/${file}.test.ts`,
);

const integration = (name: string, driver: string, exclude: string[] = []) => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    exclude,
    globalSetup: ['tests/support/global-db.ts'],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    env: { TZ: 'UTC', ASTRO_TELEMETRY_DISABLED: '1' },
    sequence: { sequencer: SiteOrderSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'db/**/*.test.ts', 'plugins/**/*.test.ts'],
        },
      },
      integration('integration', server ? 'pg' : 'pglite'),
      ...(server ? [integration('integration-neon', 'neon', DRIVER_NEUTRAL)] : []),
      {
        extends: true,
        test: {
          name: 'site',
          include: ['tests/site/**/*.test.ts'],
          globalSetup: ['tests/support/global-site.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
