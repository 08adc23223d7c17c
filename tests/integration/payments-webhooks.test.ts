// Webhooks: signatures made as the providers make them, the real SDKs against fake provider servers.
// Bad signatures change nothing, replays activate once, concurrent notifications extend a renewal
// once, wrong amounts activate nothing, and expiry unfeatures on schedule.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  featureOrders,
  featurePlans,
  groups,
  processedWebhookEvents,
  rebuildRequests,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as expireFn from '../../functions/expire-features.ts';
import * as simulatorFn from '../../functions/payment-simulator.ts';
import * as webhooksFn from '../../functions/payment-webhooks.ts';
import { daysRemaining } from '../../src/features/payments/payments.ts';
import { signMercadoPago } from '../../src/features/payments/providers/mercadopago.ts';
import { simulatorEvent } from '../../src/features/payments/providers/simulator.ts';
import { saveSettings } from '../../src/features/payments/settings.server.ts';
import { resetEnvForTests } from '../../src/lib/env.server.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeMercadoPago, startFakeMercadoPago } from '../support/fake-mercadopago.ts';
import { callFunction } from '../support/functions.ts';
import { makeGroup, makeUser } from './payments-helpers.ts';

const { db, driver } = await setupTestDb();
let mp: FakeMercadoPago;
const DAY = 86_400_000;
const STRIPE_SECRET = 'whsec_segredo_de_teste';
const MP_SECRET = 'segredo-do-mercado-pago';

beforeAll(async () => {
  await seedDatabase(db, { groups: 0 });
  mp = await startFakeMercadoPago();
  process.env.MERCADOPAGO_API_BASE = mp.url;
  resetEnvForTests();
});
afterAll(() => mp.close());
beforeEach(async () => {
  await saveSettings(db, {
    mercadoPagoAccessToken: 'APP_USR-token',
    mercadoPagoWebhookSecret: MP_SECRET,
    stripeSecretKey: 'sk_test_x',
    stripeWebhookSecret: STRIPE_SECRET,
    mode: 'sandbox',
    preferredPaymentMethod: 'stripe',
    mercadopagoEnabled: true,
    stripeEnabled: true,
  });
});

async function pendingOrder(options: { days?: number; featuredUntil?: Date; renewal?: boolean } = {}) {
  const { user } = await makeUser(db, 'Dona');
  const group = await makeGroup(
    db,
    user.id,
    options.featuredUntil ? { featured: true, featuredUntil: options.featuredUntil } : {},
  );
  const [plan] = await db
    .select()
    .from(featurePlans)
    .where(eq(featurePlans.days, options.days ?? 7));
  const [order] = await db
    .insert(featureOrders)
    .values({
      userId: user.id,
      groupId: group.id,
      planId: plan!.id,
      price: plan!.price,
      days: plan!.days,
      paymentMethod: 'stripe',
      paymentId: `cs_test_${crypto.randomUUID()}`,
      metadata: JSON.stringify({ isRenewal: Boolean(options.renewal) }),
    })
    .returning();
  return { order: order!, group };
}

function stripeEvent(
  type: string,
  session: { orderId: string; amount: number; currency?: string; paid?: boolean; id?: string },
  eventId = `evt_${crypto.randomUUID()}`,
) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.id ?? `cs_test_${crypto.randomUUID()}`,
        object: 'checkout.session',
        client_reference_id: session.orderId,
        metadata: { orderId: session.orderId },
        amount_total: session.amount,
        currency: session.currency ?? 'brl',
        payment_status: session.paid === false ? 'unpaid' : 'paid',
      },
    },
  });
}

function sendStripe(payload: string, signature?: string) {
  return callFunction(webhooksFn, '/api/payments/webhook/stripe', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }),
    },
    body: payload,
  });
}

async function state(orderId: string, groupId: string) {
  const [order] = await db.select().from(featureOrders).where(eq(featureOrders.id, orderId));
  const [group] = await db.select().from(groups).where(eq(groups.id, groupId));
  return { order: order!, group: group! };
}

