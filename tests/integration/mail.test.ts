// E-mail: every message the product sends, read from the local SMTP catcher (real nodemailer, real
// smtp-server, real MIME parsing), the outbox's retries after a refused send, the admin's view, and
// the rule that an unconfirmed address only gets the confirmation and the password reset.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parse } from 'node-html-parser';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { featureOrders, featurePlans, groups, mailOutbox, rateLimitBuckets, users } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adminGroupsFn from '../../functions/admin-groups.ts';
import * as adminMailFn from '../../functions/admin-mail.ts';
import * as adminReportsFn from '../../functions/admin-reports.ts';
import * as reportsFn from '../../functions/group-reports.ts';
import * as sendMailFn from '../../functions/send-mail.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { DEAD_LINK_NEXT_STEP } from '../../src/features/groups/groups.ts';
import { notifyLinkDead, queueFeaturingReminders } from '../../src/features/mail/notify.server.ts';
import { deliverMail, MAX_ATTEMPTS } from '../../src/features/mail/outbox.server.ts';
import { hiddenExplanation } from '../../src/features/panel/HiddenNotice.tsx';
import { approveOrder, settlePayment } from '../../src/features/payments/settlement.server.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { callFunction } from '../support/functions.ts';
import { setupMailCatcher } from '../support/mail.ts';
import { makeGroup, signedIn } from './payments-helpers.ts';

const { db } = await setupTestDb();
const catcher = await setupMailCatcher();
const SITE = 'http://localhost:8888';
const HOSTILE = `Grupo <script>alert("x")</script> & 'amigos'`;

let adminToken = '';

async function owner(name: string, confirmed = true) {
  const [user] = await db
    .insert(users)
    .values({
      email: `${name.toLowerCase()}-${randomBytes(3).toString('hex')}@teste.local`,
      password: 'x',
      name,
      emailConfirmedAt: confirmed ? new Date() : null,
    })
    .returning();
  return user!;
}

const mailTo = (email: string, subject: string) =>
  catcher.waitFor((m) => m.to.includes(email) && m.subject === subject);

async function outboxFor(email: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
}

/** The parts every message shares: site name, a link back, pt-BR, and both parts. */
function expectLayout(mail: { html: string; text: string }) {
  const doc = parse(mail.html);
  expect(doc.querySelector('html')?.getAttribute('lang')).toBe('pt-BR');
  expect(doc.text).toContain('Grupos de Zap');
  expect(doc.querySelectorAll('a').map((a) => a.getAttribute('href'))).toContain(`${SITE}/`);
  expect(mail.text).toContain(`Grupos de Zap: ${SITE}/`);
}

beforeAll(async () => {
  await seedDatabase(db, { groups: 4, now: new Date('2026-06-01T12:00:00Z') });
  const [admin] = await db
    .insert(users)
    .values({
      email: 'chefe@teste.local',
      password: 'x',
      name: 'Chefe',
      admin: true,
      emailConfirmedAt: new Date(),
    })
    .returning();
  adminToken = await signSession(admin!.id);
});
beforeEach(async () => {
  catcher.refuse(false);
  await db.delete(rateLimitBuckets);
});

