// Integration files share their worker (isolate: false in vitest.config.ts), so each file leaves the process
// as it found it: the environment variables it set or removed, the cached settings read from them, the
// clock, and the spies.
import { afterAll, vi } from 'vitest';
import { resetEnvForTests } from '../../src/lib/env.server.ts';

const saved = { ...process.env };
resetEnvForTests();

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  resetEnvForTests();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
