// Refunds: the owner's 7-day withdrawal and the admin's refund through the real stripe and mercadopago
// SDKs against the fake providers (and the local simulator), the featuring taken back with other paid
// time kept, provider failures changing nothing, double refunds answered once, refunds made in the
// providers' dashboards arriving by webhook (replays included), and the owner's e-mail.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  featureOrders,
  groups,
  mailOutbox,
  orderRefunds,
  processedWebhookEvents,
  rebuildRequests,
  users,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as adminGroupsFn from '../../functions/admin-groups.ts';
import * as adminPaymentsFn from '../../functions/admin-payments.ts';
import * as withdrawFn from '../../functions/feature-order-withdraw.ts';
import * as featureOrdersFn from '../../functions/feature-orders.ts';
import * as plansFn from '../../functions/feature-plans.ts';
import * as webhooksFn from '../../functions/payment-webhooks.ts';
import * as panelFn from '../../functions/user.ts';
import * as userAccountFn from '../../functions/user-account.ts';
import { ADULT_CHECKOUT_MESSAGE } from '../../src/features/auth/auth.schema.ts';
import { hashPassword } from '../../src/features/auth/password.server.ts';
import { signMercadoPago } from '../../src/features/payments/providers/mercadopago.ts';
import { simulatorEvent } from '../../src/features/payments/providers/simulator.ts';
import { retryDueRefunds } from '../../src/features/payments/refunds.server.ts';
import { saveSettings } from '../../src/features/payments/settings.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { addDays, dayOf, startOfDay } from '../../src/lib/time-zone.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import {
  type FakeMercadoPago,
  signedMpNotification,
  startFakeMercadoPago,
} from '../support/fake-mercadopago.ts';
import { type FakeStripe, signedStripeEvent, startFakeStripe } from '../support/fake-stripe.ts';
import { callFunction } from '../support/functions.ts';
import { setupMailCatcher } from '../support/mail.ts';
import { makeGroup, makeUser, postJson, signedIn } from './payments-helpers.ts';

const { db } = await setupTestDb();
const catcher = await setupMailCatcher();
let stripe: FakeStripe;
let mp: FakeMercadoPago;
const DAY = 86_400_000;
const STRIPE_SECRET = 'whsec_reembolsos';
const MP_SECRET = 'segredo-mp-reembolsos';

const SETTINGS = {
  mercadoPagoAccessToken: 'APP_USR-token-de-teste',
  mercadoPagoWebhookSecret: MP_SECRET,
  mercadoPagoPublicKey: 'APP_USR-public',
  stripeSecretKey: 'sk_test_reembolsos',
  stripePublicKey: 'pk_test_123',
  stripeWebhookSecret: STRIPE_SECRET,
  callbackUrl: '',
  returnUrl: '',
  mode: 'sandbox' as const,
  preferredPaymentMethod: 'stripe' as const,
  mercadopagoEnabled: true,
  stripeEnabled: true,
};

beforeAll(async () => {
  await seedDatabase(db, { groups: 0 });
  stripe = await startFakeStripe();
  mp = await startFakeMercadoPago();
  process.env.STRIPE_API_BASE = stripe.url;
  process.env.MERCADOPAGO_API_BASE = mp.url;
  // A hanging provider is given up after 1.5 s a try here (15 s in production): same path, less waiting.
  process.env.PAYMENT_PROVIDER_TIMEOUT_MS = '1500';
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.STRIPE_API_BASE;
  delete process.env.MERCADOPAGO_API_BASE;
  delete process.env.PAYMENT_PROVIDER_TIMEOUT_MS;
  resetEnvForTests();
  await stripe.close();
  await mp.close();
});
beforeEach(async () => {
  await saveSettings(db, SETTINGS);
});

type Provider = 'stripe' | 'mercadopago' | 'simulator';

async function owner() {
  const made = await makeUser(db, 'Dona');
  await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, made.user.id));
  return made;
}

async function planId(days: number) {
  const plans = (await (await callFunction(plansFn, '/api/feature-plans')).json()) as {
    id: number;
    days: number;
  }[];
  return plans.find((p) => p.days === days)!.id;
}

function sendStripe(event: Record<string, unknown>) {
  const payload = JSON.stringify({ object: 'event', created: Math.floor(Date.now() / 1000), ...event });
  return callFunction(webhooksFn, '/api/payments/webhook/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }),
    },
    body: payload,
  });
}