describe('Stripe webhook', () => {
  it('refuses a bad, missing, stale or future-dated signature with 400 and changes nothing', async () => {
    const { order, group } = await pendingOrder();
    const payload = stripeEvent('checkout.session.completed', { orderId: order.id, amount: order.price });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_outro' });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    // Signed for later: valid until then, so as replayable as a stale one (the SDK only checks the past).
    const future = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_SECRET,
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    const tampered = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET });
    for (const [body, signature] of [
      [payload, forged],
      [payload, stale],
      [payload, future],
      [payload.replace(String(order.price), '1'), tampered],
      [payload, 't=1,v1=abc'],
    ] as const) {
      const res = await sendStripe(body, signature);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: 'Assinatura do webhook inválida.' });
    }
    const noHeader = await callFunction(webhooksFn, '/api/payments/webhook/stripe', {
      method: 'POST',
      body: payload,
    });
    expect(noHeader.status).toBe(400);
    const after = await state(order.id, group.id);
    expect(after.order.status).toBe('pending');
    expect(after.group.featured).toBe(false);
    expect(await db.select().from(processedWebhookEvents)).toHaveLength(0);
  });

  it('activates a paid checkout once, features the group and requests a rebuild; a replay changes nothing', async () => {
    const { order, group } = await pendingOrder();
    const before = Date.now();
    const rebuildsBefore = (await db.select().from(rebuildRequests)).length;
    const payload = stripeEvent('checkout.session.completed', {
      orderId: order.id,
      amount: order.price,
      id: order.paymentId!,
    });
    const res = await sendStripe(payload);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'activated' });
    const first = await state(order.id, group.id);
    expect(first.order.status).toBe('active');
    expect(first.group.featured).toBe(true);
    const end = first.group.featuredUntil!.getTime();
    expect(end).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 7 * DAY + 1000);
    expect(first.order.endDate!.getTime()).toBe(end);
    expect(first.order.startDate).not.toBeNull();
    expect((await db.select().from(rebuildRequests)).length).toBe(rebuildsBefore + 1);

    const replay = await sendStripe(payload);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    // A different event for the same session (async success after completion) changes nothing either.
    const other = await sendStripe(
      stripeEvent('checkout.session.async_payment_succeeded', { orderId: order.id, amount: order.price }),
    );
    expect(await other.json()).toEqual({ received: true, outcome: 'already_settled' });
    const after = await state(order.id, group.id);
    expect(after.group.featuredUntil).toEqual(first.group.featuredUntil);
    expect(after.order.endDate).toEqual(first.order.endDate);
  });

  it('does not activate a completed but unpaid checkout; the later async success does', async () => {
    const { order, group } = await pendingOrder();
    const unpaid = await sendStripe(
      stripeEvent('checkout.session.completed', { orderId: order.id, amount: order.price, paid: false }),
    );
    expect(await unpaid.json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await state(order.id, group.id)).order.status).toBe('pending');
    const succeeded = await sendStripe(
      stripeEvent('checkout.session.async_payment_succeeded', {
        orderId: order.id,
        amount: order.price,
        paid: false,
      }),
    );
    expect(await succeeded.json()).toEqual({ received: true, outcome: 'activated' });
    expect((await state(order.id, group.id)).group.featured).toBe(true);
  });

  it('logs and acknowledges a wrong amount, a wrong currency or a malformed order id without activating', async () => {
    const { order, group } = await pendingOrder();
    for (const [session, outcome] of [
      [{ orderId: order.id, amount: order.price - 1 }, 'amount_mismatch'],
      [{ orderId: order.id, amount: order.price, currency: 'usd' }, 'amount_mismatch'],
      [{ orderId: 'nem-um-uuid', amount: order.price }, 'unknown_order'],
    ] as const) {
      const res = await sendStripe(stripeEvent('checkout.session.completed', session));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, outcome });
    }
    const after = await state(order.id, group.id);
    expect(after.order.status).toBe('pending');
    expect(after.group.featured).toBe(false);
  });

  it('asks for a retry (503, nothing recorded) when a paid order is not visible yet, and the retry activates it', async () => {
    const { order, group } = await pendingOrder();
    await db.delete(featureOrders).where(eq(featureOrders.id, order.id));
    const payload = stripeEvent('checkout.session.completed', { orderId: order.id, amount: order.price });
    const refused = async () => {
      const res = await sendStripe(payload);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('60');
      expect((await res.json()).message).toBe('Pedido ainda não encontrado. Tente novamente em instantes.');
    };
    if (driver === 'pglite') {
      // One connection: the order is simply not there yet.
      await refused();
      await db.insert(featureOrders).values(order);
    } else {
      // The order's insert is still uncommitted on another connection when the notification arrives.
      await db.transaction(async (tx) => {
        await tx.insert(featureOrders).values(order);
        await refused();
      });
    }
    const events = await db
      .select()
      .from(processedWebhookEvents)
      .where(eq(processedWebhookEvents.orderId, order.id));
    expect(events).toEqual([]);
    const retried = await sendStripe(payload);
    expect(await retried.json()).toEqual({ received: true, outcome: 'activated' });
    expect((await state(order.id, group.id)).group.featured).toBe(true);
  });

  it('extends a renewal exactly once when notifications arrive at the same moment', async () => {
    const currentEnd = new Date(Date.now() + 3 * DAY);
    const { order, group } = await pendingOrder({ featuredUntil: currentEnd, renewal: true });
    const sameEvent = stripeEvent(
      'checkout.session.completed',
      { orderId: order.id, amount: order.price },
      'evt_duplicado',
    );
    const asyncEvent = stripeEvent('checkout.session.async_payment_succeeded', {
      orderId: order.id,
      amount: order.price,
    });
    const responses = await Promise.all([
      sendStripe(sameEvent),
      sendStripe(sameEvent),
      sendStripe(asyncEvent),
      sendStripe(sameEvent),
    ]);
    const outcomes = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { outcome: string }).outcome),
    );
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(outcomes.filter((o) => o === 'activated')).toHaveLength(1);
    const after = await state(order.id, group.id);
    expect(after.group.featuredUntil!.getTime()).toBe(currentEnd.getTime() + 7 * DAY);
    expect(after.order).toMatchObject({ status: 'active' });
  });

  it('adds a payment to the time an admin already featured the group for', async () => {
    const adminEnd = new Date(Date.now() + 5 * DAY);
    const { order, group } = await pendingOrder({ featuredUntil: adminEnd });
    const res = await sendStripe(
      stripeEvent('checkout.session.completed', { orderId: order.id, amount: order.price }),
    );
    expect(await res.json()).toEqual({ received: true, outcome: 'activated' });
    const after = await state(order.id, group.id);
    expect(after.group.featuredUntil!.getTime()).toBe(adminEnd.getTime() + 7 * DAY);
    expect(after.order.endDate).toEqual(after.group.featuredUntil);
    expect(daysRemaining(after.order.endDate)).toBe(12);
  });
});

