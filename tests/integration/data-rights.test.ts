// 'Meus dados' (LGPD art. 18): the JSON export, the account's deletion and the correction of name and
// e-mail, through the functions, on the real database, with e-mails read from the local SMTP catcher.
// Several tests hash or check passwords (scrypt, seconds each on a busy machine): hence the timeout.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  featureOrders,
  featurePlans,
  groupClaims,
  groupHolds,
  groupReports,
  groupRevisions,
  groups,
  holdAppeals,
  legalNotices,
  mailOutbox,
  orderRefunds,
  processedWebhookEvents,
  rateLimitBuckets,
  rebuildRequests,
  renewalReminders,
  userEmailHistory,
  users,
} from '../../db/schema.ts';
import { ensureAdmin, seedDatabase } from '../../db/seed.ts';
import * as authFn from '../../functions/auth.ts';
import * as confirmFn from '../../functions/email-confirmation.ts';
import * as pruneFn from '../../functions/prune-rate-limits.ts';
import * as submitFn from '../../functions/submit-group.ts';
import * as accountFn from '../../functions/user-account.ts';
import { EXPORT_LIMIT_PER_HOUR } from '../../src/features/account/account-data.server.ts';
import { EXPORTED_TABLES } from '../../src/features/account/account-data.ts';
import { LAST_ADMIN_MESSAGE } from '../../src/features/account/account-deletion.server.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction, sessionCookieOf } from '../support/functions.ts';
import { linkIn, setupMailCatcher } from '../support/mail.ts';
import { makeGroup } from './payments-helpers.ts';

const { db } = await setupTestDb();
const catcher = await setupMailCatcher();
const PASSWORD = 'segredo1';

const jsonInit = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

let ipCount = 0;
async function register(email: string, name = 'Pessoa Teste') {
  const res = await callFunction(authFn, '/api/register', {
    ...jsonInit('POST', { name, email, password: PASSWORD, confirmPassword: PASSWORD, adult: true }),
    ip: `198.51.100.${++ipCount}`,
  });
  expect(res.status).toBe(201);
  const token = sessionCookieOf(res);
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, email, auth: { cookie: `session=${token}` } };
}

async function login(email: string, password = PASSWORD) {
  return callFunction(authFn, '/api/login', {
    ...jsonInit('POST', { email, password }),
    ip: '198.51.100.200',
  });
}

const whoAmI = (auth: Record<string, string>) => callFunction(authFn, '/api/user', { headers: auth });
const deleteAccount = (auth: Record<string, string>, password: string) =>
  callFunction(accountFn, '/api/user/account', jsonInit('DELETE', { password }, auth));
const exportData = (auth: Record<string, string>) =>
  callFunction(accountFn, '/api/user/data-export', { method: 'POST', headers: auth });

let planId = 0;
beforeAll(async () => {
  await seedDatabase(db, { groups: 0 });
  const [plan] = await db.select().from(featurePlans).limit(1);
  planId = plan!.id;
});
beforeEach(async () => {
  await db.delete(rateLimitBuckets);
});