function sendMp(paymentId: string) {
  const requestId = crypto.randomUUID();
  const signature = signMercadoPago(MP_SECRET, paymentId, requestId, String(Date.now()));
  return callFunction(webhooksFn, `/api/payments/webhook/mercadopago?data.id=${paymentId}&type=payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-request-id': requestId },
    body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: paymentId } }),
  });
}

let mpCounter = 7_000_000;

/**
 * An order created and paid the way an owner pays: POST /api/feature-orders, /pay at the provider
 * (the fake), the provider's paid notification to our webhook. Options: plan days, a renewal of an
 * order, an existing owner and group.
 */
async function paidOrder(
  provider: Provider,
  options: {
    days?: number;
    renewalOf?: string;
    owner?: Awaited<ReturnType<typeof owner>>;
    groupId?: string;
  } = {},
) {
  const who = options.owner ?? (await owner());
  const groupId = options.groupId ?? (await makeGroup(db, who.user.id)).id;
  await saveSettings(db, {
    ...SETTINGS,
    preferredPaymentMethod: provider === 'mercadopago' ? 'mercadopago' : 'stripe',
    ...(provider === 'simulator' ? { stripeSecretKey: '', mercadopagoEnabled: false } : {}),
  });
  const metadata = options.renewalOf
    ? JSON.stringify({ isRenewal: true, originalOrderId: options.renewalOf })
    : undefined;
  const created = await callFunction(
    featureOrdersFn,
    '/api/feature-orders',
    postJson(who.token, {
      groupId,
      planId: await planId(options.days ?? 7),
      ...(metadata ? { metadata } : {}),
    }),
  );
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const pay = await callFunction(
    featureOrdersFn,
    `/api/feature-orders/${id}/pay`,
    signedIn(who.token, { method: 'POST' }),
  );
  expect(pay.status).toBe(200);
  const { payment } = (await pay.json()) as { payment: { id: string; provider: string } };
  expect(payment.provider).toBe(provider);
  const [order] = await db.select().from(featureOrders).where(eq(featureOrders.id, id));
  let paymentId = payment.id;
  let paymentIntent: string | null = null;
  if (provider === 'stripe') {
    const intent = stripe.pay(payment.id);
    paymentIntent = intent.id;
    const res = await sendStripe({
      id: `evt_${crypto.randomUUID()}`,
      type: 'checkout.session.completed',
      data: { object: stripe.sessions.get(payment.id) },
    });
    expect(await res.json()).toEqual({ received: true, outcome: 'activated' });
  } else if (provider === 'mercadopago') {
    const mpId = ++mpCounter;
    paymentId = String(mpId);
    mp.payments.set(paymentId, {
      id: mpId,
      status: 'approved',
      external_reference: id,
      transaction_amount: order!.price / 100,
      currency_id: 'BRL',
    });
    expect(await (await sendMp(paymentId)).json()).toEqual({ received: true, outcome: 'activated' });
  } else {
    const { body, signature } = simulatorEvent({ id, price: order!.price }, 'approve');
    const res = await callFunction(webhooksFn, '/api/payments/webhook/simulator', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    expect(await res.json()).toEqual({ received: true, outcome: 'activated' });
  }
  await saveSettings(db, SETTINGS);
  return { ...who, id, groupId, paymentId, paymentIntent, price: order!.price };
}

/** An owner, a group of theirs and a pending 30-day order for it (made before any withdrawal). */
async function ownerWithPendingOrder() {
  const who = await owner();
  const group = await makeGroup(db, who.user.id);
  const early = await callFunction(
    featureOrdersFn,
    '/api/feature-orders',
    postJson(who.token, { groupId: group.id, planId: await planId(30) }),
  );
  expect(early.status).toBe(201);
  const { id: earlyId } = (await early.json()) as { id: string };
  return { who, group, earlyId };
}

function withdraw(token: string, id: string) {
  return callFunction(withdrawFn, `/api/feature-orders/${id}/withdraw`, signedIn(token, { method: 'POST' }));
}

async function state(orderId: string, groupId: string) {
  const [order] = await db.select().from(featureOrders).where(eq(featureOrders.id, orderId));
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  return { order: order!, group: group!, refunds };
}

const refundPosts = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
const mpRefundPosts = (paymentId: string) =>
  mp.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${paymentId}/refunds`);

async function refundMails(email: string) {
  return (await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).filter(
    (m) => m.template === 'payment_refunded',
  );
}

describe("the owner's withdrawal within 7 days", () => {
  it('Stripe: refunds the payment intent, removes the featuring, answers refunded, e-mails the owner', async () => {
    const paid = await paidOrder('stripe');
    const rebuilds = (await db.select().from(rebuildRequests)).length;
    const before = await state(paid.id, paid.groupId);
    expect(before.order.status).toBe('active');
    expect(before.order.stripePaymentIntentId).toBe(paid.paymentIntent);
    expect(before.group.featured).toBe(true);

    const res = await withdraw(paid.token, paid.id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: paid.id,
      status: 'refunded',
      priceCents: paid.price,
      provider: 'stripe',
      source: 'owner',
    });
    const posts = refundPosts().filter((r) => r.body.get('payment_intent') === paid.paymentIntent);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['idempotency-key']).toBe(`refund-${paid.id}`);
    expect(posts[0]!.body.get('metadata[orderId]')).toBe(paid.id);
    expect(stripe.paymentIntents.get(paid.paymentIntent!)!.amount_refunded).toBe(paid.price);

    const after = await state(paid.id, paid.groupId);
    expect(after.order.status).toBe('refunded');
    expect(after.group.featured).toBe(false);
    expect(after.group.featuredUntil).toBeNull();
    expect(after.refunds).toMatchObject([{ source: 'owner', requestedBy: paid.user.id, provider: 'stripe' }]);
    expect(after.refunds[0]!.providerRefundId).toMatch(/^re_/);
    expect((await db.select().from(rebuildRequests)).length).toBe(rebuilds + 1);

    const got = await callFunction(featureOrdersFn, `/api/feature-orders/${paid.id}`, signedIn(paid.token));
    expect(await got.json()).toMatchObject({ id: paid.id, status: 'refunded', daysRemaining: 0 });

    const mail = await catcher.waitFor((m) => m.to.includes(paid.user.email));
    expect(mail.subject).toBe('Reembolso feito: seu pedido de destaque');
    expect(mail.text).toContain('Recebemos sua desistência da compra');
    expect(mail.text).toContain('saiu do topo da página inicial');

    // Asked again (a double click, a retry): the same answer, no second call to Stripe, one e-mail.
    const again = await withdraw(paid.token, paid.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(body);
    expect(refundPosts().filter((r) => r.body.get('payment_intent') === paid.paymentIntent)).toHaveLength(1);
    expect(await refundMails(paid.user.email)).toHaveLength(1);

    // Stripe's own charge.refunded for our refund arrives later: it changes nothing.
    const echo = await sendStripe({
      id: `evt_${crypto.randomUUID()}`,
      type: 'charge.refunded',
      data: { object: stripe.chargeOf(paid.paymentIntent!) },
    });
    expect(await echo.json()).toEqual({ received: true, outcome: 'already_refunded' });
    expect(await refundMails(paid.user.email)).toHaveLength(1);
  });

  it('Mercado Pago: refunds the payment in full through PaymentRefund, once', async () => {
    const paid = await paidOrder('mercadopago', { days: 30 });
    const res = await withdraw(paid.token, paid.id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'refunded', provider: 'mercadopago', priceCents: 11990 });
    const posts = mpRefundPosts(paid.paymentId);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers['x-idempotency-key']).toBe(`refund-${paid.id}`);
    expect(posts[0]!.body).toEqual({});
    expect(mp.payments.get(paid.paymentId)!.status).toBe('refunded');
    const after = await state(paid.id, paid.groupId);
    expect(after.order.status).toBe('refunded');
    expect(after.group.featured).toBe(false);
    expect(after.refunds[0]!.providerRefundId).toMatch(/^9\d+$/);

    expect(await (await withdraw(paid.token, paid.id)).json()).toEqual(body);
    expect(mpRefundPosts(paid.paymentId)).toHaveLength(1);
    // Mercado Pago's notification for the refunded payment: already applied.
    expect(await (await sendMp(paid.paymentId)).json()).toEqual({
      received: true,
      outcome: 'already_refunded',
    });
    expect(await refundMails(paid.user.email)).toHaveLength(1);
  });

  it('the local simulator refunds locally', async () => {
    const paid = await paidOrder('simulator', { days: 1 });
    const res = await withdraw(paid.token, paid.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'refunded', provider: 'simulator', priceCents: 990 });
    const after = await state(paid.id, paid.groupId);
    expect(after.order.status).toBe('refunded');
    expect(after.group.featured).toBe(false);
    expect(after.refunds[0]!.providerRefundId).toBe(`re_sim_${paid.id.replace(/-/g, '')}`);
  });

  it('still withdraws past 168 h while the 7th São Paulo day after the payment lasts', async () => {
    const paid = await paidOrder('simulator', { days: 30 });
    // Paid at 00:00 (São Paulo) 7 days before today: more than 168 h ago, and today is its 7th day.
    const paidAt = startOfDay(addDays(dayOf(new Date()), -7));
    expect(Date.now() - paidAt.getTime()).toBeGreaterThan(7 * DAY);
    await db.update(featureOrders).set({ startDate: paidAt }).where(eq(featureOrders.id, paid.id));
    const res = await withdraw(paid.token, paid.id);
    expect(res.status).toBe(200);
    expect((await state(paid.id, paid.groupId)).order.status).toBe('refunded');
  });

  it('refuses after the 7th day, an unpaid order, and anyone but the owner, changing nothing', async () => {
    const paid = await paidOrder('stripe');
    // 8 days and a minute ago: past 23:59:59 (São Paulo) of the 7th day after the payment, whatever the hour.
    await db
      .update(featureOrders)
      .set({ startDate: new Date(Date.now() - 8 * DAY - 60_000) })
      .where(eq(featureOrders.id, paid.id));
    const late = await withdraw(paid.token, paid.id);
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({
      message: 'O prazo de 7 dias para desistir desta compra já terminou.',
    });

    const stranger = await owner();
    const other = await withdraw(stranger.token, paid.id);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ message: 'Pedido de destaque não encontrado' });
    expect(
      (await callFunction(withdrawFn, `/api/feature-orders/${paid.id}/withdraw`, { method: 'POST' })).status,
    ).toBe(401);

    const group = await makeGroup(db, paid.user.id);
    const pending = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(paid.token, { groupId: group.id, planId: await planId(7) }),
    );
    const { id: pendingId } = (await pending.json()) as { id: string };
    const unpaid = await withdraw(paid.token, pendingId);
    expect(unpaid.status).toBe(409);
    expect(await unpaid.json()).toMatchObject({ message: 'Só é possível desistir de um pedido pago.' });

    const after = await state(paid.id, paid.groupId);
    expect(after.order.status).toBe('active');
    expect(after.group.featured).toBe(true);
    expect(after.refunds).toHaveLength(0);
    expect(refundPosts().filter((r) => r.body.get('payment_intent') === paid.paymentIntent)).toHaveLength(0);
  });

  it("takes back only this order's days: a renewal's paid time stays, and the renewal's end moves with it", async () => {
    const first = await paidOrder('stripe', { days: 7 });
    const renewal = await paidOrder('stripe', {
      days: 30,
      renewalOf: first.id,
      owner: first,
      groupId: first.groupId,
    });
    const before = await state(renewal.id, first.groupId);
    expect(before.group.featuredUntil!.getTime()).toBeGreaterThan(Date.now() + 36 * DAY);

    expect((await withdraw(first.token, first.id)).status).toBe(200);
    const group = (await state(first.id, first.groupId)).group;
    const end = group.featuredUntil!.getTime();
    expect(group.featured).toBe(true);
    // The 7 days of the first order came off; the renewal's 30 days stay.
    expect(end).toBeGreaterThan(Date.now() + 30 * DAY - 60_000);
    expect(end).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);
    const renewed = (await state(renewal.id, first.groupId)).order;
    expect(renewed.status).toBe('active');
    expect(renewed.endDate!.getTime()).toBe(end);
    const mail = await catcher.waitFor(
      (m) => m.to.includes(first.user.email) && m.subject.startsWith('Reembolso'),
    );
    expect(mail.text).toContain('continua em destaque até');
  });
});