function mpNotification(
  paymentId: string,
  options: { secret?: string; requestId?: string; signature?: string } = {},
) {
  const requestId = options.requestId ?? crypto.randomUUID();
  const ts = String(Date.now());
  const signature =
    options.signature ?? signMercadoPago(options.secret ?? MP_SECRET, paymentId, requestId, ts);
  return callFunction(webhooksFn, `/api/payments/webhook/mercadopago?data.id=${paymentId}&type=payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-request-id': requestId },
    body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: paymentId } }),
  });
}

let paymentCounter = 9_000_000;
function mpPayment(
  orderId: string,
  amount: number,
  values: Partial<{ status: 'approved' | 'pending'; currency_id: string }> = {},
) {
  const id = ++paymentCounter;
  mp.payments.set(String(id), {
    id,
    status: values.status ?? 'approved',
    external_reference: orderId,
    transaction_amount: amount,
    currency_id: values.currency_id ?? 'BRL',
  });
  return String(id);
}

describe('Mercado Pago webhook', () => {
  it('refuses a bad x-signature with 400 and changes nothing', async () => {
    const { order, group } = await pendingOrder();
    const paymentId = mpPayment(order.id, order.price / 100);
    for (const res of [
      await mpNotification(paymentId, { secret: 'outro-segredo' }),
      await mpNotification(paymentId, { signature: 'ts=1,v1=00' }),
      await callFunction(webhooksFn, `/api/payments/webhook/mercadopago?data.id=${paymentId}&type=payment`, {
        method: 'POST',
        body: '{}',
      }),
    ]) {
      expect(res.status).toBe(400);
    }
    const after = await state(order.id, group.id);
    expect(after.order.status).toBe('pending');
    expect(mp.requests.filter((r) => r.path === `/v1/payments/${paymentId}`)).toHaveLength(0);
  });

  it('trusts only the fetched payment: approved with the right amount activates once', async () => {
    const { order, group } = await pendingOrder({ days: 30 });
    const paymentId = mpPayment(order.id, 119.9);
    const res = await mpNotification(paymentId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'activated' });
    const first = await state(order.id, group.id);
    expect(first.order).toMatchObject({ status: 'active', paymentMethod: 'mercadopago', paymentId });
    expect(first.group.featured).toBe(true);
    // Mercado Pago notifies again (payment.updated, another request id): nothing changes.
    const again = await mpNotification(paymentId);
    expect(await again.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await state(order.id, group.id)).group.featuredUntil).toEqual(first.group.featuredUntil);
  });

  it('activates nothing for a pending payment, a wrong amount or currency', async () => {
    const { order, group } = await pendingOrder();
    const pending = await mpNotification(mpPayment(order.id, 39.9, { status: 'pending' }));
    expect(await pending.json()).toEqual({ received: true, outcome: 'ignored' });
    const cheap = await mpNotification(mpPayment(order.id, 0.01));
    expect(await cheap.json()).toEqual({ received: true, outcome: 'amount_mismatch' });
    const dollars = await mpNotification(mpPayment(order.id, 39.9, { currency_id: 'USD' }));
    expect(await dollars.json()).toEqual({ received: true, outcome: 'amount_mismatch' });
    // an order id no order has (yet): Mercado Pago is asked to notify again
    const unknown = await mpNotification(mpPayment(crypto.randomUUID(), 39.9));
    expect(unknown.status).toBe(503);
    const after = await state(order.id, group.id);
    expect(after.order.status).toBe('pending');
    expect(after.group.featured).toBe(false);
  });

  it('ignores notifications that are not about payments', async () => {
    const requestId = crypto.randomUUID();
    const ts = String(Date.now());
    const res = await callFunction(
      webhooksFn,
      '/api/payments/webhook/mercadopago?data.id=777&type=merchant_order',
      {
        method: 'POST',
        headers: {
          'x-signature': signMercadoPago(MP_SECRET, '777', requestId, ts),
          'x-request-id': requestId,
        },
        body: '{}',
      },
    );
    expect(await res.json()).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('simulator', () => {
  it("posts a signed approval the simulator webhook accepts, and 'Recusar' marks the order failed", async () => {
    const { order, group } = await pendingOrder();
    await db.update(featureOrders).set({ paymentMethod: 'simulator' }).where(eq(featureOrders.id, order.id));
    const page = await callFunction(simulatorFn, `/simulador-pagamento/${order.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Aprovar');
    expect(html).toContain('Recusar');
    expect(html).toContain('R$ 39,90');

    const declined = simulatorEvent(order, 'decline');
    const send = (event: { body: string; signature: string }) =>
      callFunction(webhooksFn, '/api/payments/webhook/simulator', {
        method: 'POST',
        headers: { 'stripe-signature': event.signature },
        body: event.body,
      });
    expect(await (await send(declined)).json()).toEqual({ received: true, outcome: 'failed' });
    expect((await state(order.id, group.id)).order.status).toBe('failed');
    expect(await (await send(simulatorEvent(order, 'approve'))).json()).toEqual({
      received: true,
      outcome: 'activated',
    });
    expect((await state(order.id, group.id)).group.featured).toBe(true);
    const forged = simulatorEvent({ id: order.id, price: order.price }, 'approve');
    expect(
      (await send({ body: forged.body.replace('"brl"', '"usd"'), signature: forged.signature })).status,
    ).toBe(400);
  });

  it('cannot exist outside local mode', async () => {
    const { order } = await pendingOrder();
    const saved = {
      VITEST: process.env.VITEST,
      JWT_SECRET: process.env.JWT_SECRET,
      VISITOR_SALT: process.env.VISITOR_SALT,
      SMTP_URL: process.env.SMTP_URL,
      MAIL_FROM: process.env.MAIL_FROM,
    };
    delete process.env.VITEST;
    process.env.SMTP_URL = 'smtp://127.0.0.1:2525';
    process.env.MAIL_FROM = 'Grupos de Zap <nao-responda@example.com>';
    process.env.JWT_SECRET = 'j'.repeat(40);
    process.env.VISITOR_SALT = 'v'.repeat(40);
    process.env.SETTINGS_ENCRYPTION_KEY = 'k'.repeat(40);
    process.env.ACCESS_LOG_KEY = 'a'.repeat(40);
    resetEnvForTests();
    try {
      expect((await callFunction(simulatorFn, `/simulador-pagamento/${order.id}`)).status).toBe(404);
      const event = JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: {} } });
      const res = await callFunction(webhooksFn, '/api/payments/webhook/simulator', {
        method: 'POST',
        body: event,
      });
      expect(res.status).toBe(404);
    } finally {
      Object.assign(process.env, saved);
      delete process.env.SETTINGS_ENCRYPTION_KEY;
      delete process.env.ACCESS_LOG_KEY;
      if (saved.JWT_SECRET === undefined) delete process.env.JWT_SECRET;
      if (saved.VISITOR_SALT === undefined) delete process.env.VISITOR_SALT;
      if (saved.SMTP_URL === undefined) delete process.env.SMTP_URL;
      if (saved.MAIL_FROM === undefined) delete process.env.MAIL_FROM;
      resetEnvForTests();
    }
  });
});

