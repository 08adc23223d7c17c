// The back-office sign-in: POST /api/admin/login admits admins only (same {user, token} contract as
// /api/login), GET /api/admin/session says who is logged in, POST /api/admin/logout ends it.
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { ensureAdmin } from '../../db/seed.ts';
import * as sessionFn from '../../functions/admin-session.ts';
import { hashPassword } from '../../src/features/auth/password.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';

const { db } = await setupTestDb();

beforeAll(async () => {
  await ensureAdmin(db, { email: 'Chefe@Teste.local', password: 'senha-do-chefe' });
  await db
    .insert(users)
    .values({ email: 'pessoa@teste.local', password: await hashPassword('senha-da-pessoa'), name: 'Pessoa' });
});

const login = (body: unknown, ip = '198.51.100.1', headers: Record<string, string> = {}) =>
  callFunction(sessionFn, '/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    ip,
  });

describe('POST /api/admin/login', () => {
  it('logs an admin in with cookies and a token that opens GET /api/admin/session', async () => {
    const res = await login({ email: 'chefe@teste.local', password: 'senha-do-chefe' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { email: string; admin: boolean }; token: string };
    expect(body.user).toMatchObject({ email: 'chefe@teste.local', admin: true });
    expect(body.user).not.toHaveProperty('password');
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('session=') && c.includes('HttpOnly'))).toBe(true);
    const session = await callFunction(sessionFn, '/api/admin/session', {
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ user: { email: 'chefe@teste.local', admin: true } });
  });

  it('refuses a non-admin with the spec message and sets no cookie', async () => {
    const res = await login({ email: 'pessoa@teste.local', password: 'senha-da-pessoa' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      message: 'Acesso negado - Esta conta não possui privilégios de administrador',
    });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers a wrong password and an unknown e-mail the same way; empty fields get the spec message', async () => {
    const wrong = await login({ email: 'chefe@teste.local', password: 'errada' }, '198.51.100.2');
    const unknown = await login({ email: 'ninguem@teste.local', password: 'errada' }, '198.51.100.2');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        message: 'Erro de autenticação - Credenciais inválidas',
        code: 'UNAUTHORIZED',
      });
    }
    const empty = await login({ email: '', password: '' }, '198.51.100.2');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'Por favor, preencha todos os campos' });
  });

  it('limits repeated attempts from one address (429 with Retry-After)', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 11; i++)
      last = await login({ email: 'chefe@teste.local', password: `errada-${i}` }, '198.51.100.9');
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('refuses a login posted from a foreign origin', async () => {
    const res = await login({ email: 'chefe@teste.local', password: 'senha-do-chefe' }, '198.51.100.3', {
      origin: 'https://evil.example',
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/admin/session and POST /api/admin/logout', () => {
  it('answers 401 without a session and clears the cookies on logout', async () => {
    expect((await callFunction(sessionFn, '/api/admin/session')).status).toBe(401);
    const out = await callFunction(sessionFn, '/api/admin/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith('session=;') && c.includes('Max-Age=0'))).toBe(
      true,
    );
  });
});
