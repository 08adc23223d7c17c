// Shared server pieces every feature builds on: sessions, rate limits, rebuild requests.
import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitBuckets, rebuildRequests, users } from '../../db/schema.ts';
import dispatchRebuildsFn from '../../functions/dispatch-rebuilds.ts';
import * as pruneRateLimitsFn from '../../functions/prune-rate-limits.ts';
import { hashCostN, hashPassword, verifyPassword } from '../../src/features/auth/password.server.ts';
import {
  assertSameOrigin,
  getSessionUser,
  requireAdmin,
  signSession,
  verifySession,
} from '../../src/features/auth/session.server.ts';
import { dispatchRebuilds, requestRebuild } from '../../src/features/rebuilds/rebuilds.server.ts';
import { getEnv, resetEnvForTests } from '../../src/lib/env.server.ts';
import { AppError } from '../../src/lib/http.server.ts';
import { consumeRateLimit, pruneRateLimits } from '../../src/lib/rate-limit.server.ts';
import { setupTestDb } from '../support/db.ts';
import { makeContext } from '../support/functions.ts';

const { db } = await setupTestDb();

function requestWith(init: { cookie?: string; bearer?: string; method?: string; origin?: string }) {
  const headers = new Headers();
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.bearer) headers.set('authorization', `Bearer ${init.bearer}`);
  if (init.origin) headers.set('origin', init.origin);
  const req = new Request('http://localhost:8888/api/x', { method: init.method ?? 'GET', headers });
  return { req, context: makeContext(req, {}, '203.0.113.9').context };
}

