// The links sent by e-mail: confirming a new account's address, and 'Esqueci minha senha'. Tokens
// are read from the messages the local SMTP catcher received, as an owner would click them. Each test
// hashes or checks several passwords (scrypt, seconds each on a busy machine): hence the longer timeout.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens, rateLimitBuckets, users } from '../../db/schema.ts';
import { ensureAdmin, seedDatabase } from '../../db/seed.ts';
import * as authFn from '../../functions/auth.ts';
import * as confirmFn from '../../functions/email-confirmation.ts';
import * as resetFn from '../../functions/password-reset.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction, sessionCookieOf } from '../support/functions.ts';
import { linkIn, setupMailCatcher } from '../support/mail.ts';

const { db } = await setupTestDb();
const catcher = await setupMailCatcher();
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

async function register(email: string, password = 'segredo1') {
  const res = await callFunction(authFn, '/api/register', {
    ...json({ name: 'Dona <b>Maria</b>', email, password, confirmPassword: password, adult: true }),
    ip: '198.51.100.20',
  });
  expect(res.status).toBe(201);
  const token = sessionCookieOf(res);
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, auth: { cookie: `session=${token}` } };
}

const login = (email: string, password: string) =>
  callFunction(authFn, '/api/login', { ...json({ email, password }), ip: '198.51.100.30' });

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

beforeAll(async () => {
  await seedDatabase(db, { groups: 0 });
});
beforeEach(async () => {
  await db.delete(rateLimitBuckets);
});

describe('account confirmation', { timeout: 120_000 }, () => {
  it("registration sends 'Confirme seu e-mail'; the link confirms once, and only a hash is stored", async () => {
    const me = await register('nova@teste.local');
    const mail = await catcher.waitFor((m) => m.to.includes('nova@teste.local'));
    expect(mail.subject).toBe('Confirme seu e-mail');
    expect(mail.text).toContain('Olá, Dona <b>Maria</b>!');
    expect(mail.html).toContain('Olá, Dona &#60;b&#62;Maria&#60;/b&#62;!');
    expect(mail.text).toContain('48 horas');
    const link = linkIn(mail.text, '/auth/confirmar-email?token=');
    expect(link.origin).toBe('http://localhost:8888');
    const token = link.searchParams.get('token')!;
    expect(mail.html).toContain(`/auth/confirmar-email?token=${token}`);
    const stored = await db.select().from(authTokens).where(eq(authTokens.userId, me.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hash(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const status = async () =>
      (await (await callFunction(confirmFn, '/api/email-confirmation', { headers: me.auth })).json()) as {
        confirmed: boolean;
        email: string;
      };
    expect(await status()).toEqual({ confirmed: false, email: 'nova@teste.local' });
    const res = await callFunction(confirmFn, '/api/email-confirmation', json({ token }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ confirmed: true, message: 'E-mail confirmado. Obrigado!' });
    expect((await status()).confirmed).toBe(true);
    // Used up.
    const again = await callFunction(confirmFn, '/api/email-confirmation', json({ token }));
    expect(again.status).toBe(400);
    expect(((await again.json()) as { message: string }).message).toContain('inválido ou expirou');
  });

  it("'Reenviar e-mail' sends a new link (the old one stops working), at most 3 an hour; an expired link fails", async () => {
    const me = await register('reenvio@teste.local');
    const first = await catcher.waitFor((m) => m.to.includes('reenvio@teste.local'));
    const oldToken = linkIn(first.text, '/auth/confirmar-email?token=').searchParams.get('token')!;
    const resend = () =>
      callFunction(confirmFn, '/api/email-confirmation/resend', { method: 'POST', headers: me.auth });
    const res = await resend();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: 'Enviamos um novo link para reenvio@teste.local.' });
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { message: string }).message).toBe(
      'Você já pediu vários e-mails de confirmação. Aguarde alguns minutos e tente novamente.',
    );
    const mails = (await catcher.list()).filter((m) => m.to.includes('reenvio@teste.local'));
    expect(mails).toHaveLength(4);
    expect((await callFunction(confirmFn, '/api/email-confirmation', json({ token: oldToken }))).status).toBe(
      400,
    );
    // The newest link works, unless it expired.
    const newest = linkIn(mails[0]!.text, '/auth/confirmar-email?token=').searchParams.get('token')!;
    await db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authTokens.tokenHash, hash(newest)));
    expect((await callFunction(confirmFn, '/api/email-confirmation', json({ token: newest }))).status).toBe(
      400,
    );
    expect((await callFunction(confirmFn, '/api/email-confirmation/resend', { method: 'POST' })).status).toBe(
      401,
    );
  });

  it('accounts from before confirmation existed (the migration) and the seeded admin count as confirmed', async () => {
    const [old] = await db
      .insert(users)
      .values({
        email: 'antiga@teste.local',
        password: 'x',
        name: 'Antiga',
        createdAt: new Date('2025-01-02T03:04:05Z'),
      })
      .returning();
    expect(old!.emailConfirmedAt).toBeNull();
    const migration = readFileSync(
      new URL('../../db/migrations/0013_mail_custom.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint')[0]!;
    expect(backfill).toContain('UPDATE "users" SET "email_confirmed_at"');
    await db.execute(sql.raw(backfill));
    const [after] = await db.select().from(users).where(eq(users.id, old!.id));
    expect(after!.emailConfirmedAt?.toISOString()).toBe('2025-01-02T03:04:05.000Z');

    await ensureAdmin(db, { email: 'chefe@teste.local', password: 'senha-do-chefe' });
    const [admin] = await db.select().from(users).where(eq(users.email, 'chefe@teste.local'));
    expect(admin?.emailConfirmedAt).toBeInstanceOf(Date);
  });
});