describe('POST /api/user/data-export', { timeout: 120_000 }, () => {
  it('downloads everything kept about the account, never the password hash nor who reported', async () => {
    const alice = await register('alice@teste.local', 'Alice Dados');
    const bob = await register('bob@teste.local', 'Bob Denunciante');
    const mine = await makeGroup(db, alice.id, { title: 'Grupo da Alice' });
    const theirs = await makeGroup(db, bob.id, { title: 'Grupo do Bob' });
    await db.insert(groupRevisions).values({
      groupId: mine.id,
      userId: alice.id,
      title: 'Grupo da Alice (novo título)',
      description: 'Nova descrição',
      categoryId: mine.categoryId,
    });
    await db.insert(groupReports).values({
      groupId: mine.id,
      userId: bob.id,
      reason: 'spam',
      description: 'texto secreto do denunciante',
      reporterHash: 'hash-do-denunciante',
      addressHash: 'endereco-do-denunciante',
    });
    await db.insert(groupReports).values({
      groupId: theirs.id,
      userId: alice.id,
      reason: 'scam',
      description: 'Alice acha que é golpe',
      reporterHash: 'hash-da-alice',
    });
    const [order] = await db
      .insert(featureOrders)
      .values({
        userId: alice.id,
        groupId: mine.id,
        planId,
        price: 3990,
        days: 7,
        status: 'active',
        startDate: new Date(),
        endDate: new Date(Date.now() + 7 * 86_400_000),
        paymentMethod: 'stripe',
        paymentId: 'cs_test_alice',
      })
      .returning();
    await db
      .insert(processedWebhookEvents)
      .values({ provider: 'stripe', eventId: 'evt_alice', orderId: order!.id, outcome: 'activated' });
    const confirmation = await catcher.waitFor((m) => m.to.includes('alice@teste.local'));
    const token = linkIn(confirmation.text, '/auth/confirmar-email?token=').searchParams.get('token')!;

    const res = await exportData(alice.auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('content-type')).toContain('application/json');
    const text = await res.text();
    const data = JSON.parse(text);

    expect(data.account).toMatchObject({ id: alice.id, name: 'Alice Dados', email: 'alice@teste.local' });
    expect(data.account).not.toHaveProperty('password');
    const [stored] = await db.select({ password: users.password }).from(users).where(eq(users.id, alice.id));
    expect(text).not.toContain(stored!.password);
    expect(text).not.toContain('scrypt$');

    expect(data.groups).toHaveLength(1);
    expect(data.groups[0]).toMatchObject({ id: mine.id, title: 'Grupo da Alice', link: mine.link });
    expect(data.groups[0].revisions).toEqual([
      expect.objectContaining({ title: 'Grupo da Alice (novo título)', status: 'pending' }),
    ]);
    expect(data.groups[0].reports).toEqual([
      {
        reason: 'spam',
        status: 'pending',
        actionTaken: null,
        createdAt: expect.any(String),
        reviewedAt: null,
      },
    ]);
    // The reporter is neither named nor identifiable.
    for (const secret of [
      bob.id,
      'bob@teste.local',
      'Bob Denunciante',
      'texto secreto do denunciante',
      'hash-do-denunciante',
      'endereco-do-denunciante',
    ])
      expect(text).not.toContain(secret);

    expect(data.featureOrders).toEqual([
      expect.objectContaining({
        id: order!.id,
        priceCents: 3990,
        days: 7,
        status: 'active',
        paymentId: 'cs_test_alice',
        payments: [
          expect.objectContaining({ provider: 'stripe', eventId: 'evt_alice', outcome: 'activated' }),
        ],
      }),
    ]);
    expect(data.reportsMade).toEqual([
      expect.objectContaining({
        groupTitle: 'Grupo do Bob',
        reason: 'scam',
        description: 'Alice acha que é golpe',
      }),
    ]);
    expect(data.sessions).toMatchObject({ sessionDays: 7, sessionsValidAfter: null });
    expect(data.emailLinks).toEqual([expect.objectContaining({ purpose: 'confirm_email', usedAt: null })]);
    expect(data.emails).toEqual([
      expect.objectContaining({ template: 'confirm_email', status: 'sent', data: expect.any(Object) }),
    ]);
    // A link's token never leaves the server, even while the message is pending.
    expect(text).not.toContain(token);
    expect(data.accessLogs).toContain('ordem judicial');
  });

  it(`answers a pt-BR 429 after ${EXPORT_LIMIT_PER_HOUR} exports in an hour, and 401 without a session`, async () => {
    const carla = await register('carla-export@teste.local');
    for (let i = 0; i < EXPORT_LIMIT_PER_HOUR; i++) expect((await exportData(carla.auth)).status).toBe(200);
    const refused = await exportData(carla.auth);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Você já baixou seus dados várias vezes na última hora. Aguarde um pouco e tente novamente.',
    );
    expect((await callFunction(accountFn, '/api/user/data-export', { method: 'POST' })).status).toBe(401);
  });
  it('cannot be set off by another site: a cross-site navigation (GET) or post spends nothing', async () => {
    const davi = await register('davi-export@teste.local');
    // SameSite=Lax sends the cookie on a top-level GET from another site: GET is no export.
    const viaLink = await callFunction(accountFn, '/api/user/data-export', {
      headers: { ...davi.auth, 'sec-fetch-site': 'cross-site' },
    });
    expect(viaLink.status).toBe(405);
    const viaForm = await callFunction(accountFn, '/api/user/data-export', {
      method: 'POST',
      headers: { ...davi.auth, origin: 'https://evil.example' },
    });
    expect(viaForm.status).toBe(403);
    // All five of the person's own exports are still there.
    for (let i = 0; i < EXPORT_LIMIT_PER_HOUR; i++) expect((await exportData(davi.auth)).status).toBe(200);
  });
});

