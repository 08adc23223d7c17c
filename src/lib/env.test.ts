import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../db/client.ts';
import { prerenderCount } from '../features/groups/group-pages.server.ts';
import { isLocalProcess, readSettings } from './env.server.ts';

describe('the settings, from one schema', () => {
  it('reads PRERENDER_GROUPS with separators, defaults it when unset or empty, and refuses a non-number', () => {
    expect(prerenderCount({ PRERENDER_GROUPS: '1_000_000' })).toBe(1_000_000);
    expect(prerenderCount({ PRERENDER_GROUPS: ' 5 ' })).toBe(5);
    expect(prerenderCount({ PRERENDER_GROUPS: '' })).toBe(50_000);
    expect(prerenderCount({})).toBe(50_000);
    expect(() => prerenderCount({ PRERENDER_GROUPS: 'muitos' })).toThrow(
      /PRERENDER_GROUPS must be a whole number/,
    );
    expect(() => prerenderCount({ PRERENDER_GROUPS: '-1' })).toThrow(
      /PRERENDER_GROUPS must be a whole number/,
    );
  });

  it('gives the database client its driver, pool and folder, and refuses an unknown driver', () => {
    expect(
      configFromEnv({ DATABASE_URL: 'postgres://x/y', DATABASE_DRIVER: 'pg', DATABASE_POOL_MAX: '3' }),
    ).toEqual({
      url: 'postgres://x/y',
      driver: 'pg',
      dataDir: '.data/pglite',
      max: 3,
    });
    expect(configFromEnv({ DATABASE_URL: '', DATABASE_DRIVER: '' }).driver).toBeUndefined();
    expect(() => configFromEnv({ DATABASE_DRIVER: 'mysql' })).toThrow(/DATABASE_DRIVER/);
  });

  it('has one rule for a local process', () => {
    expect(isLocalProcess({ LOCAL_PLATFORM: '1' })).toBe(true);
    expect(isLocalProcess({ CONTEXT: 'dev' })).toBe(true);
    expect(isLocalProcess({ CONTEXT: 'production' })).toBe(false);
    expect(readSettings({ CONTEXT: 'production' }).isLocal).toBe(false);
  });
});