describe('scheduled expiry', () => {
  it('expires ended orders and featuring, keeps the rest, and requests a rebuild only when something changed', async () => {
    const { user } = await makeUser(db, 'Expira');
    const [plan] = await db.select().from(featurePlans).limit(1);
    const ended = await makeGroup(db, user.id, {
      featured: true,
      featuredUntil: new Date(Date.now() - 60_000),
    });
    const running = await makeGroup(db, user.id, {
      featured: true,
      featuredUntil: new Date(Date.now() + DAY),
    });
    const [endedOrder] = await db
      .insert(featureOrders)
      .values({
        userId: user.id,
        groupId: ended.id,
        planId: plan!.id,
        price: 990,
        days: 1,
        status: 'active',
        endDate: ended.featuredUntil,
      })
      .returning();
    const [runningOrder] = await db
      .insert(featureOrders)
      .values({
        userId: user.id,
        groupId: running.id,
        planId: plan!.id,
        price: 990,
        days: 1,
        status: 'active',
        endDate: running.featuredUntil,
      })
      .returning();
    expect(expireFn.config.schedule).toBe('*/5 * * * *');
    const rebuilds = (await db.select().from(rebuildRequests)).length;
    const res = await expireFn.default();
    // No refund waits for a retry here (payments-refunds.test.ts tries them).
    expect(await res.json()).toEqual({
      expiredOrders: 1,
      unfeaturedGroups: 1,
      refunds: { tried: 0, refunded: 0, pending: 0 },
    });
    expect((await state(endedOrder!.id, ended.id)).order.status).toBe('expired');
    expect((await state(endedOrder!.id, ended.id)).group).toMatchObject({
      featured: false,
      featuredUntil: null,
    });
    expect((await state(runningOrder!.id, running.id)).order.status).toBe('active');
    expect((await state(runningOrder!.id, running.id)).group.featured).toBe(true);
    expect((await db.select().from(rebuildRequests)).length).toBe(rebuilds + 1);
    expect(await (await expireFn.default()).json()).toEqual({
      expiredOrders: 0,
      unfeaturedGroups: 0,
      refunds: { tried: 0, refunded: 0, pending: 0 },
    });
    expect((await db.select().from(rebuildRequests)).length).toBe(rebuilds + 1);
  });
});
