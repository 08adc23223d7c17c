// Access logs (Marco Civil art. 15): every account event is recorded with the address the platform
// gives the function (`context.ip`) and its time, encrypted; the admin command's code finds them by
// e-mail and dates, also after the account is deleted; the hourly pruning drops them after 6 months.
import { createHmac } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Db, rowsOf } from '../../db/client.ts';
import { type AccessEvent, accessLogs, featurePlans } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as authFn from '../../functions/auth.ts';
import * as confirmFn from '../../functions/email-confirmation.ts';
import * as featureOrdersFn from '../../functions/feature-orders.ts';
import * as noticesFn from '../../functions/legal-notices.ts';
import * as resetFn from '../../functions/password-reset.ts';
import * as pruneFn from '../../functions/prune-rate-limits.ts';
import * as submitFn from '../../functions/submit-group.ts';
import * as accountFn from '../../functions/user-account.ts';
import * as groupLinkFn from '../../functions/user-group-link.ts';
import * as userGroupsFn from '../../functions/user-groups.ts';
import {
  accessLogEmailHash,
  accessLogKey,
  accessLogKeys,
  discloseAccessLogs,
  findAccessLogs,
  listDisclosures,
  listLegalHolds,
  placeLegalHold,
  pruneAccessLogs,
  recordAccess,
  releaseLegalHold,
} from '../../src/features/access-log/access-log.server.ts';
import { accessLogRange } from '../../src/features/access-log/access-log.ts';
import { saveSettings } from '../../src/features/payments/settings.server.ts';
import { resetEnvForTests, secret } from '../../src/lib/env.server.ts';
import { seal, unseal } from '../../src/lib/secret-box.server.ts';
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
      ...json('POST', {
        name: 'Pessoa Registrada',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        adult: true,
      }),
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

  it('hashes and encrypts with two keys derived from ACCESS_LOG_KEY, each row naming its key', async () => {
    const [row] = await db.select().from(accessLogs).where(eq(accessLogs.userId, userId)).limit(1);
    const key = accessLogKey(secret('ACCESS_LOG_KEY'));
    expect(row!.keyId).toBe(key.id);
    expect(key.id).not.toContain(secret('ACCESS_LOG_KEY').slice(0, 8));
    // Separate keys: neither is the setting, and they differ from each other.
    expect(key.hashKey.equals(key.sealKey)).toBe(false);
    expect(unseal(secret('ACCESS_LOG_KEY'), row!.ipEncrypted)).toBeNull();
    expect(unseal(key.sealKey, row!.ipEncrypted)).toMatch(/^203\.0\.113\.\d+$/);
    expect(unseal(key.hashKey, row!.ipEncrypted)).toBeNull();
    // Another key neither finds the person (the e-mail hash differs) nor reads an address.
    const other = accessLogKey('outra-chave-de-registro-de-acesso-com-32-caracteres');
    expect(accessLogEmailHash(email, other)).not.toBe(row!.emailHash);
    expect(await findAccessLogs(db, { email, ...everything() }, [other])).toEqual([]);
  });

  it('rotates: after a new ACCESS_LOG_KEY, rows of the previous one (and legacy rows) stay found and readable', async () => {
    const oldSetting = secret('ACCESS_LOG_KEY');
    // A row written before the keys were derived: the setting itself hashed and sealed it.
    const legacyEmail = 'antiga@teste.local';
    await db.insert(accessLogs).values({
      userId: crypto.randomUUID(),
      emailHash: createHmac('sha256', oldSetting)
        .update(`access-log:email:${legacyEmail}`)
        .digest('base64url'),
      event: 'login',
      ipEncrypted: seal(oldSetting, '198.51.100.40'),
    });
    const newSetting = 'nova-chave-de-registros-de-acesso-com-mais-de-32-caracteres';
    process.env.ACCESS_LOG_KEY = newSetting;
    process.env.ACCESS_LOG_PREVIOUS_KEYS = oldSetting;
    resetEnvForTests();
    try {
      // The account is gone (the test before): its e-mail still finds it, now under the new key.
      await recordAccess(db, { userId, email: 'registrada.nova@teste.local', event: 'login', ip: ip(30) });
      const entries = await findAccessLogs(db, { email: 'registrada.nova@teste.local', ...everything() });
      expect(entries.at(-1)).toMatchObject({ event: 'login', ip: ip(30), address: 'ok' });
      expect(entries.filter((e) => e.ip === ip(2))).toHaveLength(1);
      expect(entries.every((e) => e.address === 'ok')).toBe(true);
      const [newest] = await db.select().from(accessLogs).orderBy(desc(accessLogs.id)).limit(1);
      expect(newest!.keyId).toBe(accessLogKey(newSetting).id);
      expect(await findAccessLogs(db, { email: legacyEmail, ...everything() })).toMatchObject([
        { ip: '198.51.100.40', address: 'ok' },
      ]);
      // Without the previous key, its rows are neither found nor read: the rotation needs both.
      delete process.env.ACCESS_LOG_PREVIOUS_KEYS;
      resetEnvForTests();
      expect((await findAccessLogs(db, { email: legacyEmail, ...everything() })).length).toBe(0);
    } finally {
      process.env.ACCESS_LOG_KEY = oldSetting;
      delete process.env.ACCESS_LOG_PREVIOUS_KEYS;
      resetEnvForTests();
    }
  });

  it('logs anonymous submissions (by the group) and legal notices (by the notifier), a missing address as missing', async () => {
    const form = new FormData();
    form.set('title', 'Grupo Anônimo');
    form.set('description', 'Um grupo enviado sem conta.');
    form.set('link', 'https://chat.whatsapp.com/RegistroAnonimo01');
    form.set('category', 'Tecnologia');
    const submitted = await callFunction(submitFn, '/api/groups', { method: 'POST', body: form, ip: ip(40) });
    expect(submitted.status).toBe(201);
    const groupId = ((await submitted.json()) as { id: string }).id;
    expect(await findAccessLogs(db, { ref: groupId, ...everything() })).toMatchObject([
      { event: 'group_submit', ip: ip(40), address: 'ok', userId: null, ref: groupId },
    ]);

    const notifier = 'notificante.registro@exemplo.com.br';
    const notice = await callFunction(noticesFn, '/api/legal-notices', {
      ...json('POST', {
        kind: 'illegal_content',
        groupUrl: `/grupo/${groupId}`,
        name: 'Notificante',
        email: notifier,
        description: 'O grupo vende documentos falsos, como mostram as mensagens.',
        declaration: true,
      }),
      ip: ip(41),
    });
    expect(notice.status).toBe(201);
    const { protocol } = (await notice.json()) as { protocol: string };
    const byNotifier = await findAccessLogs(db, { email: notifier, ...everything() });
    expect(byNotifier).toMatchObject([{ event: 'legal_notice', ip: ip(41), ref: protocol, userId: null }]);
    expect(await findAccessLogs(db, { ref: protocol, ...everything() })).toHaveLength(1);

    // The platform gave no address: stored as missing, never as a made-up one.
    const form2 = new FormData();
    form2.set('title', 'Grupo Sem Endereço');
    form2.set('description', 'Enviado sem endereço de rede.');
    form2.set('link', 'https://chat.whatsapp.com/RegistroAnonimo02');
    form2.set('category', 'Tecnologia');
    const bare = await callFunction(submitFn, '/api/groups', { method: 'POST', body: form2, ip: '' });
    expect(bare.status).toBe(201);
    const bareId = ((await bare.json()) as { id: string }).id;
    expect(await findAccessLogs(db, { ref: bareId, ...everything() })).toMatchObject([
      { event: 'group_submit', ip: null, address: 'missing' },
    ]);
    const [raw] = await db.select().from(accessLogs).where(eq(accessLogs.ref, bareId));
    expect(raw!.ipEncrypted).toBeNull();
    expect(await wholeDatabase(db)).not.toContain('0.0.0.0');
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

describe('legal holds and disclosures', { timeout: 120_000 }, () => {
  const monthsAgo = (m: number) => {
    const date = new Date();
    date.setUTCMonth(date.getUTCMonth() - m);
    return date;
  };

  it('a legal hold (art. 15 §2) keeps the rows it covers past 6 months until it ends or is released', async () => {
    await db.delete(accessLogs);
    const key = accessLogKeys()[0]!;
    const row = (who: string, months: number) => ({
      userId: crypto.randomUUID(),
      emailHash: accessLogEmailHash(who, key),
      event: 'login' as const,
      ipEncrypted: seal(key.sealKey, '198.51.100.9'),
      keyId: key.id,
      createdAt: monthsAgo(months),
    });
    await db
      .insert(accessLogs)
      .values([
        row('investigada@teste.local', 7),
        row('investigada@teste.local', 1),
        row('outra@teste.local', 7),
      ]);
    const { hold, rows } = await placeLegalHold(
      db,
      { email: 'Investigada@Teste.local ', from: monthsAgo(12), to: new Date() },
      {
        reference: 'Ofício 123/2026, Delegacia de Crimes Cibernéticos',
        placedBy: 'Encarregado',
        keepUntil: new Date(Date.now() + 86_400_000 * 60),
      },
    );
    expect(rows).toBe(2);
    expect(await pruneAccessLogs(db)).toBe(1);
    const left = await findAccessLogs(db, {
      email: 'investigada@teste.local',
      from: monthsAgo(12),
      to: new Date(),
    });
    expect(left).toHaveLength(2);
    expect((await listLegalHolds(db))[0]).toMatchObject({ id: hold.id, inForce: true });
    // Ended (past keepUntil) or released: the prune applies again.
    expect(await pruneAccessLogs(db, new Date(Date.now() + 86_400_000 * 61))).toBe(1);
    await db.insert(accessLogs).values(row('investigada@teste.local', 8));
    expect(
      await releaseLegalHold(db, hold.id, {
        by: 'Encarregado',
        reason: 'Prazo de 60 dias sem ordem judicial.',
      }),
    ).toBe(true);
    expect(await releaseLegalHold(db, hold.id, { by: 'Encarregado', reason: 'De novo' })).toBe(false);
    expect(await pruneAccessLogs(db)).toBe(1);
  });

  it('every read-out is recorded: who, when, which rows, on what legal basis (no e-mail in clear)', async () => {
    const key = accessLogKeys()[0]!;
    const [a, b] = await db
      .insert(accessLogs)
      .values(
        ['revelada@teste.local', 'revelada@teste.local'].map((who) => ({
          userId: crypto.randomUUID(),
          emailHash: accessLogEmailHash(who, key),
          event: 'login' as const,
          ipEncrypted: seal(key.sealKey, '198.51.100.10'),
          keyId: key.id,
        })),
      )
      .returning({ id: accessLogs.id });
    const entries = await discloseAccessLogs(
      db,
      { email: 'revelada@teste.local', ...everything() },
      {
        operator: 'Encarregado de dados',
        legalBasis: 'Processo 0001234-56.2026.8.26.0100, 1ª Vara Criminal',
      },
    );
    expect(entries.map((e) => e.ip)).toEqual(['198.51.100.10', '198.51.100.10']);
    const [disclosure] = await listDisclosures(db);
    expect(disclosure).toMatchObject({
      operator: 'Encarregado de dados',
      legalBasis: 'Processo 0001234-56.2026.8.26.0100, 1ª Vara Criminal',
      rowIds: [a!.id, b!.id],
    });
    expect(disclosure!.criteria).not.toContain('revelada');
  });
});