describe("the admin's refund", () => {
  it('refunds any paid order (even after 7 days) for an admin only, the same answer twice', async () => {
    const paid = await paidOrder('mercadopago');
    await db
      .update(featureOrders)
      .set({ startDate: new Date(Date.now() - 20 * DAY) })
      .where(eq(featureOrders.id, paid.id));
    const member = await owner();
    const refused = await callFunction(
      adminPaymentsFn,
      `/api/admin/payments/${paid.id}/refund`,
      signedIn(member.token, { method: 'POST' }),
    );
    expect(refused.status).toBe(403);
    expect(mpRefundPosts(paid.paymentId)).toHaveLength(0);

    const admin = await makeUser(db, 'Admin', true);
    const refund = () =>
      callFunction(
        adminPaymentsFn,
        `/api/admin/payments/${paid.id}/refund`,
        signedIn(admin.token, { method: 'POST' }),
      );
    const res = await refund();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'refunded', source: 'admin', provider: 'mercadopago' });
    expect(await (await refund()).json()).toEqual(body);
    expect(mpRefundPosts(paid.paymentId)).toHaveLength(1);
    const after = await state(paid.id, paid.groupId);
    expect(after.refunds).toMatchObject([{ source: 'admin', requestedBy: admin.user.id }]);
    const mail = await catcher.waitFor((m) => m.to.includes(paid.user.email));
    expect(mail.text).toContain('Seu pedido de destaque foi reembolsado');

    const list = (await (
      await callFunction(adminPaymentsFn, '/api/admin/payments?page=1&pageSize=50', signedIn(admin.token))
    ).json()) as { payments: { id: string; status: string }[] };
    expect(list.payments.find((p) => p.id === paid.id)?.status).toBe('refunded');
  });
});