describe('group moderation messages', () => {
  it('approval sends "Seu grupo foi aprovado" with the page link, titles escaped in HTML', async () => {
    const user = await owner('Ana');
    const group = await makeGroup(db, user.id, { approved: false, title: HOSTILE });
    const res = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}/approve`,
      signedIn(adminToken, { method: 'PATCH' }),
    );
    expect(res.status).toBe(200);
    const mail = await mailTo(user.email, 'Seu grupo foi aprovado');
    expectLayout(mail);
    const doc = parse(mail.html);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    expect(mail.html).not.toContain('<script>alert');
    expect(mail.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;amigos&#39;');
    expect(doc.text).toContain(HOSTILE); // what the reader sees is the title as typed
    expect(mail.text).toContain(`"${HOSTILE}"`);
    const link = `${SITE}/tecnologia/${group.titleSlug}`;
    expect(doc.querySelectorAll('a').map((a) => a.getAttribute('href'))).toContain(link);
    expect(mail.text).toContain(link);
    // Approving it again sends nothing more.
    await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}/approve`,
      signedIn(adminToken, { method: 'PATCH' }),
    );
    expect((await outboxFor(user.email)).map((m) => m.template)).toEqual(['group_approved']);
  });

  it('deleting a pending group sends "Seu grupo não foi aprovado" with the reason', async () => {
    const user = await owner('Bia');
    const group = await makeGroup(db, user.id, { approved: false });
    const res = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}`,
      signedIn(adminToken, { method: 'DELETE' }),
    );
    expect(res.status).toBe(200);
    const mail = await mailTo(user.email, 'Seu grupo não foi aprovado');
    expectLayout(mail);
    expect(mail.text).toContain(group.title);
    expect(mail.text).toContain('Motivo: O grupo não segue as regras do diretório.');
    // Deleting an approved group is not a rejection: it is a removal, told with its reason and 'Contestar'.
    const approved = await makeGroup(db, user.id);
    await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${approved.id}`,
      signedIn(adminToken, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Divulga apostas ilegais' }),
      }),
    );
    expect((await outboxFor(user.email)).map((m) => m.template)).toEqual(['group_rejected', 'group_hidden']);
    const removal = await mailTo(user.email, 'Seu grupo foi removido');
    expectLayout(removal);
    expect(removal.text).toContain('Motivo: A equipe removeu o grupo do diretório: Divulga apostas ilegais');
    expect(removal.text).toContain('/painel?contestar=');
  });

  it('a group hidden by reports sends "Seu grupo foi ocultado" with the reason, once', async () => {
    const user = await owner('Caio');
    const group = await makeGroup(db, user.id, { title: HOSTILE });
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const res = await callFunction(reportsFn, `/api/groups/${group.id}/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'test' },
        body: JSON.stringify({ reason: 'scam', description: 'pede pix adiantado' }),
        ip,
      });
      expect(res.status).toBe(201);
    }
    const mail = await mailTo(user.email, 'Seu grupo foi ocultado');
    expectLayout(mail);
    expect(mail.text).toContain(
      'Motivo: Recebemos várias denúncias de golpe ou conteúdo ilegal sobre este grupo.',
    );
    expect(mail.html).not.toContain('<script>alert');
    // The admin confirming the hide is a decision of its own, contestable: the owner is told it too.
    const res = await callFunction(
      adminReportsFn,
      `/api/admin/reports/${group.id}`,
      signedIn(adminToken, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"action":"hide"}',
      }),
    );
    expect(res.status).toBe(200);
    expect((await outboxFor(user.email)).map((m) => m.template)).toEqual(['group_hidden', 'group_hidden']);
    const confirmed = await catcher.waitFor(
      (m) => m.to.includes(user.email) && m.text.includes('A equipe ocultou o grupo depois de analisar'),
    );
    expect(confirmed.text).toContain('/painel?contestar=');
  });

  it('an admin hiding a visible group from the reports queue tells the owner', async () => {
    const user = await owner('Davi');
    const group = await makeGroup(db, user.id);
    await callFunction(reportsFn, `/api/groups/${group.id}/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'test' },
      body: JSON.stringify({ reason: 'spam', description: 'manda propaganda' }),
      ip: '203.0.113.9',
    });
    await callFunction(
      adminReportsFn,
      `/api/admin/reports/${group.id}`,
      signedIn(adminToken, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"action":"hide"}',
      }),
    );
    const mail = await mailTo(user.email, 'Seu grupo foi ocultado');
    expect(mail.text).toContain('Motivo: A equipe ocultou o grupo depois de analisar denúncias sobre ele.');
  });

  it('notifyLinkDead tells the owner the invite link stopped working', async () => {
    const user = await owner('Edu');
    const group = await makeGroup(db, user.id);
    await notifyLinkDead(db, group.id);
    const mail = await mailTo(user.email, 'O link do seu grupo parou de funcionar');
    expectLayout(mail);
    expect(mail.text).toContain(`"${group.title}"`);
    expect(mail.text).toContain(`${SITE}/painel`);
    // One message in the mail and the panel: 'Atualizar link' keeps the group; never 'send it again'.
    expect(mail.text).toContain("use 'Atualizar link' no seu painel: o grupo continua o mesmo");
    expect(mail.text).toContain(DEAD_LINK_NEXT_STEP);
    expect(hiddenExplanation('dead_link', [])).toContain(DEAD_LINK_NEXT_STEP);
    // A group without an owner (imported) has nobody to tell.
    const orphan = await makeGroup(db, null);
    await expect(notifyLinkDead(db, orphan.id)).resolves.toBeUndefined();
  });
});