/** Change the account's e-mail the way a person does: ask, then open the link sent to the new address. */
async function changeEmail(who: { auth: Record<string, string> }, email: string) {
  const asked = await callFunction(
    accountFn,
    '/api/user/email',
    jsonInit('POST', { email, password: PASSWORD }, who.auth),
  );
  expect(asked.status).toBe(200);
  const mail = await catcher.waitFor((m) => m.to.includes(email) && m.subject === 'Confirme seu novo e-mail');
  const token = linkIn(mail.text, '/auth/confirmar-email?token=').searchParams.get('token')!;
  const confirmed = await callFunction(confirmFn, '/api/email-confirmation', {
    ...jsonInit('POST', { token }),
    ip: '198.51.100.151',
  });
  expect(confirmed.status).toBe(200);
}

describe('the export and the deletion hold every table about the person (#41 item 5)', {
  timeout: 180_000,
}, () => {
  it('claims, the reminder, refunds, appeals, notices sent and the e-mails of an earlier address; deletion takes those e-mails too', async () => {
    const ines = await register('ines@teste.local', 'Inês');
    const group = await makeGroup(db, ines.id, { approved: true });
    const [notice] = await db
      .insert(legalNotices)
      .values({
        kind: 'other',
        groupTitle: 'Um grupo',
        groupUrl: 'https://exemplo.test/grupo/x',
        name: 'Inês',
        email: 'INES@teste.local',
        description: 'Descrição da denúncia enviada da conta.',
        addressHash: 'h',
      })
      .returning();
    await changeEmail(ines, 'ines.nova@teste.local');
    // Written after the address left the account: someone else's now, never Inês's data.
    await db.insert(mailOutbox).values({
      recipient: 'ines@teste.local',
      template: 'password_changed',
      payload: JSON.stringify({ name: 'Outra pessoa' }),
      status: 'sent',
      createdAt: new Date(Date.now() + 60_000),
    });
    await db.insert(groupClaims).values({
      groupId: group.id,
      userId: ines.id,
      inviteCode: 'abc',
      code: 'ZAP-7K3Q',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await db.insert(renewalReminders).values({ userId: ines.id });
    const [order] = await db
      .insert(featureOrders)
      .values({ userId: ines.id, groupId: group.id, planId, price: 3990, days: 7, status: 'refunded' })
      .returning();
    await db.insert(orderRefunds).values({
      orderId: order!.id,
      source: 'owner',
      requestedBy: ines.id,
      provider: 'simulator',
      amount: 3990,
      status: 'pending',
    });
    const [hold] = await db.insert(groupHolds).values({ groupId: group.id, reason: 'admin' }).returning();
    await db
      .insert(holdAppeals)
      .values({ holdId: hold!.id, groupId: group.id, userId: ines.id, text: 'Meu grupo é legítimo.' });

    const res = await exportData(ines.auth);
    expect(res.status).toBe(200);
    const data = (await res.json()) as Record<string, unknown> & {
      earlierEmails: { address: string; emails: { template: string }[] }[];
      featureOrders: { id: string; refund: { status: string; amountCents: number } | null }[];
    };
    for (const key of new Set(Object.values(EXPORTED_TABLES))) expect(data, key).toHaveProperty(key);
    expect(data.claims).toMatchObject([{ groupId: group.id, code: 'ZAP-7K3Q', status: 'pending' }]);
    expect(data.renewalReminder).toMatchObject({ enabled: true });
    expect(data.featureOrders.find((o) => o.id === order!.id)?.refund).toMatchObject({
      status: 'pending',
      amountCents: 3990,
    });
    expect(data.appeals).toMatchObject([
      { groupId: group.id, text: 'Meu grupo é legítimo.', status: 'open' },
    ]);
    expect(data.legalNoticesSent).toMatchObject([
      { protocol: notice!.protocol, description: notice!.description },
    ]);
    expect(data.earlierEmails).toHaveLength(1);
    expect(data.earlierEmails[0]!.address).toBe('ines@teste.local');
    const templates = data.earlierEmails[0]!.emails.map((m) => m.template);
    expect(templates).toContain('email_changed');
    expect(templates).not.toContain('password_changed');

    expect((await deleteAccount(ines.auth, PASSWORD)).status).toBe(200);
    const left = await db
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.recipient}) = 'ines@teste.local'`);
    expect(left.map((m) => m.template)).toEqual(['password_changed']);
    expect(await db.select().from(userEmailHistory).where(eq(userEmailHistory.userId, ines.id))).toHaveLength(
      0,
    );
  });
});

describe('DELETE /api/user/account', { timeout: 180_000 }, () => {
  it('a wrong password answers 403 and changes nothing', async () => {
    const dora = await register('dora@teste.local');
    const group = await makeGroup(db, dora.id);
    const res = await deleteAccount(dora.auth, 'senha-errada');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toContain('Senha incorreta');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await whoAmI(dora.auth)).status).toBe(200);
    expect(await db.select().from(groups).where(eq(groups.id, group.id))).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.id, dora.id))).toHaveLength(1);
  });

  it('someone holding the session elsewhere cannot spend the owner’s password tries', async () => {
    const elis = await register('elis@teste.local');
    const wrong = (ip: string, action: 'email' | 'delete') =>
      callFunction(accountFn, action === 'email' ? '/api/user/email' : '/api/user/account', {
        ...jsonInit(
          action === 'email' ? 'POST' : 'DELETE',
          action === 'email'
            ? { email: 'outro-da-elis@teste.local', password: 'chute' }
            : { password: 'chute' },
          elis.auth,
        ),
        ip,
      });
    // A thief with the cookie, from its own address: 5 wrong guesses, then 429, on both actions.
    for (let i = 0; i < 5; i++)
      expect((await wrong('203.0.113.200', i % 2 ? 'email' : 'delete')).status).toBe(403);
    const locked = await wrong('203.0.113.200', 'email');
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { message: string }).message).toBe(
      'Muitas tentativas de senha. Aguarde 15 minutos e tente novamente.',
    );
    // The owner, from their own address, still changes the e-mail (its password is checked) at once.
    const owner = await callFunction(accountFn, '/api/user/email', {
      ...jsonInit('POST', { email: 'elis.nova@teste.local', password: PASSWORD }, elis.auth),
      ip: '198.51.100.240',
    });
    expect(owner.status).toBe(200);
  });

  it('refuses the last admin with a clear 409, and lets an admin go once another admin exists', async () => {
    await db.update(users).set({ admin: false });
    await ensureAdmin(db, { email: 'admin-unico@teste.local', password: PASSWORD });
    const login1 = await login('admin-unico@teste.local');
    const token = sessionCookieOf(login1);
    const auth = { cookie: `session=${token}` };
    const refused = await deleteAccount(auth, PASSWORD);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe(LAST_ADMIN_MESSAGE);
    expect((await whoAmI(auth)).status).toBe(200);

    await ensureAdmin(db, { email: 'outra-admin@teste.local', password: PASSWORD });
    expect((await deleteAccount(auth, PASSWORD)).status).toBe(200);
    const admins = await db.select({ email: users.email }).from(users).where(eq(users.admin, true));
    expect(admins.map((a) => a.email)).toEqual(['outra-admin@teste.local']);
  });

  it('ends every session, deletes the groups (links free again), keeps the orders anonymised and sends a last e-mail', async () => {
    const erica = await register('erica@teste.local', 'Érica Saindo');
    const other = await login('erica@teste.local');
    const otherAuth = { cookie: `session=${sessionCookieOf(other)}` };
    const publicA = await makeGroup(db, erica.id, { title: 'Público A', featured: true });
    const publicB = await makeGroup(db, erica.id, { title: 'Público B' });
    const pending = await makeGroup(db, erica.id, { title: 'Pendente', approved: false });
    const stranger = await register('fabio@teste.local');
    const strangers = await makeGroup(db, stranger.id);
    const [report] = await db
      .insert(groupReports)
      .values({ groupId: strangers.id, userId: erica.id, reason: 'spam', reporterHash: 'h-erica' })
      .returning();
    const orders = await db
      .insert(featureOrders)
      .values([
        {
          userId: erica.id,
          groupId: publicA.id,
          planId,
          price: 3990,
          days: 7,
          status: 'active' as const,
          // Paid 10 days ago (its days running after an earlier period): past the withdrawal window, so the
          // deletion ends it without a refund (one within the window is payments-refunds.test.ts's).
          startDate: new Date(Date.now() - 10 * 86_400_000),
          endDate: new Date(Date.now() + 5 * 86_400_000),
          paymentMethod: 'mercadopago',
          paymentId: 'mp-123',
        },
        { userId: erica.id, groupId: publicB.id, planId, price: 11990, days: 30, status: 'pending' as const },
      ])
      .returning();
    await db.delete(rebuildRequests);

    const res = await deleteAccount(erica.auth, PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    const cookies = res.headers.get('set-cookie') ?? '';
    expect(cookies).toContain('session=; Path=/; Max-Age=0');
    expect(cookies).toContain('logged_in=; Path=/; Max-Age=0');

    // Every session ends: this one and the one from another login.
    expect((await whoAmI(erica.auth)).status).toBe(401);
    expect((await whoAmI(otherAuth)).status).toBe(401);
    expect((await login('erica@teste.local')).status).toBe(401);
    expect(await db.select().from(users).where(eq(users.id, erica.id))).toEqual([]);

    // Groups gone; the rebuild names the public ones (their pages leave the site and the CDN).
    expect(
      await db
        .select()
        .from(groups)
        .where(inArray(groups.id, [publicA.id, publicB.id, pending.id])),
    ).toEqual([]);
    const reasons = (await db.select().from(rebuildRequests)).map((r) => r.reason);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toContain(publicA.id);
    expect(reasons[0]).toContain(publicB.id);
    expect(reasons[0]).not.toContain(pending.id);

    // The invite link can be submitted again by someone else.
    const form = new FormData();
    form.set('title', 'Público A de novo');
    form.set('description', 'O mesmo convite, agora de outra pessoa.');
    form.set('link', publicA.link);
    form.set('category', 'Tecnologia');
    const resubmitted = await callFunction(submitFn, '/api/groups', {
      method: 'POST',
      body: form,
      headers: stranger.auth,
      ip: '198.51.100.77',
    });
    expect(resubmitted.status).toBe(201);

    // Orders kept for the tax records: amounts, dates, plan and provider ids stay, the person does not.
    const kept = await db
      .select()
      .from(featureOrders)
      .where(
        inArray(
          featureOrders.id,
          orders.map((o) => o.id),
        ),
      );
    expect(kept).toHaveLength(2);
    const paid = kept.find((o) => o.id === orders[0]!.id)!;
    expect(paid).toMatchObject({
      userId: null,
      groupId: null,
      planId,
      price: 3990,
      days: 7,
      status: 'expired',
      paymentMethod: 'mercadopago',
      paymentId: 'mp-123',
    });
    expect(paid.orderDate).toEqual(orders[0]!.orderDate);
    expect(paid.startDate).toEqual(orders[0]!.startDate);
    expect(kept.find((o) => o.id === orders[1]!.id)).toMatchObject({ userId: null, status: 'cancelled' });
    const rows = await db.execute(sql`select * from feature_orders`);
    expect(JSON.stringify(rows)).not.toContain('erica@teste.local');

    // A report she made stays for moderation, without her.
    const [left] = await db.select().from(groupReports).where(eq(groupReports.id, report!.id));
    expect(left!.userId).toBeNull();

    // The last e-mail, to the address captured before the account was deleted.
    const last = await catcher.waitFor(
      (m) => m.to.includes('erica@teste.local') && m.subject === 'Sua conta foi excluída',
    );
    expect(last.text).toContain('Olá, Érica Saindo!');
    expect(last.text).toContain('Seus 3 grupos saíram do site.');
    expect(last.text).toContain('6 meses');

    // Once sent, that last message leaves the outbox after 30 days (the hourly pruning).
    const lastRows = () =>
      db
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.template, 'account_deleted'), eq(mailOutbox.recipient, 'erica@teste.local')),
        );
    expect(await lastRows()).toEqual([expect.objectContaining({ status: 'sent' })]);
    expect(await (await pruneFn.default()).json()).toMatchObject({ deletedAccountMail: 0 });
    await db
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(mailOutbox.recipient, 'erica@teste.local'));
    expect(await (await pruneFn.default()).json()).toMatchObject({ deletedAccountMail: 1 });
    expect(await lastRows()).toEqual([]);
  });
});

describe("'Meus dados': name, phone, e-mail and password", { timeout: 180_000 }, () => {
  it('corrects the name at once; a name too short is a clear 400', async () => {
    const gil = await register('gil@teste.local', 'Gil Antigo');
    const res = await callFunction(
      accountFn,
      '/api/user/profile',
      jsonInit('PATCH', { name: '  Gil Novo ' }, gil.auth),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { name: 'Gil Novo' }, message: 'Nome atualizado.' });
    expect(((await (await whoAmI(gil.auth)).json()) as { user: { name: string } }).user.name).toBe(
      'Gil Novo',
    );
    const bad = await callFunction(
      accountFn,
      '/api/user/profile',
      jsonInit('PATCH', { name: 'G' }, gil.auth),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.name).toBe(
      'O nome deve ter pelo menos 3 caracteres',
    );
  });

  it('changes the e-mail only after the link sent to the new address; the old one gets a notice', async () => {
    const hugo = await register('hugo@teste.local', 'Hugo');
    await register('ocupado@teste.local');
    const change = (email: string, password = PASSWORD) =>
      callFunction(accountFn, '/api/user/email', jsonInit('POST', { email, password }, hugo.auth));

    const wrong = await change('hugo.novo@teste.local', 'errada');
    expect(wrong.status).toBe(403);
    const taken = await change('OCUPADO@teste.local');
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { message: string }).message).toBe(
      'Este e-mail já está cadastrado em outra conta. Use outro e-mail.',
    );
    expect((await change('HUGO@teste.local')).status).toBe(400);

    const asked = await change('hugo.novo@teste.local');
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ pendingEmail: 'hugo.novo@teste.local' });
    const profile = (await (
      await callFunction(accountFn, '/api/user/profile', { headers: hugo.auth })
    ).json()) as {
      user: { email: string };
      pendingEmail: string;
    };
    expect(profile).toMatchObject({
      user: { email: 'hugo@teste.local' },
      pendingEmail: 'hugo.novo@teste.local',
    });

    const mail = await catcher.waitFor((m) => m.to.includes('hugo.novo@teste.local'));
    expect(mail.subject).toBe('Confirme seu novo e-mail');
    const token = linkIn(mail.text, '/auth/confirmar-email?token=').searchParams.get('token')!;
    // Nothing changes until the link is opened.
    expect((await login('hugo@teste.local')).status).toBe(200);

    const confirmed = await callFunction(confirmFn, '/api/email-confirmation', {
      ...jsonInit('POST', { token }),
      ip: '198.51.100.150',
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({
      confirmed: true,
      email: 'hugo.novo@teste.local',
      message: 'E-mail alterado. Agora sua conta usa hugo.novo@teste.local.',
    });
    const [row] = await db.select().from(users).where(eq(users.id, hugo.id));
    expect(row!.email).toBe('hugo.novo@teste.local');
    expect(row!.emailConfirmedAt).not.toBeNull();
    const notice = await catcher.waitFor(
      (m) => m.to.includes('hugo@teste.local') && m.subject === 'O e-mail da sua conta foi alterado',
    );
    expect(notice.text).toContain('hugo.novo@teste.local');
    expect((await login('hugo.novo@teste.local')).status).toBe(200);
    expect((await login('hugo@teste.local')).status).toBe(401);
    // Used up.
    const again = await callFunction(confirmFn, '/api/email-confirmation', jsonInit('POST', { token }));
    expect(again.status).toBe(400);
  });

  it('shows the phone given at sign-up and changes or removes it; a short one is a clear 400', async () => {
    const res = await callFunction(authFn, '/api/register', {
      ...jsonInit('POST', {
        name: 'Júlia Fone',
        email: 'julia@teste.local',
        phone: '(11) 98765-4321',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        adult: true,
      }),
      ip: '198.51.100.120',
    });
    const auth = { cookie: `session=${sessionCookieOf(res)}` };
    const profile = async () =>
      (
        (await (await callFunction(accountFn, '/api/user/profile', { headers: auth })).json()) as {
          user: { name: string; phone: string | null };
        }
      ).user;
    expect(await profile()).toMatchObject({ name: 'Júlia Fone', phone: '(11) 98765-4321' });
    const patch = (body: unknown) =>
      callFunction(accountFn, '/api/user/profile', jsonInit('PATCH', body, auth));

    const changed = await patch({ phone: ' 21 99999-0000 ' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ message: 'Telefone atualizado.' });
    expect(await profile()).toMatchObject({ name: 'Júlia Fone', phone: '21 99999-0000' });
    const short = await patch({ phone: '1234' });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { fields: Record<string, string> }).fields.phone).toBe(
      'Telefone deve ter pelo menos 10 dígitos',
    );
    expect((await profile()).phone).toBe('21 99999-0000');
    expect((await patch({ phone: '' })).status).toBe(200);
    expect(await profile()).toMatchObject({ name: 'Júlia Fone', phone: null });
  });

  it('changes the password with the current one: the other sessions end, this one goes on, the address is told', async () => {
    const lia = await register('lia@teste.local', 'Lia Senha');
    const elsewhere = sessionCookieOf(await login('lia@teste.local'));
    const change = (body: unknown) =>
      callFunction(accountFn, '/api/user/password', jsonInit('POST', body, lia.auth));

    const wrong = await change({
      password: 'errada',
      newPassword: 'nova-senha-1',
      confirmPassword: 'nova-senha-1',
    });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields.password).toBe(
      'Senha incorreta. Digite a senha que você usa para entrar.',
    );
    const mismatch = await change({
      password: PASSWORD,
      newPassword: 'nova-senha-1',
      confirmPassword: 'outra',
    });
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { fields: Record<string, string> }).fields.confirmPassword).toBe(
      'As senhas não coincidem',
    );
    expect((await login('lia@teste.local')).status).toBe(200); // nothing changed yet

    const done = await change({
      password: PASSWORD,
      newPassword: 'nova-senha-1',
      confirmPassword: 'nova-senha-1',
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      message: 'Senha alterada. As sessões nos outros aparelhos foram encerradas; esta continua aberta.',
    });
    // This device got a new session in the answer; the old cookie and the other device are out.
    const here = { cookie: `session=${sessionCookieOf(done)}` };
    expect((await whoAmI(here)).status).toBe(200);
    expect((await whoAmI(lia.auth)).status).toBe(401);
    expect((await whoAmI({ cookie: `session=${elsewhere}` })).status).toBe(401);
    expect((await login('lia@teste.local')).status).toBe(401);
    expect((await login('lia@teste.local', 'nova-senha-1')).status).toBe(200);
    const notice = await catcher.waitFor(
      (m) => m.to.includes('lia@teste.local') && m.subject === 'A senha da sua conta foi alterada',
    );
    expect(notice.text).toContain('Esqueci minha senha');
  });

  it('refuses the link when the new address was taken meanwhile, changing nothing', async () => {
    const ivo = await register('ivo@teste.local');
    expect(
      (
        await callFunction(
          accountFn,
          '/api/user/email',
          jsonInit('POST', { email: 'disputado@teste.local', password: PASSWORD }, ivo.auth),
        )
      ).status,
    ).toBe(200);
    const mail = await catcher.waitFor((m) => m.to.includes('disputado@teste.local'));
    const token = linkIn(mail.text, '/auth/confirmar-email?token=').searchParams.get('token')!;
    await register('disputado@teste.local');
    const res = await callFunction(confirmFn, '/api/email-confirmation', jsonInit('POST', { token }));
    expect(res.status).toBe(409);
    const [row] = await db.select().from(users).where(eq(users.id, ivo.id));
    expect(row!.email).toBe('ivo@teste.local');
  });
});