describe('provider failures: the withdrawal is recorded first and never lost', { timeout: 90_000 }, () => {
  it('Stripe 5xx: 202 "Reembolso em processamento", the featuring ends, the scheduler retries until it refunds', async () => {
    expectConsoleError(/stripe refund failed/);
    const paid = await paidOrder('stripe');
    stripe.failRefunds(2, 500); // the first try and the SDK's own retry
    const res = await withdraw(paid.token, paid.id);
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body).toMatchObject({ id: paid.id, status: 'refund_pending', source: 'owner', refundedAt: null });
    expect(body.message).toMatch(/^Reembolso em processamento: sua desistência está registrada/);
    const after = await state(paid.id, paid.groupId);
    expect(after.order.status).toBe('refunded');
    expect(after.group.featured).toBe(false);
    expect(after.refunds).toMatchObject([
      { status: 'pending', attempts: 1, source: 'owner', requestedBy: paid.user.id },
    ]);
    expect(after.refunds[0]!.lastError).toMatch(/sem resposta/);
    expect(after.refunds[0]!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(await refundMails(paid.user.email)).toHaveLength(0);

    // The panel says so, and the admin sees it with the provider's error.
    const panel = await callFunction(panelFn, '/api/user/feature-orders', signedIn(paid.token));
    const mine = ((await panel.json()) as { id: string; status: string; refundStatus: string }[]).find(
      (o) => o.id === paid.id,
    );
    expect(mine).toMatchObject({ status: 'refunded', refundStatus: 'pending' });
    const admin = await makeUser(db, 'Admin', true);
    const list = (await (
      await callFunction(adminPaymentsFn, '/api/admin/payments?page=1&pageSize=50', signedIn(admin.token))
    ).json()) as { pendingRefunds: { id: string; lastError: string; attempts: number }[] };
    expect(list.pendingRefunds.find((r) => r.id === paid.id)).toMatchObject({ attempts: 1 });
    expect(list.pendingRefunds.find((r) => r.id === paid.id)!.lastError).toMatch(/sem resposta/);

    // Not due yet: the scheduler leaves it; once due, it refunds, e-mails once, and the list empties.
    expect((await retryDueRefunds(db)).tried).toBe(0);
    expect((await retryDueRefunds(db, new Date(Date.now() + 6 * 60_000))).refunded).toBeGreaterThanOrEqual(1);
    const done = await state(paid.id, paid.groupId);
    expect(done.refunds).toMatchObject([{ status: 'completed', attempts: 2 }]);
    expect(done.refunds[0]!.providerRefundId).toMatch(/^re_/);
    expect(stripe.paymentIntents.get(paid.paymentIntent!)!.amount_refunded).toBe(paid.price);
    expect(await refundMails(paid.user.email)).toHaveLength(1);
    // Asked again after the 7th day: answered as it stands, never refused.
    await db
      .update(featureOrders)
      .set({ startDate: new Date(Date.now() - 20 * DAY) })
      .where(eq(featureOrders.id, paid.id));
    const again = await withdraw(paid.token, paid.id);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'refunded' });
  });

  it('Stripe timing out: recorded pending; the owner asking again retries it at once', async () => {
    expectConsoleError(/stripe refund failed/);
    const paid = await paidOrder('stripe');
    stripe.hangRefunds(2);
    const res = await withdraw(paid.token, paid.id);
    expect(res.status).toBe(202);
    expect((await state(paid.id, paid.groupId)).refunds).toMatchObject([{ status: 'pending' }]);
    const again = await withdraw(paid.token, paid.id);
    expect(again.status).toBe(200);
    expect((await state(paid.id, paid.groupId)).refunds).toMatchObject([{ status: 'completed' }]);
  });

  it('Mercado Pago 5xx: pending, then a chargeback completes it (the buyer has the money back)', async () => {
    expectConsoleError(/mercadopago refund failed/);
    const paid = await paidOrder('mercadopago');
    mp.failRefunds(2, 503);
    expect((await withdraw(paid.token, paid.id)).status).toBe(202);
    const pending = await state(paid.id, paid.groupId);
    expect(pending.order.status).toBe('refunded');
    expect(pending.refunds).toMatchObject([{ status: 'pending' }]);
    mp.chargeBack(Number(paid.paymentId));
    const note = signedMpNotification(MP_SECRET, paid.paymentId);
    const res = await callFunction(webhooksFn, note.path, {
      method: 'POST',
      headers: note.headers,
      body: note.body,
    });
    expect(await res.json()).toEqual({ received: true, outcome: 'refunded' });
    const after = await state(paid.id, paid.groupId);
    expect(after.refunds).toMatchObject([
      { status: 'completed', providerRefundId: `chargeback:${paid.paymentId}` },
    ]);
    expect(await refundMails(paid.user.email)).toHaveLength(1);
  });

  it('Stripe refund.failed after accepting it: pending again with the reason, retried under a new key', async () => {
    expectConsoleError(/stripe refund failed|refund .* failed/);
    const paid = await paidOrder('stripe');
    expect((await withdraw(paid.token, paid.id)).status).toBe(200);
    const refundId = (await state(paid.id, paid.groupId)).refunds[0]!.providerRefundId!;
    const failed = stripe.failRefundLater(refundId);
    const event = signedStripeEvent(STRIPE_SECRET, 'refund.failed', failed);
    const send = () =>
      callFunction(webhooksFn, '/api/payments/webhook/stripe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.payload,
      });
    expect(await (await send()).json()).toEqual({ received: true, outcome: 'reopened' });
    expect(await (await send()).json()).toEqual({ received: true, outcome: 'duplicate' });
    const reopened = await state(paid.id, paid.groupId);
    expect(reopened.order.status).toBe('refunded');
    expect(reopened.refunds).toMatchObject([{ status: 'pending', reopened: 1 }]);
    expect(reopened.refunds[0]!.lastError).toContain('expired_or_canceled_card');
    // A forged event changes nothing.
    const forged = await callFunction(webhooksFn, '/api/payments/webhook/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
      body: event.payload,
    });
    expect(forged.status).toBe(400);

    await retryDueRefunds(db, new Date(Date.now() + 6 * 60_000));
    const keys = refundPosts()
      .filter((r) => r.body.get('payment_intent') === paid.paymentIntent)
      .map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([`refund-${paid.id}`, `refund-${paid.id}-r1`]);
    expect((await state(paid.id, paid.groupId)).refunds).toMatchObject([{ status: 'completed' }]);
    expect(stripe.paymentIntents.get(paid.paymentIntent!)!.amount_refunded).toBe(paid.price);
  });

  it('a payment the provider already refunded (its dashboard, before the webhook) counts as refunded', async () => {
    const paid = await paidOrder('stripe');
    stripe.refundInDashboard(paid.paymentIntent!);
    const res = await withdraw(paid.token, paid.id);
    expect(res.status).toBe(200);
    expect((await state(paid.id, paid.groupId)).order.status).toBe('refunded');

    const viaMp = await paidOrder('mercadopago');
    mp.refundInDashboard(Number(viaMp.paymentId));
    expect((await withdraw(viaMp.token, viaMp.id)).status).toBe(200);
    expect((await state(viaMp.id, viaMp.groupId)).order.status).toBe('refunded');
  });
});

