import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimitBuckets, revokedSessions, users } from '../../db/schema.ts';
import * as authFn from '../../functions/auth.ts';
import * as pruneFn from '../../functions/prune-rate-limits.ts';
import * as userFn from '../../functions/user.ts';
import { LOGIN_SLOWDOWN_AFTER, loginUser } from '../../src/features/auth/accounts.server.ts';
import { ADULT_SIGNUP_MESSAGE, MINIMUM_AGE } from '../../src/features/auth/auth.schema.ts';
import { endAllSessions } from '../../src/features/auth/session.server.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction, sessionCookieOf } from '../support/functions.ts';

// Registering sends the confirmation e-mail after the answer; this file starts no mail catcher.
expectConsoleError(/SMTP_URL não configurado/);

const { db } = await setupTestDb();

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

function post(path: string, body: unknown, init: { ip?: string; headers?: Record<string, string> } = {}) {
  return callFunction(authFn, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: JSON.stringify(body),
    ip: init.ip ?? nextIp(),
  });
}

const valid = {
  name: 'Maria Silva',
  email: 'maria@example.com',
  password: 'segredo1',
  confirmPassword: 'segredo1',
  adult: true,
  phone: '11987654321',
};

function sessionCookie(res: Response): string {
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('session='))
    ?.split(';')[0];
  expect(cookie).toBeTruthy();
  return cookie!;
}

beforeEach(async () => {
  await db.delete(rateLimitBuckets);
});

describe('POST /api/register', () => {
  it('rejects each invalid field with the spec message', async () => {
    const res = await post('/api/register', {
      name: 'Al',
      email: 'not-an-email',
      password: '123',
      confirmPassword: '456',
      phone: '1234',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string> };
    expect(body.fields).toMatchObject({
      name: 'O nome deve ter pelo menos 3 caracteres',
      email: 'E-mail inválido',
      password: 'A senha deve ter pelo menos 6 caracteres',
      phone: 'Telefone deve ter pelo menos 10 dígitos',
    });
    const mismatch = await post('/api/register', { ...valid, confirmPassword: 'outra123' });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { fields: Record<string, string> }).fields.confirmPassword).toBe(
      'As senhas não coincidem',
    );
  });

  it(`refuses a sign-up without the declaration of being ${MINIMUM_AGE} or older (pt-BR 400, nothing stored)`, async () => {
    const { adult: _declared, ...undeclared } = valid;
    for (const body of [undeclared, { ...valid, adult: false }]) {
      const res = await post('/api/register', { ...body, email: 'menor@example.com' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields.adult).toBe(
        ADULT_SIGNUP_MESSAGE,
      );
    }
    expect(await db.select().from(users).where(eq(users.email, 'menor@example.com'))).toHaveLength(0);
    const ok = await post('/api/register', { ...valid, email: 'maior@example.com' });
    expect(ok.status).toBe(201);
    const [row] = await db.select().from(users).where(eq(users.email, 'maior@example.com'));
    expect(row!.adultDeclaredAt).toBeInstanceOf(Date);
    // The next tests count the accounts: only Maria's.
    await db.delete(users).where(eq(users.id, row!.id));
  });

  it('creates a non-admin user even when admin/role are sent, and puts the session in an HttpOnly cookie only', async () => {
    const res = await post('/api/register', { ...valid, admin: true, isAdmin: true, role: 'admin' });
    expect(res.status).toBe(201);
    const text = await res.text();
    const body = JSON.parse(text) as { user: { admin: boolean; email: string } };
    expect(body.user.admin).toBe(false);
    expect(Object.keys(body)).toEqual(['user']);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('session='))).toContain('HttpOnly');
    // The token a script could steal is nowhere in the body.
    expect(text).not.toContain(sessionCookieOf(res));
    const [row] = await db.select().from(users).where(eq(users.email, valid.email));
    expect(row!.admin).toBe(false);
    expect(row!.password).toMatch(/^scrypt\$/);
    expect(row!.password).not.toContain(valid.password);
  });

  it('refuses the same e-mail in another case with a friendly message', async () => {
    const res = await post('/api/register', { ...valid, email: 'MARIA@Example.com' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Este e-mail já está cadastrado. Faça login ou use outro e-mail.',
    );
    const count = await db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(count[0]!.n).toBe(1);
  });

  it('refuses a register from a foreign Origin', async () => {
    const res = await post(
      '/api/register',
      { ...valid, email: 'outro@example.com' },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(403);
    expect(await db.select().from(users).where(eq(users.email, 'outro@example.com'))).toHaveLength(0);
  });
});

