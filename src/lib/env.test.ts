import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../db/client.ts';
import { prerenderCount } from '../features/groups/group-pages.server.ts';
import { getEnv, isLocalProcess, REQUIRED_SECRETS, readSettings, resetEnvForTests } from './env.server.ts';

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

  it('refuses local mode on a Netlify deploy that serves visitors, whatever leaked into its variables', () => {
    for (const CONTEXT of ['production', 'deploy-preview']) {
      expect(isLocalProcess({ CONTEXT, LOCAL_PLATFORM: '1' })).toBe(false);
      expect(isLocalProcess({ CONTEXT, VITEST: 'true' })).toBe(false);
    }
    expect(isLocalProcess({ CONTEXT: 'branch-deploy', LOCAL_PLATFORM: '1' })).toBe(true);
  });

  it('checks every required secret when a deployed site starts, the settings key included', () => {
    const real = 'x'.repeat(32);
    const deployed = {
      CONTEXT: 'production',
      JWT_SECRET: real,
      VISITOR_SALT: real,
      ACCESS_LOG_KEY: real,
      SETTINGS_ENCRYPTION_KEY: real,
      SMTP_URL: 'smtp://mail.example.com',
      MAIL_FROM: 'a@example.com',
    };
    const start = (env: Record<string, string>) => {
      const saved = process.env;
      process.env = env;
      resetEnvForTests();
      try {
        return getEnv();
      } finally {
        process.env = saved;
        resetEnvForTests();
      }
    };
    expect(start(deployed).isLocal).toBe(false);
    for (const name of REQUIRED_SECRETS) {
      expect(() => start({ ...deployed, [name]: 'short' })).toThrow(`${name} must be set`);
    }
  });
});