describe("refunds made in the provider's dashboard", () => {
  it('Stripe charge.refunded refunds the order once; a replay and refund.updated change nothing', async () => {
    const paid = await paidOrder('stripe');
    const refund = stripe.refundInDashboard(paid.paymentIntent!);
    const event = {
      id: `evt_${crypto.randomUUID()}`,
      type: 'charge.refunded',
      data: { object: stripe.chargeOf(paid.paymentIntent!) },
    };
    const res = await sendStripe(event);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'refunded' });
    const after = await state(paid.id, paid.groupId);
    expect(after.order.status).toBe('refunded');
    expect(after.group.featured).toBe(false);
    expect(after.refunds).toMatchObject([{ source: 'provider', requestedBy: null, provider: 'stripe' }]);

    expect(await (await sendStripe(event)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const updated = await sendStripe({
      id: `evt_${crypto.randomUUID()}`,
      type: 'refund.updated',
      data: { object: refund },
    });
    expect(await updated.json()).toEqual({ received: true, outcome: 'already_refunded' });
    expect(await refundMails(paid.user.email)).toHaveLength(1);
    const mail = await catcher.waitFor((m) => m.to.includes(paid.user.email));
    expect(mail.text).toContain('Seu pedido de destaque foi reembolsado');
    const events = await db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.orderId, paid.id));
    expect(events.map((e) => e.outcome).sort()).toEqual(['activated', 'already_refunded', 'refunded']);
  });

  it('Stripe: a partial refund is left alone; an order paid before the intent was kept is found by its session', async () => {
    const paid = await paidOrder('stripe');
    const partial = { ...stripe.chargeOf(paid.paymentIntent!), amount_refunded: 100, refunded: false };
    const res = await sendStripe({
      id: `evt_${crypto.randomUUID()}`,
      type: 'charge.refunded',
      data: { object: partial },
    });
    expect(await res.json()).toEqual({ received: true, outcome: 'partial_refund' });
    expect((await state(paid.id, paid.groupId)).order.status).toBe('active');

    await db.update(featureOrders).set({ stripePaymentIntentId: null }).where(eq(featureOrders.id, paid.id));
    const refund = stripe.refundInDashboard(paid.paymentIntent!);
    const created = await sendStripe({
      id: `evt_${crypto.randomUUID()}`,
      type: 'refund.created',
      data: { object: refund },
    });
    expect(await created.json()).toEqual({ received: true, outcome: 'refunded' });
    expect((await state(paid.id, paid.groupId)).order.status).toBe('refunded');
  });

  it('Mercado Pago: a refunded payment refunds its order once, a replay is a duplicate, a chargeback ends the featuring', async () => {
    const paid = await paidOrder('mercadopago');
    mp.refundInDashboard(Number(paid.paymentId));
    expect(await (await sendMp(paid.paymentId)).json()).toEqual({ received: true, outcome: 'refunded' });
    expect(await (await sendMp(paid.paymentId)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const after = await state(paid.id, paid.groupId);
    expect(after.order.status).toBe('refunded');
    expect(after.group.featured).toBe(false);
    expect(after.refunds).toMatchObject([{ source: 'provider', provider: 'mercadopago' }]);
    expect(await refundMails(paid.user.email)).toHaveLength(1);

    const disputed = await paidOrder('mercadopago');
    mp.chargeBack(Number(disputed.paymentId));
    expect(await (await sendMp(disputed.paymentId)).json()).toEqual({ received: true, outcome: 'refunded' });
    const charged = await state(disputed.id, disputed.groupId);
    expect(charged.order.status).toBe('refunded');
    expect(charged.group.featured).toBe(false);
    expect(charged.refunds).toMatchObject([
      { source: 'provider', status: 'completed', providerRefundId: `chargeback:${disputed.paymentId}` },
    ]);
  });
});

