// The back-office sign-in is the site's POST /api/login with ?admin=1 (same limits, same cookie): it
// admits admins only; GET /api/admin/session says which admin is logged in; POST /api/logout ends it.
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { ensureAdmin } from '../../db/seed.ts';
import * as sessionFn from '../../functions/admin-session.ts';
import * as authFn from '../../functions/auth.ts';
import { hashPassword } from '../../src/features/auth/password.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction, sessionCookieOf } from '../support/functions.ts';

const { db } = await setupTestDb();

beforeAll(async () => {
  await ensureAdmin(db, { email: 'Chefe@Teste.local', password: 'senha-do-chefe' });
  await db
    .insert(users)
    .values({ email: 'pessoa@teste.local', password: await hashPassword('senha-da-pessoa'), name: 'Pessoa' });
});

const login = (body: unknown, ip = '198.51.100.1', headers: Record<string, string> = {}) =>
  callFunction(authFn, '/api/login?admin=1', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ip,
  });

describe('POST /api/login?admin=1', () => {
  it('logs an admin in with a session cookie that opens GET /api/admin/session', async () => {
    const res = await login({ email: 'chefe@teste.local', password: 'senha-do-chefe' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { email: string; admin: boolean } };
    expect(body.user).toMatchObject({ email: 'chefe@teste.local', admin: true });
    expect(body.user).not.toHaveProperty('password');
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('session=') && c.includes('HttpOnly'))).toBe(true);
    const session = await callFunction(sessionFn, '/api/admin/session', {
      headers: { cookie: `session=${sessionCookieOf(res)}` },
    });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ user: { email: 'chefe@teste.local', admin: true } });
  });

  it('answers 403 on /api/admin/session to a site session of a non-admin', async () => {
    const site = await callFunction(authFn, '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'pessoa@teste.local', password: 'senha-da-pessoa' }),
      ip: '198.51.100.5',
    });
    expect(site.status).toBe(200);
    const token = sessionCookieOf(site);
    const session = await callFunction(sessionFn, '/api/admin/session', {
      headers: { cookie: `session=${token}` },
    });
    expect(session.status).toBe(403);
  });

  it('refuses a non-admin with the spec message and sets no cookie', async () => {
    const res = await login({ email: 'pessoa@teste.local', password: 'senha-da-pessoa' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      message: 'Acesso negado - Esta conta não possui privilégios de administrador',
    });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers a non-admin with a wrong password 401 like anyone else, without a cookie', async () => {
    const wrong = await login({ email: 'pessoa@teste.local', password: 'errada' }, '198.51.100.4');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('answers a wrong password and an unknown e-mail the same way; empty fields are a 400', async () => {
    const wrong = await login({ email: 'chefe@teste.local', password: 'errada' }, '198.51.100.2');
    const unknown = await login({ email: 'ninguem@teste.local', password: 'errada' }, '198.51.100.2');
    const bodies = [];
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      bodies.push(await res.json());
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0]).toMatchObject({ code: 'UNAUTHORIZED' });
    const empty = await login({ email: '', password: '' }, '198.51.100.2');
    expect(empty.status).toBe(400);
  });

  it('shares the site login limits: the attacking address gets 429, the admin at their own address gets in', {
    timeout: 120_000,
  }, async () => {
    const attempts: number[] = [];
    for (let i = 0; i < 6; i++)
      attempts.push(
        (await login({ email: 'chefe@teste.local', password: `errada-${i}` }, '198.51.100.9')).status,
      );
    expect(attempts).toEqual([401, 401, 401, 401, 401, 429]);
    const last = await login({ email: 'chefe@teste.local', password: 'senha-do-chefe' }, '198.51.100.9');
    expect(last.status).toBe(429);
    expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
    // The same counter answers the site's own form from that address: the admin login is not a second door.
    const site = await callFunction(authFn, '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'chefe@teste.local', password: 'senha-do-chefe' }),
      ip: '198.51.100.9',
    });
    expect(site.status).toBe(429);
    // While a stranger hammers the account, the admin logs in from their own address.
    const own = await login({ email: 'chefe@teste.local', password: 'senha-do-chefe' }, '198.51.100.10');
    expect(own.status).toBe(200);
  });

  it('refuses a login posted from a foreign origin', async () => {
    const res = await login({ email: 'chefe@teste.local', password: 'senha-do-chefe' }, '198.51.100.3', {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/admin/session and POST /api/logout', () => {
  it('answers 401 without a session and clears the cookies on logout', async () => {
    expect((await callFunction(sessionFn, '/api/admin/session')).status).toBe(401);
    const out = await callFunction(authFn, '/api/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith('session=;') && c.includes('Max-Age=0'))).toBe(
      true,
    );
  });
});

describe('admin logout ends the admin session on the server', () => {
  it('a copy of the admin token no longer opens /api/admin/session after logout or logout-all', {
    timeout: 120_000,
  }, async () => {
    const signIn = async () => {
      const res = await login({ email: 'chefe@teste.local', password: 'senha-do-chefe' }, '198.51.100.20');
      expect(res.status).toBe(200);
      return sessionCookieOf(res);
    };
    const session = (token: string) =>
      callFunction(sessionFn, '/api/admin/session', { headers: { cookie: `session=${token}` } });
    const token = await signIn();
    expect((await session(token)).status).toBe(200);
    await callFunction(authFn, '/api/logout', { method: 'POST', headers: { cookie: `session=${token}` } });
    expect((await session(token)).status).toBe(401);
    const a = await signIn();
    const b = await signIn();
    const all = await callFunction(authFn, '/api/auth/logout-all', {
      method: 'POST',
      headers: { cookie: `session=${a}` },
    });
    expect(all.status).toBe(200);
    expect((await session(a)).status).toBe(401);
    expect((await session(b)).status).toBe(401);
  });
});