describe('payments and featuring messages', () => {
  async function order(
    userId: string,
    groupId: string,
    values: Partial<typeof featureOrders.$inferInsert> = {},
  ) {
    const [plan] = await db.select().from(featurePlans).where(eq(featurePlans.active, true)).limit(1);
    const [row] = await db
      .insert(featureOrders)
      .values({ userId, groupId, planId: plan!.id, price: plan!.price, days: plan!.days, ...values })
      .returning();
    return { order: row!, plan: plan! };
  }

  it('a settled payment sends the receipt: plan, amount in R$, provider, period', async () => {
    const user = await owner('Fabi');
    const group = await makeGroup(db, user.id);
    const { order: o, plan } = await order(user.id, group.id, { paymentMethod: 'stripe', paymentId: 'cs_1' });
    const outcome = await settlePayment(db, {
      provider: 'stripe',
      eventId: `evt_${o.id}`,
      orderId: o.id,
      paymentId: 'cs_1',
      amountCents: o.price,
      currency: 'brl',
    });
    expect(outcome).toBe('activated');
    const mail = await mailTo(user.email, 'Pagamento confirmado: seu destaque está ativo');
    expectLayout(mail);
    const [active] = await db.select().from(featureOrders).where(eq(featureOrders.id, o.id));
    const brl = (plan.price / 100).toFixed(2).replace('.', ',');
    const day = (d: Date) => d.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    expect(mail.text).toContain(`Plano: ${plan.name} (${plan.days} ${plan.days === 1 ? 'dia' : 'dias'})`);
    expect(mail.text).toContain(`Valor: R$ ${brl}`);
    expect(mail.text).toContain('Forma de pagamento: Stripe (cartão)');
    expect(mail.text).toContain(`Período: ${day(active!.startDate!)} a ${day(active!.endDate!)}`);
    expect(mail.text).toContain(`Pedido: #${o.number}`); // the short number, never the id
    expect(parse(mail.html).text).toContain(`R$ ${brl}`);
    // A replayed notification sends no second receipt.
    await settlePayment(db, {
      provider: 'stripe',
      eventId: `evt_${o.id}`,
      orderId: o.id,
      paymentId: 'cs_1',
      amountCents: o.price,
      currency: 'brl',
    });
    expect((await outboxFor(user.email)).map((m) => m.template)).toEqual(['payment_confirmed']);
  });

  it('an order approved by an admin sends the receipt too', async () => {
    const user = await owner('Gil');
    const group = await makeGroup(db, user.id);
    const { order: o } = await order(user.id, group.id);
    await approveOrder(db, o.id);
    const mail = await mailTo(user.email, 'Pagamento confirmado: seu destaque está ativo');
    expect(mail.text).toContain('Forma de pagamento: Aprovação manual');
  });

  it('featuring ending in 3 days and ended: one message each per order, with a renewal link; a renewed group gets none', async () => {
    const now = new Date();
    const user = await owner('Hugo');
    const ending = await makeGroup(db, user.id, {
      featured: true,
      featuredUntil: new Date(now.getTime() + 2 * 86_400_000),
    });
    const { order: endingOrder } = await order(user.id, ending.id, {
      status: 'active',
      startDate: new Date(now.getTime() - 5 * 86_400_000),
      endDate: ending.featuredUntil,
    });
    const ended = await makeGroup(db, user.id, { featured: false, featuredUntil: null });
    await order(user.id, ended.id, {
      status: 'expired',
      startDate: new Date(now.getTime() - 8 * 86_400_000),
      endDate: new Date(now.getTime() - 3_600_000),
    });
    // Renewed: the group is featured a month beyond this order's end.
    const renewed = await makeGroup(db, user.id, {
      featured: true,
      featuredUntil: new Date(now.getTime() + 30 * 86_400_000),
    });
    await order(user.id, renewed.id, {
      status: 'active',
      startDate: new Date(now.getTime() - 5 * 86_400_000),
      endDate: new Date(now.getTime() + 86_400_000),
    });

    const res = await callFunction(sendMailFn, new Request(`${SITE}/.netlify/functions/send-mail`));
    expect(res.status).toBe(404); // scheduled: no path
    const result = (await (await sendMailFn.default()).json()) as { reminders: number };
    expect(result.reminders).toBeGreaterThanOrEqual(2); // the earlier tests' short orders count too
    const soon = await mailTo(user.email, 'Seu destaque termina em 3 dias');
    expectLayout(soon);
    expect(soon.text).toContain(ending.title);
    expect(soon.text).toContain(`${SITE}/planos-destaque?groupId=${ending.id}`);
    const over = await mailTo(user.email, 'Seu destaque terminou');
    expect(over.text).toContain(ended.title);
    expect(over.text).toContain(`${SITE}/planos-destaque?groupId=${ended.id}`);

    expect(await queueFeaturingReminders(db)).toBe(0); // remembered per order
    const rows = await outboxFor(user.email);
    expect(rows.map((r) => r.template).sort()).toEqual(['featuring_ended', 'featuring_ending']);
    expect(rows.find((r) => r.template === 'featuring_ending')?.dedupeKey).toBe(
      `featuring-ending:${endingOrder.id}`,
    );
  });
});