describe('the window ends at 23:59:59 of the 7th São Paulo day after the payment', () => {
  it('paid at 23:59:59 (São Paulo) eight days ago: refused; paid at 00:00 seven days ago: withdrawn', async () => {
    const late = await paidOrder('simulator');
    const today = dayOf(new Date());
    // Its 7th day was yesterday, and ended at yesterday's 23:59:59 (São Paulo).
    const lastSecond = new Date(startOfDay(addDays(today, -7)).getTime() - 1000);
    await db.update(featureOrders).set({ startDate: lastSecond }).where(eq(featureOrders.id, late.id));
    const refused = await withdraw(late.token, late.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: 'O prazo de 7 dias para desistir desta compra já terminou.',
    });
    expect((await state(late.id, late.groupId)).refunds).toHaveLength(0);

    const inTime = await paidOrder('simulator');
    await db
      .update(featureOrders)
      .set({ startDate: startOfDay(addDays(today, -7)) })
      .where(eq(featureOrders.id, inTime.id));
    expect((await withdraw(inTime.token, inTime.id)).status).toBe(200);
  });
});

describe('the anti-loop rule (ADR 0020)', () => {
  it("after a withdrawal, no new featuring of that group or by that account until the withdrawn order's own days end", async () => {
    const first = await paidOrder('simulator', { days: 7 });
    // 6.5 days used, then withdrawn: the whole price back (CDC art. 49).
    await db
      .update(featureOrders)
      .set({ startDate: new Date(Date.now() - 6.5 * DAY) })
      .where(eq(featureOrders.id, first.id));
    expect((await withdraw(first.token, first.id)).status).toBe(200);
    const sameGroup = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(first.token, { groupId: first.groupId, planId: await planId(7) }),
    );
    expect(sameGroup.status).toBe(409);
    const message = ((await sameGroup.json()) as { message: string }).message;
    expect(message).toMatch(
      /^Houve uma desistência de destaque deste grupo com reembolso integral\. Um novo destaque deste grupo só pode ser comprado a partir de \d{2}\/\d{2}\/\d{4}/,
    );
    // Another group of the same account: refused too ('desta conta').
    const other = await makeGroup(db, first.user.id);
    const otherGroup = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(first.token, { groupId: other.id, planId: await planId(7) }),
    );
    expect(otherGroup.status).toBe(409);
    expect(((await otherGroup.json()) as { message: string }).message).toContain('desta conta');

    // Half a day later the withdrawn order's 7 days are over: a new order is taken.
    await db
      .update(featureOrders)
      .set({ startDate: new Date(Date.now() - 7 * DAY - 60_000) })
      .where(eq(featureOrders.id, first.id));
    const later = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(first.token, { groupId: first.groupId, planId: await planId(7) }),
    );
    expect(later.status).toBe(201);
  });

  it('an order made before the withdrawal cannot be paid while the period lasts; an admin refund does not block', async () => {
    const { who, group, earlyId } = await ownerWithPendingOrder();
    const paid = await paidOrder('simulator', { owner: who, groupId: group.id, days: 7 });
    expect((await withdraw(who.token, paid.id)).status).toBe(200);
    const pay = await callFunction(
      featureOrdersFn,
      `/api/feature-orders/${earlyId}/pay`,
      signedIn(who.token, { method: 'POST' }),
    );
    expect(pay.status).toBe(409);

    const refundedByAdmin = await paidOrder('simulator');
    const admin = await makeUser(db, 'Admin', true);
    await callFunction(
      adminPaymentsFn,
      `/api/admin/payments/${refundedByAdmin.id}/refund`,
      signedIn(admin.token, { method: 'POST' }),
    );
    const next = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(refundedByAdmin.token, { groupId: refundedByAdmin.groupId, planId: await planId(7) }),
    );
    expect(next.status).toBe(201);
  });
});