describe('POST /api/login, GET /api/user, POST /api/logout', () => {
  it('validates the login form with the spec messages', async () => {
    const res = await post('/api/login', { email: 'x', password: '' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      email: 'E-mail inválido',
      password: 'Senha é obrigatória',
    });
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await post('/api/login', { email: 'ninguem@example.com', password: 'segredo1' });
    const wrong = await post('/api/login', { email: valid.email, password: 'errada' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it('logs in (any e-mail case), then /api/user answers from the cookie only, and logout clears it', async () => {
    expect((await callFunction(authFn, '/api/user')).status).toBe(401);
    const res = await post('/api/login', { email: 'Maria@EXAMPLE.com', password: valid.password });
    expect(res.status).toBe(200);
    const text = await res.text();
    const token = sessionCookieOf(res);
    expect(text).not.toContain(token);
    const body = JSON.parse(text) as { user: { email: string } };
    expect(Object.keys(body)).toEqual(['user']);
    expect(body.user.email).toBe(valid.email);
    const cookie = sessionCookie(res);
    const me = await callFunction(authFn, '/api/user', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(valid.email);
    // The token as a Bearer header is not a session (nothing hands it out; only the cookie carries it).
    const bearer = await callFunction(authFn, '/api/user', { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(401);
    const out = await callFunction(authFn, '/api/logout', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith('session=;') && c.includes('Max-Age=0'))).toBe(
      true,
    );
  });

  it('limits an address on an account (429, pt-BR) without locking the owner out from elsewhere', {
    timeout: 120_000,
  }, async () => {
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await post('/api/login', { email: valid.email, password: 'x' }, { ip: attacker })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The attacker's address stays refused, even with the right password...
    const blocked = await post(
      '/api/login',
      { email: valid.email, password: valid.password },
      { ip: attacker },
    );
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toBe(
      'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
    );
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    // ...while the owner, at their own address, gets in.
    const owner = await post(
      '/api/login',
      { email: valid.email, password: valid.password },
      { ip: '192.0.2.77' },
    );
    expect(owner.status).toBe(200);
    const keys = await db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets);
    expect(
      keys.every((k) => !k.key.includes('maria') && !k.key.includes('203.0') && !k.key.includes('192.0')),
    ).toBe(true);
  });

  it('slows down an account hammered from many addresses instead of locking it', {
    timeout: 120_000,
  }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_SLOWDOWN_AFTER + 2; i++)
      statuses.push((await post('/api/login', { email: valid.email, password: `errada-${i}` })).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Every attempt now waits before its check (the right password too, so the wait says nothing)...
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    await expect(
      loginUser(db, { email: valid.email, password: 'errada' }, '192.0.2.90', { sleep }),
    ).rejects.toMatchObject({ status: 401 });
    const user = await loginUser(db, { email: valid.email, password: valid.password }, '192.0.2.91', {
      sleep,
    });
    expect(user.email).toBe(valid.email);
    expect(waits).toHaveLength(2);
    expect(waits.every((ms) => ms > 0)).toBe(true);
    // ...and the owner's password always works, from a new address too.
    const owner = await post('/api/login', { email: valid.email, password: valid.password });
    expect(owner.status).toBe(200);
  });

  it('rate-limits per IP across accounts', async () => {
    const ip = '192.0.2.50';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await post('/api/login', { email: `u${i}@example.com`, password: 'x' }, { ip })).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('refuses a cookie-authenticated login from a foreign Origin', async () => {
    const res = await post(
      '/api/login',
      { email: valid.email, password: valid.password },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(403);
  });
});

// Each login hashes with scrypt (N=2^14 in tests): these tests log in several times.
describe('ending sessions', { timeout: 120_000 }, () => {
  async function login(ip = nextIp()) {
    const res = await post('/api/login', { email: valid.email, password: valid.password }, { ip });
    expect(res.status).toBe(200);
    return sessionCookieOf(res);
  }
  const me = (token: string) =>
    callFunction(authFn, '/api/user', { headers: { cookie: `session=${token}` } });

  it("'Sair' ends the token on the server: a copy made before no longer works", async () => {
    const token = await login();
    const copy = token;
    expect((await me(copy)).status).toBe(200);
    const out = await callFunction(authFn, '/api/logout', {
      method: 'POST',
      headers: { cookie: `session=${token}` },
    });
    expect(out.status).toBe(200);
    expect((await me(copy)).status).toBe(401);
    expect(
      (await callFunction(userFn, '/api/user/groups', { headers: { cookie: `session=${copy}` } })).status,
    ).toBe(401);
    // One session's logout leaves the account's other sessions going.
    const a = await login();
    const b = await login();
    await callFunction(authFn, '/api/logout', { method: 'POST', headers: { cookie: `session=${a}` } });
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(200);
    // Only a hash of the jti is kept, never the token.
    const rows = await db.select().from(revokedSessions);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(rows)).not.toContain(a.split('.')[1]!);
  });

  it("'Sair de todos os dispositivos' ends every session of the account, and a new login works", async () => {
    const phone = await login();
    const laptop = await login();
    expect((await callFunction(authFn, '/api/auth/logout-all', { method: 'POST' })).status).toBe(401);
    const res = await callFunction(authFn, '/api/auth/logout-all', {
      method: 'POST',
      headers: { cookie: `session=${phone}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session=;'))).toBe(true);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(401);
    const fresh = await login();
    expect((await me(fresh)).status).toBe(200);
  });

  it('endAllSessions (password change or reset) ends the sessions signed before it, not those after', async () => {
    const before = await login();
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, valid.email));
    await endAllSessions(db, row!.id);
    expect((await me(before)).status).toBe(401);
    const after = await login();
    expect((await me(after)).status).toBe(200);
  });

  it('refuses logout-all posted with the cookie from a foreign origin', async () => {
    const token = await login();
    const res = await callFunction(authFn, '/api/auth/logout-all', {
      method: 'POST',
      headers: { cookie: `session=${token}`, origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await me(token)).status).toBe(200);
  });

  it('the hourly prune forgets revocations whose tokens have expired anyway', async () => {
    await db.insert(revokedSessions).values([
      { jtiHash: 'test-expired', expiresAt: new Date(Date.now() - 1000) },
      { jtiHash: 'test-live', expiresAt: new Date(Date.now() + 86_400_000) },
    ]);
    const res = await pruneFn.default();
    expect(((await res.json()) as { revokedSessions: number }).revokedSessions).toBeGreaterThanOrEqual(1);
    const left = (await db.select().from(revokedSessions)).map((r) => r.jtiHash);
    expect(left).toContain('test-live');
    expect(left).not.toContain('test-expired');
  });
});
