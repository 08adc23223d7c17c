// Access logs (Marco Civil art. 15): every account event is recorded with the address the platform
// gives the function (`context.ip`) and its time, encrypted; the admin command's code finds them by
// e-mail and dates, also after the account is deleted; the hourly pruning drops them after 6 months.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../../db/client.ts';
import { type AccessEvent, accessLogs, featurePlans } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as authFn from '../../functions/auth.ts';
import * as confirmFn from '../../functions/email-confirmation.ts';
import * as featureOrdersFn from '../../functions/feature-orders.ts';
import * as resetFn from '../../functions/password-reset.ts';
import * as pruneFn from '../../functions/prune-rate-limits.ts';
import * as submitFn from '../../functions/submit-group.ts';
import * as accountFn from '../../functions/user-account.ts';
import * as groupLinkFn from '../../functions/user-group-link.ts';
import * as userGroupsFn from '../../functions/user-groups.ts';
import {
  accessLogEmailHash,
  findAccessLogs,
  pruneAccessLogs,
} from '../../src/features/access-log/access-log.server.ts';
import { accessLogRange } from '../../src/features/access-log/access-log.ts';
import { saveSettings } from '../../src/features/payments/settings.server.ts';
import { secret } from '../../src/lib/env.server.ts';
import { unseal } from '../../src/lib/secret-box.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction, sessionCookieOf } from '../support/functions.ts';
import { linkIn, setupMailCatcher } from '../support/mail.ts';
import { makeGroup } from './payments-helpers.ts';

const { db } = await setupTestDb();
const catcher = await setupMailCatcher();
const PASSWORD = 'segredo1';
const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const ip = (n: number) => `203.0.113.${n}`;
const everything = () => ({ from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 86_400_000) });

/** Every text cell of every table: no raw address may be anywhere in the database. */
async function wholeDatabase(handle: Db): Promise<string> {
  const tables = rowsOf<{ table_name: string }>(
    await handle.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  );
  const dumps = [];
  for (const { table_name } of tables)
    dumps.push(JSON.stringify(rowsOf(await handle.execute(sql.raw(`select * from "${table_name}"`)))));
  return dumps.join('\n');
}

beforeAll(async () => {
  await seedDatabase(db, { groups: 0 });
  // No provider keys: the local simulator takes the checkout (local and test mode only).
  await saveSettings(db, {
    mercadoPagoAccessToken: '',
    mercadoPagoWebhookSecret: '',
    mercadoPagoPublicKey: '',
    stripeSecretKey: '',
    stripePublicKey: '',
    stripeWebhookSecret: '',
    callbackUrl: '',
    returnUrl: '',
    mode: 'sandbox',
    preferredPaymentMethod: 'stripe',
    mercadopagoEnabled: false,
    stripeEnabled: true,
  });
});