async function caught(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('passwords', () => {
  it('hashes with scrypt and verifies only the right password', async () => {
    // The tests hash at a lower cost (PASSWORD_HASH_LOG_N, vitest.config.ts); a deployed site at 2^17.
    const hash = await hashPassword('segredo123');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    // Only a local process (tests, `npm start`) may lower it.
    expect(hashCostN({ isLocal: false, PASSWORD_HASH_LOG_N: 10 })).toBe(2 ** 17);
    expect(hashCostN({ isLocal: true, PASSWORD_HASH_LOG_N: undefined })).toBe(2 ** 17);
    expect(hashCostN({ isLocal: true, PASSWORD_HASH_LOG_N: 12 })).toBe(2 ** 12);
    expect(hash).not.toContain('segredo123');
    expect(await verifyPassword('segredo123', hash)).toBe(true);
    expect(await verifyPassword('segredo124', hash)).toBe(false);
    expect(await verifyPassword('segredo123', 'garbage')).toBe(false);
  });
});

describe('sessions', () => {
  let userId: string;
  let adminId: string;
  beforeAll(async () => {
    const [user] = await db
      .insert(users)
      .values({ email: 'Maria@Example.com', password: 'x', name: 'Maria' })
      .returning({ id: users.id });
    const [admin] = await db
      .insert(users)
      .values({ email: 'adm@example.com', password: 'x', name: 'Adm', admin: true })
      .returning({ id: users.id });
    userId = user!.id;
    adminId = admin!.id;
  });

  it('round-trips a token and rejects forged or expired ones', async () => {
    const token = await signSession(userId);
    expect((await verifySession(token))?.userId).toBe(userId);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(adminId)
      .setIssuer('grupos-de-zap')
      .setAudience('grupos-de-zap:web')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect(await verifySession(forged)).toBeNull();
    const expired = await signSession(userId, new Date(Date.now() - 30 * 86_400_000));
    expect(await verifySession(expired)).toBeNull();
    expect(await verifySession('not.a.jwt')).toBeNull();
  });

  it('reads the user from the session cookie only, never from an Authorization header', async () => {
    const token = await signSession(userId);
    const viaCookie = requestWith({ cookie: `session=${token}` });
    expect((await getSessionUser(db, viaCookie.req, viaCookie.context))?.name).toBe('Maria');
    const viaBearer = requestWith({ bearer: token });
    expect(await getSessionUser(db, viaBearer.req, viaBearer.context)).toBeNull();
    const none = requestWith({});
    expect(await getSessionUser(db, none.req, none.context)).toBeNull();
  });

  it('answers 401 without a session and 403 for a non-admin', async () => {
    const none = requestWith({});
    expect((await caught(requireAdmin(db, none.req, none.context))).status).toBe(401);
    const user = requestWith({ cookie: `session=${await signSession(userId)}` });
    const forbidden = await caught(requireAdmin(db, user.req, user.context));
    expect(forbidden.status).toBe(403);
    expect(forbidden.message).toBe('Acesso negado - Esta conta não possui privilégios de administrador');
    const admin = requestWith({ cookie: `session=${await signSession(adminId)}` });
    expect((await requireAdmin(db, admin.req, admin.context)).admin).toBe(true);
  });

  it('takes a removed admin flag into account at once', async () => {
    const token = await signSession(adminId);
    await db.update(users).set({ admin: false }).where(eq(users.id, adminId));
    const admin = requestWith({ cookie: `session=${token}` });
    expect((await caught(requireAdmin(db, admin.req, admin.context))).status).toBe(403);
    await db.update(users).set({ admin: true }).where(eq(users.id, adminId));
  });

  it('refuses cookie-authenticated mutations from a foreign origin', async () => {
    const token = await signSession(userId);
    const foreign = requestWith({
      cookie: `session=${token}`,
      method: 'POST',
      origin: 'https://evil.example',
    });
    expect((await caught(getSessionUser(db, foreign.req, foreign.context))).status).toBe(403);
    const same = requestWith({ cookie: `session=${token}`, method: 'POST', origin: 'http://localhost:8888' });
    expect((await getSessionUser(db, same.req, same.context))?.id).toBe(userId);
    // An Authorization header is no way around it: no session travels outside the cookie.
    const bearer = requestWith({ bearer: token, method: 'POST', origin: 'https://evil.example' });
    expect(await getSessionUser(db, bearer.req, bearer.context)).toBeNull();
  });

  it('locally accepts both loopback spellings of the same port (npm start binds 127.0.0.1), and only locally', async () => {
    const post = (url: string, origin: string) => new Request(url, { method: 'POST', headers: { origin } });
    // SITE_URL is http://localhost:8888 here, as under npm start.
    for (const origin of ['http://127.0.0.1:8888', 'http://localhost:8888', 'http://[::1]:8888'])
      expect(() => assertSameOrigin(post('http://localhost:8888/api/groups', origin))).not.toThrow();
    for (const origin of ['http://127.0.0.1:9999', 'https://127.0.0.1:8888', 'http://127.0.0.2:8888'])
      expect(() => assertSameOrigin(post('http://localhost:8888/api/groups', origin))).toThrow();
    const saved = { ...process.env };
    try {
      delete process.env.VITEST;
      delete process.env.LOCAL_PLATFORM;
      delete process.env.CONTEXT;
      Object.assign(process.env, {
        SITE_URL: 'https://gruposdezap.com.br',
        JWT_SECRET: 'x'.repeat(40),
        VISITOR_SALT: 'y'.repeat(40),
        ACCESS_LOG_KEY: 'z'.repeat(40),
        SETTINGS_ENCRYPTION_KEY: 'w'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        MAIL_FROM: 'Grupos de Zap <nao-responda@gruposdezap.com.br>',
      });
      resetEnvForTests();
      expect(getEnv().isLocal).toBe(false);
      expect(() =>
        assertSameOrigin(post('https://gruposdezap.com.br/api/groups', 'https://gruposdezap.com.br')),
      ).not.toThrow();
      expect(() =>
        assertSameOrigin(post('http://localhost:8888/api/groups', 'http://127.0.0.1:8888')),
      ).toThrow();
      expect(() =>
        assertSameOrigin(post('https://gruposdezap.com.br/api/groups', 'http://localhost:8888')),
      ).toThrow();
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
      resetEnvForTests();
    }
  });
});

describe('rate limits', () => {
  it('allows `limit` hits per window, then 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit(db, 'test:a', 3, 60);
    const error = await caught(consumeRateLimit(db, 'test:a', 3, 60));
    expect(error.status).toBe(429);
    expect(error.message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    expect(Number(new Headers(error.headers).get('retry-after'))).toBeGreaterThan(0);
    await consumeRateLimit(db, 'test:b', 3, 60); // other keys are independent
  });

  it('counts concurrent hits exactly', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => consumeRateLimit(db, 'test:c', 4, 60)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
  });

  it('starts a new window once the old one has passed', async () => {
    await consumeRateLimit(db, 'test:d', 1, 1);
    await expect(consumeRateLimit(db, 'test:d', 1, 1)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await consumeRateLimit(db, 'test:d', 1, 1);
  });

  it('the hourly prune deletes the expired buckets only, and a pruned key starts a new window', async () => {
    await db.insert(rateLimitBuckets).values([
      { key: 'test:expired-1', count: 9, resetAt: new Date(Date.now() - 60_000) },
      { key: 'test:expired-2', count: 1, resetAt: new Date(Date.now() - 1000) },
      { key: 'test:live', count: 2, resetAt: new Date(Date.now() + 60_000) },
    ]);
    expect(pruneRateLimitsFn.config.schedule).toBe('17 * * * *');
    const res = await pruneRateLimitsFn.default();
    expect(((await res.json()) as { deleted: number }).deleted).toBeGreaterThanOrEqual(2);
    const keys = (await db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets)).map((b) => b.key);
    expect(keys).toContain('test:live');
    expect(keys).not.toContain('test:expired-1');
    expect(keys).not.toContain('test:expired-2');
    // A live bucket still counts; a pruned one starts again from one hit.
    await expect(consumeRateLimit(db, 'test:live', 2, 60)).rejects.toThrow();
    await consumeRateLimit(db, 'test:expired-1', 1, 60);
  });

  it('prunes a backlog in batches, all of it when allowed enough of them', async () => {
    // Earlier tests' buckets go first (some have a 1-second window and could expire mid-test), so the
    // counts below are the backlog's.
    await db.delete(rateLimitBuckets);
    await db.execute(sql`
      insert into rate_limit_buckets (key, count, reset_at)
      select 'test:backlog-' || n, 1, now() - interval '1 hour' from generate_series(1, 25000) n`);
    expect(await pruneRateLimits(db, { maxBatches: 2 })).toBe(20_000);
    expect(await pruneRateLimits(db)).toBe(5000);
  });
});