describe('a payment that comes for an order that can no longer be activated', () => {
  it('a checkout opened before a withdrawal and paid after it is refunded whole at settlement, never activated', async () => {
    const { who, group, earlyId } = await ownerWithPendingOrder();
    const checkout = await callFunction(
      featureOrdersFn,
      `/api/feature-orders/${earlyId}/pay`,
      signedIn(who.token, { method: 'POST' }),
    );
    expect(checkout.status).toBe(200);
    const { payment } = (await checkout.json()) as { payment: { id: string } };

    const paid = await paidOrder('stripe', { owner: who, groupId: group.id, days: 7 });
    expect((await withdraw(who.token, paid.id)).status).toBe(200);
    const before = refundPosts().length;
    // The buyer still had the first checkout open and pays it now.
    const intent = stripe.pay(payment.id);
    const res = await sendStripe({
      id: `evt_${crypto.randomUUID()}`,
      type: 'checkout.session.completed',
      data: { object: stripe.sessions.get(payment.id) },
    });
    expect(await res.json()).toEqual({ received: true, outcome: 'refunded_unserved' });

    const after = await state(earlyId, group.id);
    expect(after.order).toMatchObject({
      status: 'refunded',
      startDate: null,
      stripePaymentIntentId: intent.id,
    });
    expect(after.group.featured).toBe(false);
    expect(after.refunds).toEqual([
      expect.objectContaining({ source: 'unserved', status: 'completed', amount: after.order.price }),
    ]);
    const asked = refundPosts().slice(before);
    expect(asked.map((r) => r.body.get('payment_intent'))).toEqual([intent.id]);
    const mails = await refundMails(who.user.email);
    const mail = mails.find((m) => (JSON.parse(m.payload) as { orderId: string }).orderId === earlyId);
    expect(JSON.parse(mail!.payload)).toMatchObject({ source: 'unserved', amountCents: after.order.price });
  });
});