describe('password reset', { timeout: 120_000 }, () => {
  const ask = (email: string, ip = '203.0.113.50') =>
    callFunction(resetFn, '/api/password-reset', { ...json({ email }), ip });
  const confirm = (token: string, password: string) =>
    callFunction(resetFn, '/api/password-reset/confirm', json({ token, password }));

  it('answers the same for a known and an unknown address, and e-mails only the known one', async () => {
    await register('dono@teste.local');
    const known = await ask('DONO@teste.local');
    const unknown = await ask('ninguem@teste.local');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const body = await known.json();
    expect(await unknown.json()).toEqual(body);
    expect(body).toEqual({
      message:
        'Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Confira a caixa de entrada e o spam.',
    });
    const mail = await catcher.waitFor(
      (m) => m.to.includes('dono@teste.local') && m.subject === 'Redefina sua senha',
    );
    expect(mail.text).toContain('1 hora');
    expect((await catcher.list()).some((m) => m.to.includes('ninguem@teste.local'))).toBe(false);
    expect((await ask('não é e-mail')).status).toBe(400);
  });

  it('a link changes the password once, with the registration rules; old passwords and sessions stop working', async () => {
    const me = await register('troca@teste.local', 'senha-antiga');
    await ask('troca@teste.local');
    const mail = await catcher.waitFor(
      (m) => m.to.includes('troca@teste.local') && m.subject === 'Redefina sua senha',
    );
    const link = linkIn(mail.text, '/auth/nova-senha?token=');
    const token = link.searchParams.get('token')!;

    const short = await confirm(token, '123');
    expect(short.status).toBe(400);
    expect(((await short.json()) as { fields: Record<string, string> }).fields.password).toBe(
      'A senha deve ter pelo menos 6 caracteres',
    );
    const ok = await confirm(token, 'senha-nova-1');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: 'Senha alterada. Entre com a nova senha.' });
    expect((await login('troca@teste.local', 'senha-antiga')).status).toBe(401);
    expect((await login('troca@teste.local', 'senha-nova-1')).status).toBe(200);
    // Single use.
    const reused = await confirm(token, 'outra-senha-2');
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { message: string }).message).toBe(
      'Este link para criar uma nova senha é inválido, já foi usado ou expirou. Peça um novo.',
    );
    // The session from before the reset is over.
    expect((await callFunction(authFn, '/api/user', { headers: me.auth })).status).toBe(401);
  });

  it('a link expires after an hour, and an unknown token fails the same way', async () => {
    await register('expira@teste.local');
    await ask('expira@teste.local');
    const mail = await catcher.waitFor(
      (m) => m.to.includes('expira@teste.local') && m.subject === 'Redefina sua senha',
    );
    const token = linkIn(mail.text, '/auth/nova-senha?token=').searchParams.get('token')!;
    const [row] = await db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hash(token)));
    const validFor = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.round(validFor / 60_000)).toBe(60);
    await db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.id, row!.id));
    expect((await confirm(token, 'senha-nova-1')).status).toBe(400);
    expect((await confirm('x'.repeat(43), 'senha-nova-1')).status).toBe(400);
    expect((await login('expira@teste.local', 'segredo1')).status).toBe(200);
  });

  it('is limited per address (known or not) and per connection', async () => {
    for (const email of ['limite@teste.local', 'sem-conta@teste.local']) {
      for (let i = 0; i < 3; i++) expect((await ask(email, `203.0.113.${60 + i}`)).status).toBe(200);
      const limited = await ask(email, '203.0.113.70');
      expect(limited.status).toBe(429);
      expect(((await limited.json()) as { message: string }).message).toBe(
        'Muitos pedidos de nova senha. Aguarde alguns minutos e tente novamente.',
      );
    }
    await db.delete(rateLimitBuckets);
    for (let i = 0; i < 10; i++)
      expect((await ask(`pessoa${i}@teste.local`, '203.0.113.80')).status).toBe(200);
    expect((await ask('mais-uma@teste.local', '203.0.113.80')).status).toBe(429);
  });
});