describe('rebuild requests', () => {
  let hits = 0;
  let status = 200;
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.writeHead(status).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    process.env.BUILD_HOOK_URL = `http://127.0.0.1:${address.port}/hook`;
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.BUILD_HOOK_URL;
    resetEnvForTests();
    await new Promise((resolve) => server.close(resolve));
  });

  it('calls the hook once for a burst and keeps failed requests for a retry', async () => {
    await requestRebuild(db, 'grupo aprovado');
    await requestRebuild(db, 'grupo editado');
    await requestRebuild(db, 'grupo destacado');
    expect(hits).toBe(1); // the next two fall inside the debounce window
    const pending = await db.select().from(rebuildRequests).where(eq(rebuildRequests.status, 'pending'));
    expect(pending).toHaveLength(2);

    // After the window the dispatcher sends the rest in one call; a failing hook keeps them.
    status = 500;
    const later = new Date(Date.now() + 120_000);
    await expect(dispatchRebuilds(db, later)).rejects.toThrow(/500/);
    expect(hits).toBe(2);
    const failed = await db.select().from(rebuildRequests).where(eq(rebuildRequests.status, 'failed'));
    expect(failed).toHaveLength(2);

    status = 200;
    expect(await dispatchRebuilds(db, later)).toBe(2);
    expect(hits).toBe(3);
  });

  it('the scheduled dispatcher publishes the last change of a burst once its window has passed', async () => {
    await db.delete(rebuildRequests);
    process.env.REBUILD_DEBOUNCE_SECONDS = '1';
    resetEnvForTests();
    try {
      const before = hits;
      await requestRebuild(db, 'grupo aprovado');
      await requestRebuild(db, 'grupo editado'); // inside the window: left pending
      expect(hits).toBe(before + 1);
      const run = async () =>
        ((await (await dispatchRebuildsFn()).json()) as { dispatched: number }).dispatched;
      expect(await run()).toBe(0); // still inside the window
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await run()).toBe(1);
      expect(hits).toBe(before + 2);
      const pending = await db.select().from(rebuildRequests).where(eq(rebuildRequests.status, 'pending'));
      expect(pending).toHaveLength(0);
    } finally {
      delete process.env.REBUILD_DEBOUNCE_SECONDS;
      resetEnvForTests();
    }
  });
});