describe('the outbox', () => {
  it('a refused send never fails the action; the message is retried with backoff and sent', async () => {
    expectConsoleError(/not sent: .*451/);
    const user = await owner('Iara');
    const group = await makeGroup(db, user.id, { approved: false });
    catcher.refuse(true);
    const res = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}/approve`,
      signedIn(adminToken, { method: 'PATCH' }),
    );
    expect(res.status).toBe(200);
    expect((await db.select().from(groups).where(eq(groups.id, group.id)))[0]!.approved).toBe(true);
    let [row] = await outboxFor(user.email);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('451');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect((await catcher.list()).filter((m) => m.to.includes(user.email))).toHaveLength(0);

    // The scheduled run before the backoff has passed leaves it alone.
    catcher.refuse(false);
    await sendMailFn.default();
    [row] = await outboxFor(user.email);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    // After the backoff it is sent.
    await deliverMail(db, undefined, new Date(Date.now() + 2 * 60_000));
    [row] = await outboxFor(user.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
    await mailTo(user.email, 'Seu grupo foi aprovado');
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, shows the admin the error, and 'Reenviar' sends it`, async () => {
    expectConsoleError(/not sent: .*451/);
    const user = await owner('Jade');
    await makeGroup(db, user.id);
    catcher.refuse(true);
    const group = await makeGroup(db, user.id);
    await notifyLinkDead(db, group.id);
    let at = Date.now();
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      at += 61 * 60_000; // past any backoff
      await deliverMail(db, undefined, new Date(at));
    }
    const [row] = await outboxFor(user.email);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    await deliverMail(db, undefined, new Date(at + 100 * 60_000));
    expect((await outboxFor(user.email))[0]!.attempts).toBe(MAX_ATTEMPTS); // no more tries

    const summary = (await (
      await callFunction(adminMailFn, '/api/admin/mail', signedIn(adminToken))
    ).json()) as {
      failed: number;
      problems: { id: number; recipient: string; status: string; lastError: string }[];
    };
    expect(summary.failed).toBeGreaterThanOrEqual(1);
    const problem = summary.problems.find((p) => p.recipient === user.email)!;
    expect(problem).toMatchObject({ status: 'failed' });
    expect(problem.lastError).toContain('451');
    expect((await callFunction(adminMailFn, '/api/admin/mail')).status).toBe(401);

    catcher.refuse(false);
    const resend = await callFunction(
      adminMailFn,
      `/api/admin/mail/${problem.id}/resend`,
      signedIn(adminToken, { method: 'POST' }),
    );
    expect(resend.status).toBe(200);
    expect(await resend.json()).toMatchObject({ sent: 1, message: 'E-mail enviado' });
    await mailTo(user.email, 'O link do seu grupo parou de funcionar');
    const again = await callFunction(
      adminMailFn,
      `/api/admin/mail/${problem.id}/resend`,
      signedIn(adminToken, { method: 'POST' }),
    );
    expect(again.status).toBe(404);
  });
});

describe('unconfirmed addresses', () => {
  it('get no message but the confirmation and the reset: others are dropped as skipped', async () => {
    const user = await owner('Lia', false);
    const group = await makeGroup(db, user.id, { approved: false });
    await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${group.id}/approve`,
      signedIn(adminToken, { method: 'PATCH' }),
    );
    await notifyLinkDead(db, group.id);
    const rows = await outboxFor(user.email);
    expect(rows.map((r) => [r.template, r.status])).toEqual([
      ['group_approved', 'skipped'],
      ['link_dead', 'skipped'],
    ]);
    expect((await catcher.list()).filter((m) => m.to.includes(user.email))).toHaveLength(0);
    // The reset is sent (it is how an owner gets back in).
    await callFunction(await import('../../functions/password-reset.ts'), '/api/password-reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    });
    await mailTo(user.email, 'Redefina sua senha');
  });
});