describe('access logs', { timeout: 240_000 }, () => {
  const email = 'registrada@teste.local';
  const used = new Map<AccessEvent, string>();
  let userId = '';
  let auth: Record<string, string> = {};

  it('records each account event with the address from context.ip, never in clear', async () => {
    const registered = await callFunction(authFn, '/api/register', {
      ...json('POST', { name: 'Pessoa Registrada', email, password: PASSWORD, confirmPassword: PASSWORD }),
      ip: ip(1),
    });
    expect(registered.status).toBe(201);
    used.set('register', ip(1));
    userId = ((await registered.json()) as { user: { id: string } }).user.id;

    const logged = await callFunction(authFn, '/api/login', {
      ...json('POST', { email, password: PASSWORD }),
      ip: ip(2),
    });
    expect(logged.status).toBe(200);
    used.set('login', ip(2));
    auth = { cookie: `session=${sessionCookieOf(logged)}` };

    const form = new FormData();
    form.set('title', 'Grupo Registrado');
    form.set('description', 'Um grupo para os registros de acesso.');
    form.set('link', 'https://chat.whatsapp.com/RegistroAcesso001');
    form.set('category', 'Tecnologia');
    const submitted = await callFunction(submitFn, '/api/groups', {
      method: 'POST',
      body: form,
      headers: auth,
      ip: ip(3),
    });
    expect(submitted.status).toBe(201);
    used.set('group_submit', ip(3));
    const groupId = ((await submitted.json()) as { id: string }).id;

    const edited = await callFunction(userGroupsFn, `/api/user/groups/${groupId}`, {
      ...json('PATCH', { title: 'Grupo Registrado (editado)' }, auth),
      ip: ip(4),
    });
    expect(edited.status).toBe(200);
    const relinked = await callFunction(groupLinkFn, `/api/user/groups/${groupId}/link`, {
      ...json('POST', { link: 'https://chat.whatsapp.com/RegistroAcesso002' }, auth),
      ip: ip(4),
    });
    expect(relinked.status).toBe(200);
    used.set('group_edit', ip(4));

    const approved = await makeGroup(db, userId);
    const [plan] = await db.select().from(featurePlans).limit(1);
    const order = await callFunction(featureOrdersFn, '/api/feature-orders', {
      ...json('POST', { groupId: approved.id, planId: plan!.id }, auth),
      ip: ip(5),
    });
    expect(order.status).toBe(201);
    const { id: orderId } = (await order.json()) as { id: string };
    const paid = await callFunction(featureOrdersFn, `/api/feature-orders/${orderId}/pay`, {
      method: 'POST',
      headers: auth,
      ip: ip(5),
    });
    expect(paid.status).toBe(200);
    used.set('checkout', ip(5));

    expect(
      (await callFunction(accountFn, '/api/user/data-export', { method: 'POST', headers: auth, ip: ip(6) }))
        .status,
    ).toBe(200);
    used.set('data_export', ip(6));

    expect(
      (await callFunction(authFn, '/api/logout', { method: 'POST', headers: auth, ip: ip(7) })).status,
    ).toBe(200);
    used.set('logout', ip(7));

    expect(
      (await callFunction(resetFn, '/api/password-reset', { ...json('POST', { email }), ip: ip(8) })).status,
    ).toBe(200);
    const mail = await catcher.waitFor((m) => m.to.includes(email) && m.subject === 'Redefina sua senha');
    const token = linkIn(mail.text, '/auth/nova-senha?token=').searchParams.get('token')!;
    const reset = await callFunction(resetFn, '/api/password-reset/confirm', {
      ...json('POST', { token, password: PASSWORD }),
      ip: ip(8),
    });
    expect(reset.status).toBe(200);
    used.set('password_reset', ip(8));

    const again = await callFunction(authFn, '/api/login', {
      ...json('POST', { email, password: PASSWORD }),
      ip: ip(9),
    });
    auth = { cookie: `session=${sessionCookieOf(again)}` };
    const newEmail = 'registrada.nova@teste.local';
    const asked = await callFunction(accountFn, '/api/user/email', {
      ...json('POST', { email: newEmail, password: PASSWORD }, auth),
      ip: ip(9),
    });
    expect(asked.status).toBe(200);
    const change = await catcher.waitFor((m) => m.to.includes(newEmail));
    const changeToken = linkIn(change.text, '/auth/confirmar-email?token=').searchParams.get('token')!;
    const confirmed = await callFunction(confirmFn, '/api/email-confirmation', {
      ...json('POST', { token: changeToken }),
      ip: ip(10),
    });
    expect(confirmed.status).toBe(200);
    used.set('email_change', ip(10));

    // Found by the old e-mail and by the new one: the same account.
    for (const address of [email, newEmail]) {
      const entries = await findAccessLogs(db, { email: address, ...everything() });
      for (const [event, address] of used)
        expect(entries.filter((e) => e.event === event).map((e) => e.ip)).toContain(address);
      expect(new Set(entries.map((e) => e.userId))).toEqual(new Set([userId]));
    }
    const entries = await findAccessLogs(db, { email, ...everything() });
    expect(entries.filter((e) => e.event === 'login').map((e) => e.ip)).toEqual([ip(2), ip(9)]);

    // At rest: ciphertext and a keyed hash, never the address or the e-mail.
    const raw = await db.select().from(accessLogs).where(eq(accessLogs.userId, userId));
    expect(raw.length).toBeGreaterThanOrEqual(used.size);
    for (const row of raw) {
      expect(row.ipEncrypted).toMatch(/^enc:v1:/);
      expect(row.emailHash).not.toContain('@');
    }
    const dump = await wholeDatabase(db);
    for (const address of used.values()) expect(dump).not.toContain(address);
    expect(JSON.stringify(raw)).not.toContain(email);
  });

  it('keeps them after the account is deleted, still found by e-mail and dates', async () => {
    const newEmail = 'registrada.nova@teste.local';
    const deleted = await callFunction(accountFn, '/api/user/account', {
      ...json('DELETE', { password: PASSWORD }, auth),
      ip: ip(11),
    });
    expect(deleted.status).toBe(200);
    const entries = await findAccessLogs(db, { email: newEmail, ...everything() });
    expect(entries.at(-1)).toMatchObject({ event: 'account_delete', ip: ip(11), userId });
    expect(entries.map((e) => e.event)).toEqual(expect.arrayContaining([...used.keys()]));
    // The former address still leads to the same account's entries.
    expect((await findAccessLogs(db, { email: `  ${email.toUpperCase()} `, ...everything() })).length).toBe(
      entries.length,
    );
    // The dates bound the search: yesterday holds nothing.
    const dayBefore = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await findAccessLogs(db, { email: newEmail, ...accessLogRange(dayBefore, dayBefore) })).toEqual(
      [],
    );
    expect(await findAccessLogs(db, { email: 'ninguem@teste.local', ...everything() })).toEqual([]);
  });

  it('cannot be read with another key', async () => {
    const [row] = await db.select().from(accessLogs).limit(1);
    const otherKey = 'outra-chave-de-registro-de-acesso-com-32-caracteres';
    expect(unseal(otherKey, row!.ipEncrypted)).toBeNull();
    expect(unseal(secret('ACCESS_LOG_KEY'), row!.ipEncrypted)).toMatch(/^203\.0\.113\.\d+$/);
    // Another key neither finds the person (the e-mail hash differs) nor reads an address.
    expect(accessLogEmailHash(email, otherKey)).not.toBe(row!.emailHash);
    expect(await findAccessLogs(db, { email, ...everything() }, otherKey)).toEqual([]);
  });

  it('are deleted after 6 months by the hourly pruning, and only those', async () => {
    await db.delete(accessLogs);
    const now = new Date();
    const monthsAgo = (m: number, days = 0) => {
      const date = new Date(now);
      date.setUTCMonth(date.getUTCMonth() - m);
      date.setUTCDate(date.getUTCDate() + days);
      return date;
    };
    const base = { userId, emailHash: 'h', event: 'login' as const, ipEncrypted: 'enc:v1:x' };
    await db.insert(accessLogs).values([
      { ...base, createdAt: monthsAgo(7) },
      { ...base, createdAt: monthsAgo(6, -1) },
      { ...base, createdAt: monthsAgo(6, 1) },
      { ...base, createdAt: monthsAgo(1) },
    ]);
    const res = await pruneFn.default();
    expect(await res.json()).toMatchObject({ accessLogs: 2 });
    const left = await db.select({ at: accessLogs.createdAt }).from(accessLogs);
    expect(left.map((r) => r.at.getTime()).sort()).toEqual([
      monthsAgo(6, 1).getTime(),
      monthsAgo(1).getTime(),
    ]);
    expect(await pruneAccessLogs(db)).toBe(0);
  });
});
