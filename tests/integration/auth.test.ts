import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimitBuckets, users } from '../../db/schema.ts';
import * as authFn from '../../functions/auth.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';

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

  it('creates a non-admin user even when admin/role are sent, sets an HttpOnly cookie and returns a token', async () => {
    const res = await post('/api/register', { ...valid, admin: true, isAdmin: true, role: 'admin' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { admin: boolean; email: string }; token: string };
    expect(body.user.admin).toBe(false);
    expect(body.token).toMatch(/^ey/);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('session='))).toContain('HttpOnly');
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

  it('logs in (any e-mail case), then /api/user answers from cookie or Bearer, and logout clears it', async () => {
    expect((await callFunction(authFn, '/api/user')).status).toBe(401);
    const res = await post('/api/login', { email: 'Maria@EXAMPLE.com', password: valid.password });
    expect(res.status).toBe(200);
    const { token, user } = (await res.json()) as { token: string; user: { email: string } };
    expect(user.email).toBe(valid.email);
    const cookie = sessionCookie(res);
    const me = await callFunction(authFn, '/api/user', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(valid.email);
    const bearer = await callFunction(authFn, '/api/user', { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(200);
    const out = await callFunction(authFn, '/api/logout', { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith('session=;') && c.includes('Max-Age=0'))).toBe(
      true,
    );
  });

  it('rate-limits per account (429, pt-BR) even across IPs', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/api/login', { email: valid.email, password: 'x' })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const blocked = await post('/api/login', { email: valid.email, password: valid.password });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toBe(
      'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
    );
    expect(blocked.headers.get('retry-after')).toBeTruthy();
    const keys = await db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets);
    expect(keys.every((k) => !k.key.includes('maria') && !k.key.includes('198.51'))).toBe(true);
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
