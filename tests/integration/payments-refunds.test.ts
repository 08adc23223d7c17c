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
import * as adminPaymentsFn from '../../functions/admin-payments.ts';
import * as withdrawFn from '../../functions/feature-order-withdraw.ts';
import * as featureOrdersFn from '../../functions/feature-orders.ts';
import * as plansFn from '../../functions/feature-plans.ts';
import * as webhooksFn from '../../functions/payment-webhooks.ts';
import { signMercadoPago } from '../../src/features/payments/providers/mercadopago.ts';
import { simulatorEvent } from '../../src/features/payments/providers/simulator.ts';
import { saveSettings } from '../../src/features/payments/settings.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { addDays, dayOf, startOfDay } from '../../src/lib/time-zone.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeMercadoPago, startFakeMercadoPago } from '../support/fake-mercadopago.ts';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe.ts';
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

describe('provider failures', { timeout: 90_000 }, () => {
  it('Stripe 5xx: a pt-BR 503 and nothing changes; a retry refunds', async () => {
    expectConsoleError(/stripe refund failed/);
    const paid = await paidOrder('stripe');
    stripe.failRefunds(2, 500); // the first try and the SDK's own retry
    const res = await withdraw(paid.token, paid.id);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      message: 'O meio de pagamento não respondeu. Nada foi alterado: tente de novo em alguns minutos.',
    });
    const after = await state(paid.id, paid.groupId);
    expect(after.order.status).toBe('active');
    expect(after.group.featured).toBe(true);
    expect(after.refunds).toHaveLength(0);
    expect(await refundMails(paid.user.email)).toHaveLength(0);

    expect((await withdraw(paid.token, paid.id)).status).toBe(200);
    expect((await state(paid.id, paid.groupId)).order.status).toBe('refunded');
  });

  it('Stripe timing out: a pt-BR 503 and nothing changes', async () => {
    expectConsoleError(/stripe refund failed/);
    const paid = await paidOrder('stripe');
    stripe.hangRefunds(2);
    const res = await withdraw(paid.token, paid.id);
    expect(res.status).toBe(503);
    const after = await state(paid.id, paid.groupId);
    expect(after.order.status).toBe('active');
    expect(after.refunds).toHaveLength(0);
  });

  it('Mercado Pago 5xx answers 503, a refusal 502, and neither changes anything', async () => {
    expectConsoleError(/mercadopago refund failed/);
    const paid = await paidOrder('mercadopago');
    mp.failRefunds(2, 503);
    const unavailable = await withdraw(paid.token, paid.id);
    expect(unavailable.status).toBe(503);

    // The payment is under a chargeback at Mercado Pago: it refuses the refund.
    mp.payments.get(paid.paymentId)!.status = 'charged_back';
    const refused = await withdraw(paid.token, paid.id);
    expect(refused.status).toBe(502);
    expect(await refused.json()).toMatchObject({
      message:
        'O meio de pagamento recusou o reembolso. Nada foi alterado: confira o pagamento no painel do provedor.',
    });
    const after = await state(paid.id, paid.groupId);
    expect(after.order.status).toBe('active');
    expect(after.group.featured).toBe(true);
    expect(after.refunds).toHaveLength(0);
    expect(await refundMails(paid.user.email)).toHaveLength(0);
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

  it('Mercado Pago: a refunded payment refunds its order once, a replay is a duplicate, a chargeback is left to the admin', async () => {
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
    mp.payments.get(disputed.paymentId)!.status = 'charged_back';
    expect(await (await sendMp(disputed.paymentId)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await state(disputed.id, disputed.groupId)).order.status).toBe('active');
  });
});