describe('only an adult buys (MINIMUM_AGE)', () => {
  it('an account that never declared its age is refused a pt-BR 403 at checkout until it declares, once', async () => {
    const who = await owner();
    await db.update(users).set({ adultDeclaredAt: null }).where(eq(users.id, who.user.id));
    const group = await makeGroup(db, who.user.id);
    const plan = await planId(7);
    const order = (extra: Record<string, unknown> = {}) =>
      callFunction(
        featureOrdersFn,
        '/api/feature-orders',
        postJson(who.token, { groupId: group.id, planId: plan, ...extra }),
      );
    const refused = await order();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: ADULT_CHECKOUT_MESSAGE });
    expect(await db.select().from(featureOrders).where(eq(featureOrders.groupId, group.id))).toHaveLength(0);
    expect((await order({ adult: true })).status).toBe(201);
    const [row] = await db.select().from(users).where(eq(users.id, who.user.id));
    expect(row!.adultDeclaredAt).toBeInstanceOf(Date);
    // Declared once: the next order needs nothing more.
    const other = await makeGroup(db, who.user.id);
    const next = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(who.token, { groupId: other.id, planId: plan }),
    );
    expect(next.status).toBe(201);
  });
});

describe('deleting the account within the window', () => {
  it('withdraws the in-window orders (refunded in full), leaves older ones, and says so in the last e-mail', async () => {
    const who = await owner();
    await db
      .update(users)
      .set({ password: await hashPassword('senha-da-dona-123') })
      .where(eq(users.id, who.user.id));
    const recent = await paidOrder('stripe', { owner: who, days: 30 });
    const old = await paidOrder('stripe', { owner: who, days: 30 });
    await db
      .update(featureOrders)
      .set({ startDate: new Date(Date.now() - 10 * DAY) })
      .where(eq(featureOrders.id, old.id));
    const res = await callFunction(
      userAccountFn,
      '/api/user/account',
      signedIn(who.token, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'senha-da-dona-123' }),
      }),
    );
    expect(res.status).toBe(200);
    const [recentOrder] = await db.select().from(featureOrders).where(eq(featureOrders.id, recent.id));
    const [oldOrder] = await db.select().from(featureOrders).where(eq(featureOrders.id, old.id));
    expect(recentOrder).toMatchObject({ status: 'refunded', userId: null });
    expect(oldOrder!.status).toBe('expired');
    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, recent.id));
    expect(refunds).toMatchObject([{ source: 'owner', status: 'completed', amount: recent.price }]);
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, old.id))).toHaveLength(0);
    expect(stripe.paymentIntents.get(recent.paymentIntent!)!.amount_refunded).toBe(recent.price);
    const mail = await catcher.waitFor(
      (m) => m.to.includes(who.user.email) && m.subject === 'Sua conta foi excluída',
    );
    expect(mail.text).toContain('no prazo de desistência');
    expect(mail.text).toContain('R$ 119,90');
  });
});

describe('a removal refunds the unused days pro rata', () => {
  it('counted from the moment the featuring paused, not from the removal', async () => {
    const paid = await paidOrder('stripe', { days: 30 });
    const admin = await makeUser(db, 'Admin', true);
    // The group went off the site (a hold paused its featuring) 10 days into its 30: 20 days unused.
    const [order] = await db.select().from(featureOrders).where(eq(featureOrders.id, paid.id));
    const pausedAt = new Date(order!.endDate!.getTime() - 20 * DAY);
    await db.update(groups).set({ featuringPausedAt: pausedAt }).where(eq(groups.id, paid.groupId));
    const res = await callFunction(
      adminGroupsFn,
      `/api/admin/groups/${paid.groupId}`,
      signedIn(admin.token, {
        method: 'DELETE',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'Golpe confirmado' }),
      }),
    );
    expect(res.status).toBe(200);
    const expected = Math.round((paid.price * 20) / 30);
    const recorded = await state(paid.id, paid.groupId);
    expect(recorded.order.status).toBe('refunded');
    expect(recorded.refunds).toMatchObject([{ source: 'removal', status: 'pending', amount: expected }]);
    // The admin's list carries the refund's own amount ('Tentar o reembolso de novo' names it, not the price).
    const listed = (await (
      await callFunction(adminPaymentsFn, '/api/admin/payments?page=1', signedIn(admin.token))
    ).json()) as { payments: { id: string; refundStatus: string; refundAmountCents: number }[] };
    expect(listed.payments.find((p) => p.id === paid.id)).toMatchObject({
      refundStatus: 'pending',
      refundAmountCents: expected,
    });
    await retryDueRefunds(db);
    const post = refundPosts().find((r) => r.body.get('payment_intent') === paid.paymentIntent);
    expect(post!.body.get('amount')).toBe(String(expected));
    expect((await state(paid.id, paid.groupId)).refunds).toMatchObject([{ status: 'completed' }]);
    const mail = await catcher.waitFor(
      (m) => m.to.includes(paid.user.email) && m.subject.startsWith('Reembolso'),
    );
    expect(mail.text).toContain('dias de destaque que não foram usados');
  });
});
