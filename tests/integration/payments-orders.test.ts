// Owner flow and providers: orders take price and days from the plan, only the owner sees or pays,
// checkouts go through the real stripe and mercadopago SDKs to fake provider servers.
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '#src/lib/env.server.ts';
import {
  featureOrders,
  featurePlans,
  groupReports,
  groups,
  legalNotices,
  orderRefunds,
} from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as cancelFn from '../../functions/feature-order-cancel.ts';
import * as featureOrdersFn from '../../functions/feature-orders.ts';
import * as plansFn from '../../functions/feature-plans.ts';
import * as methodsFn from '../../functions/payment-methods.ts';
import * as webhooksFn from '../../functions/payment-webhooks.ts';
import { placeHold } from '../../src/features/holds/holds.server.ts';
import { saveSettings } from '../../src/features/payments/settings.server.ts';
import { expectConsoleError } from '../support/console-errors.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeMercadoPago, startFakeMercadoPago } from '../support/fake-mercadopago.ts';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe.ts';
import { callFunction } from '../support/functions.ts';
import { makeGroup, makeUser, postJson, signedIn } from './payments-helpers.ts';

const { db } = await setupTestDb();
let stripe: FakeStripe;
let mp: FakeMercadoPago;

const SETTINGS = {
  mercadoPagoAccessToken: 'APP_USR-token-de-teste',
  mercadoPagoWebhookSecret: 'segredo-mp',
  mercadoPagoPublicKey: 'APP_USR-public',
  stripeSecretKey: 'sk_test_123456789',
  stripePublicKey: 'pk_test_123',
  stripeWebhookSecret: 'whsec_teste',
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
  resetEnvForTests();
});
afterAll(async () => {
  await stripe.close();
  await mp.close();
});
beforeEach(async () => {
  await saveSettings(db, SETTINGS);
});

async function plan(days: number) {
  const [row] = await db.select().from(featurePlans).where(eq(featurePlans.days, days));
  return row!;
}

describe('plans and availability', () => {
  it('lists the active plans with centavos and the decimal price', async () => {
    const res = await callFunction(plansFn, '/api/feature-plans');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { name: string; days: number; priceCents: number; price: string }[];
    expect(body.map((p) => [p.days, p.priceCents, p.price])).toEqual([
      [1, 990, '9.90'],
      [7, 3990, '39.90'],
      [30, 11990, '119.90'],
    ]);
  });

  it('says whether any payment method is active, and whose checkout a payment opens', async () => {
    expect(await (await callFunction(methodsFn, '/api/active-payment-methods')).json()).toEqual({
      active: true,
      provider: 'stripe',
    });
    await saveSettings(db, { ...SETTINGS, preferredPaymentMethod: 'mercadopago' });
    expect(await (await callFunction(methodsFn, '/api/active-payment-methods')).json()).toEqual({
      active: true,
      provider: 'mercadopago',
    });
    await saveSettings(db, { ...SETTINGS, mercadopagoEnabled: false, stripeEnabled: false });
    expect(await (await callFunction(methodsFn, '/api/active-payment-methods')).json()).toEqual({
      active: false,
      provider: null,
    });
  });
});

describe('POST /api/feature-orders', () => {
  it('needs a session', async () => {
    const res = await callFunction(featureOrdersFn, '/api/feature-orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });

  it('takes price and days from the plan, never from the client', async () => {
    const { user, token } = await makeUser(db, 'Dona');
    const group = await makeGroup(db, user.id);
    const week = await plan(7);
    const res = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(token, {
        userId: crypto.randomUUID(),
        groupId: group.id,
        planId: week.id,
        status: 'active',
        price: 0.01,
        days: 365,
      }),
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [order] = await db.select().from(featureOrders).where(eq(featureOrders.id, id));
    expect(order).toMatchObject({ userId: user.id, status: 'pending', price: 3990, days: 7 });
  });

  it("refuses another user's group, an unapproved group and a featured one", async () => {
    const { token } = await makeUser(db, 'Intrusa');
    const { user: owner } = await makeUser(db, 'Dono');
    const week = await plan(7);
    const foreign = await makeGroup(db, owner.id);
    const res = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(token, { groupId: foreign.id, planId: week.id }),
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Grupo não encontrado' });

    const { user, token: ownToken } = await makeUser(db, 'Autora');
    const pending = await makeGroup(db, user.id, { approved: false });
    const res2 = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(ownToken, { groupId: pending.id, planId: week.id }),
    );
    expect(res2.status).toBe(400);
    const featured = await makeGroup(db, user.id, {
      featured: true,
      featuredUntil: new Date(Date.now() + 86_400_000),
    });
    const res3 = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(ownToken, { groupId: featured.id, planId: week.id }),
    );
    expect(res3.status).toBe(409);
    expect(await db.select().from(featureOrders).where(eq(featureOrders.userId, user.id))).toHaveLength(0);
  });

  it('refuses a held group, one with an open report and one with a pending notice, in pt-BR; decided, it may be ordered', async () => {
    const { user, token } = await makeUser(db, 'Rita');
    const week = await plan(7);
    const order = (groupId: string) =>
      callFunction(featureOrdersFn, '/api/feature-orders', postJson(token, { groupId, planId: week.id }));

    const held = await makeGroup(db, user.id);
    await db.transaction((tx) => placeHold(tx, held.id, { reason: 'admin', note: 'teste' }));
    const r1 = await order(held.id);
    expect(r1.status).toBe(409);
    expect(await r1.json()).toMatchObject({
      message: 'Este grupo está suspenso e não pode ser destacado enquanto a suspensão durar.',
    });

    const reported = await makeGroup(db, user.id);
    const [report] = await db
      .insert(groupReports)
      .values({ groupId: reported.id, reason: 'spam', reporterHash: crypto.randomUUID() })
      .returning();
    const r2 = await order(reported.id);
    expect(r2.status).toBe(409);
    expect(await r2.json()).toMatchObject({
      message: 'Este grupo tem denúncias em análise e não pode ser destacado até a análise terminar.',
    });

    const noticed = await makeGroup(db, user.id);
    const [notice] = await db
      .insert(legalNotices)
      .values({
        kind: 'other',
        groupId: noticed.id,
        groupTitle: noticed.title,
        groupUrl: 'https://exemplo.test/g',
        name: 'Notificante',
        email: 'notificante@exemplo.test',
        description: 'Conteúdo ilícito',
        addressHash: 'h',
      })
      .returning();
    const r3 = await order(noticed.id);
    expect(r3.status).toBe(409);
    expect(await r3.json()).toMatchObject({
      message:
        'Este grupo tem uma notificação extrajudicial pendente e não pode ser destacado até a decisão.',
    });
    expect(await db.select().from(featureOrders).where(eq(featureOrders.userId, user.id))).toHaveLength(0);

    // Once the report and the notice are decided, the same groups may be ordered.
    await db.update(groupReports).set({ status: 'reviewed' }).where(eq(groupReports.id, report!.id));
    await db.update(legalNotices).set({ status: 'kept' }).where(eq(legalNotices.id, notice!.id));
    expect((await order(reported.id)).status).toBe(201);
    expect((await order(noticed.id)).status).toBe(201);
  });

  it('answers a clear 400 for bad input and 503 when payments are off', async () => {
    const { user, token } = await makeUser(db, 'Bia');
    const bad = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(token, { groupId: 'x', planId: 'y' }),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBeTruthy();
    await saveSettings(db, { ...SETTINGS, mercadopagoEnabled: false, stripeEnabled: false });
    const group = await makeGroup(db, user.id);
    const off = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(token, { groupId: group.id, planId: (await plan(7)).id }),
    );
    expect(off.status).toBe(503);
    expect(((await off.json()) as { message: string }).message).toContain(
      'métodos de pagamento estão desativados',
    );
  });
});

async function newOrder(days = 7) {
  const { user, token } = await makeUser(db, 'Carla');
  const group = await makeGroup(db, user.id);
  const res = await callFunction(
    featureOrdersFn,
    '/api/feature-orders',
    postJson(token, { groupId: group.id, planId: (await plan(days)).id }),
  );
  const { id } = (await res.json()) as { id: string };
  return { user, token, group, id };
}

describe('GET /api/feature-orders/{id}', () => {
  it("shows the owner's order and hides it from anyone else", async () => {
    const { token, id, group } = await newOrder();
    const res = await callFunction(featureOrdersFn, `/api/feature-orders/${id}`, signedIn(token));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id,
      status: 'pending',
      priceCents: 3990,
      group_title: group.title,
      plan_name: 'Destaque 7 dias',
      plan_days: 7,
    });

    const { token: other } = await makeUser(db, 'Outra');
    const hidden = await callFunction(featureOrdersFn, `/api/feature-orders/${id}`, signedIn(other));
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ message: 'Pedido de destaque não encontrado' });
    const pay = await callFunction(
      featureOrdersFn,
      `/api/feature-orders/${id}/pay`,
      signedIn(other, { method: 'POST' }),
    );
    expect(pay.status).toBe(404);
    expect((await callFunction(featureOrdersFn, `/api/feature-orders/${id}`)).status).toBe(401);
    expect(
      (await callFunction(featureOrdersFn, '/api/feature-orders/nao-e-um-id', signedIn(token))).status,
    ).toBe(404);
  });
});

describe('POST /api/feature-orders/{id}/pay', () => {
  it('opens a Stripe Checkout Session in BRL carrying the order id', async () => {
    const { token, id } = await newOrder();
    const res = await callFunction(
      featureOrdersFn,
      `/api/feature-orders/${id}/pay`,
      signedIn(token, { method: 'POST' }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { payment: { initPoint: string; provider: string; id: string } };
    expect(body.payment.provider).toBe('stripe');
    const session = stripe.sessions.get(body.payment.id)!;
    expect(body.payment.initPoint).toBe(session.url);
    expect(session).toMatchObject({
      client_reference_id: id,
      metadata: { orderId: id },
      amount_total: 3990,
      currency: 'brl',
    });
    const request = stripe.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.body.get('client_reference_id') === id,
    )!;
    expect(request.headers['idempotency-key']).toBe(`checkout-${id}`);
    const [order] = await db.select().from(featureOrders).where(eq(featureOrders.id, id));
    expect(order).toMatchObject({ paymentMethod: 'stripe', paymentId: session.id, status: 'pending' });
  });

  it('opens a Mercado Pago preference with external_reference and idempotency key = order id', async () => {
    await saveSettings(db, { ...SETTINGS, preferredPaymentMethod: 'mercadopago' });
    const { token, id } = await newOrder(30);
    const res = await callFunction(
      featureOrdersFn,
      `/api/feature-orders/${id}/pay`,
      signedIn(token, { method: 'POST' }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { payment: { initPoint: string; provider: string; id: string } };
    expect(body.payment.provider).toBe('mercadopago');
    expect(body.payment.initPoint).toContain('sandbox.mercadopago.com.br');
    const request = mp.requests.find(
      (r) =>
        r.path === '/checkout/preferences/' &&
        (r.body as { external_reference: string }).external_reference === id,
    )!;
    expect(request.headers['x-idempotency-key']).toBe(id);
    expect(request.body).toMatchObject({ items: [{ unit_price: 119.9, currency_id: 'BRL', quantity: 1 }] });
  });

  it('uses the preferred provider only when it is enabled', async () => {
    await saveSettings(db, { ...SETTINGS, preferredPaymentMethod: 'stripe', stripeEnabled: false });
    const { token, id } = await newOrder();
    const body = (await (
      await callFunction(
        featureOrdersFn,
        `/api/feature-orders/${id}/pay`,
        signedIn(token, { method: 'POST' }),
      )
    ).json()) as {
      payment: { provider: string };
    };
    expect(body.payment.provider).toBe('mercadopago');
  });

  it('falls back to the local simulator when the provider has no keys (local only)', async () => {
    await saveSettings(db, {
      ...SETTINGS,
      stripeSecretKey: '',
      preferredPaymentMethod: 'stripe',
      mercadopagoEnabled: false,
    });
    const { token, id } = await newOrder();
    const body = (await (
      await callFunction(
        featureOrdersFn,
        `/api/feature-orders/${id}/pay`,
        signedIn(token, { method: 'POST' }),
      )
    ).json()) as {
      payment: { provider: string; initPoint: string };
    };
    expect(body.payment).toMatchObject({
      provider: 'simulator',
      initPoint: `http://localhost:8888/simulador-pagamento/${id}`,
    });
  });

  it('answers a pt-BR 503 when the provider fails, and refuses an order already paid', async () => {
    expectConsoleError(/stripe checkout failed/);
    await saveSettings(db, { ...SETTINGS, stripeSecretKey: 'rk_wrong_key' });
    const { token, id } = await newOrder();
    const res = await callFunction(
      featureOrdersFn,
      `/api/feature-orders/${id}/pay`,
      signedIn(token, { method: 'POST' }),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      message: 'Não foi possível iniciar o pagamento. Tente novamente em instantes.',
    });
    await db.update(featureOrders).set({ status: 'active' }).where(eq(featureOrders.id, id));
    const again = await callFunction(
      featureOrdersFn,
      `/api/feature-orders/${id}/pay`,
      signedIn(token, { method: 'POST' }),
    );
    expect(again.status).toBe(409);
  });
});

describe('renewal orders', () => {
  it('accepts a renewal only for an active order of the same group', async () => {
    const { user, token } = await makeUser(db, 'Renata');
    const group = await makeGroup(db, user.id, {
      featured: true,
      featuredUntil: new Date(Date.now() + 3 * 86_400_000),
    });
    const week = await plan(7);
    const [active] = await db
      .insert(featureOrders)
      .values({
        userId: user.id,
        groupId: group.id,
        planId: week.id,
        price: 3990,
        days: 7,
        status: 'active',
        endDate: group.featuredUntil,
      })
      .returning();
    const ok = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(token, {
        groupId: group.id,
        planId: week.id,
        metadata: JSON.stringify({ isRenewal: true, originalOrderId: active!.id }),
      }),
    );
    expect(ok.status).toBe(201);
    const { id } = (await ok.json()) as { id: string };
    const [order] = await db
      .select()
      .from(featureOrders)
      .where(and(eq(featureOrders.id, id), eq(featureOrders.groupId, group.id)));
    expect(JSON.parse(order!.metadata!)).toMatchObject({ isRenewal: true, originalOrderId: active!.id });

    const { user: other } = await makeUser(db, 'Outro');
    const otherGroup = await makeGroup(db, other.id);
    const [foreign] = await db
      .insert(featureOrders)
      .values({
        userId: other.id,
        groupId: otherGroup.id,
        planId: week.id,
        price: 3990,
        days: 7,
        status: 'active',
      })
      .returning();
    const refused = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(token, {
        groupId: group.id,
        planId: week.id,
        metadata: JSON.stringify({ isRenewal: true, originalOrderId: foreign!.id }),
      }),
    );
    expect(refused.status).toBe(400);
    expect((await db.select().from(groups).where(eq(groups.id, group.id)))[0]!.featuredUntil).toEqual(
      group.featuredUntil,
    );
  });
});

describe('order limits', () => {
  it('refuses more than the hourly ceiling of orders from one account with 429', async () => {
    const { ORDERS_PER_HOUR } = await import('../../src/features/payments/orders.server.ts');
    const { user, token } = await makeUser(db, 'Apressada');
    const group = await makeGroup(db, user.id);
    const planId = (await plan(1)).id;
    for (let i = 0; i < ORDERS_PER_HOUR; i++) {
      const res = await callFunction(
        featureOrdersFn,
        '/api/feature-orders',
        postJson(token, { groupId: group.id, planId }),
      );
      expect(res.status).toBe(201);
    }
    const over = await callFunction(
      featureOrdersFn,
      '/api/feature-orders',
      postJson(token, { groupId: group.id, planId }),
    );
    expect(over.status).toBe(429);
    // Every attempt counted; all of them answered the one pending order of that group and plan.
    expect(await db.select().from(featureOrders).where(eq(featureOrders.userId, user.id))).toHaveLength(1);
  });

  it('answers 405 to GET on the pay address', async () => {
    const { token, id } = await newOrder();
    expect(
      (await callFunction(featureOrdersFn, `/api/feature-orders/${id}/pay`, signedIn(token))).status,
    ).toBe(405);
  });
});

describe('one pending order per group and plan', () => {
  const create = (token: string, groupId: string, planId: number) =>
    callFunction(featureOrdersFn, '/api/feature-orders', postJson(token, { groupId, planId }));
  const idOf = async (res: Response) => ((await res.json()) as { id: string }).id;

  it('answers the pending order again, a new one per plan; a short number, unique, instead of the id', async () => {
    const { user, token } = await makeUser(db, 'Insistente');
    const group = await makeGroup(db, user.id);
    const week = await plan(7);
    const first = await idOf(await create(token, group.id, week.id));
    const again = await create(token, group.id, week.id);
    expect(again.status).toBe(201);
    expect(await idOf(again)).toBe(first);
    const month = await idOf(await create(token, group.id, (await plan(30)).id));
    expect(month).not.toBe(first);
    const orders = await db.select().from(featureOrders).where(eq(featureOrders.userId, user.id));
    expect(orders.map((o) => o.status)).toEqual(['pending', 'pending']);

    const shown = (await (
      await callFunction(featureOrdersFn, `/api/feature-orders/${first}`, signedIn(token))
    ).json()) as { number: number };
    expect(shown.number).toBeGreaterThanOrEqual(1001);
    expect(new Set(orders.map((o) => o.number)).size).toBe(2);
    expect(orders.find((o) => o.id === first)!.number).toBe(shown.number);
  });

  it("cancels a pending order at an old price and makes a new one at the plan's price", async () => {
    const { user, token } = await makeUser(db, 'Atrasada');
    const group = await makeGroup(db, user.id);
    const week = await plan(7);
    const old = await idOf(await create(token, group.id, week.id));
    await db.update(featureOrders).set({ price: 2990 }).where(eq(featureOrders.id, old));
    const fresh = await idOf(await create(token, group.id, week.id));
    expect(fresh).not.toBe(old);
    const rows = await db.select().from(featureOrders).where(eq(featureOrders.userId, user.id));
    expect(rows.find((o) => o.id === old)).toMatchObject({ status: 'cancelled' });
    expect(rows.find((o) => o.id === fresh)).toMatchObject({ status: 'pending', price: 3990 });
  });

  it('lets the owner cancel a pending order, nobody else; a cancelled order is never paid nor activated, and a late payment goes back', async () => {
    const { token, id, group } = await newOrder();
    // The buyer opens the checkout, then cancels the order in the panel with the checkout still open.
    const checkout = await callFunction(
      featureOrdersFn,
      `/api/feature-orders/${id}/pay`,
      signedIn(token, { method: 'POST' }),
    );
    expect(checkout.status).toBe(200);
    const { payment } = (await checkout.json()) as { payment: { id: string } };
    const cancel = (as: string) =>
      callFunction(cancelFn, `/api/feature-orders/${id}/cancel`, signedIn(as, { method: 'POST' }));
    const { token: other } = await makeUser(db, 'Alheia');
    expect((await cancel(other)).status).toBe(404);

    const res = await cancel(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: 'cancelled' });
    const twice = await cancel(token);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({
      message: 'Só é possível cancelar um pedido que ainda não foi pago.',
    });
    const pay = await callFunction(
      featureOrdersFn,
      `/api/feature-orders/${id}/pay`,
      signedIn(token, { method: 'POST' }),
    );
    expect(pay.status).toBe(409);

    // The buyer pays that checkout after cancelling: the payment goes back, nothing is activated.
    const paymentIntent = stripe.pay(payment.id).id;
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: stripe.sessions.get(payment.id) },
    });
    const webhook = await callFunction(webhooksFn, '/api/payments/webhook/stripe', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: SETTINGS.stripeWebhookSecret,
        }),
      },
      body: payload,
    });
    expect(webhook.status).toBe(200);
    expect(await webhook.json()).toEqual({ received: true, outcome: 'refunded_unserved' });
    const [order] = await db.select().from(featureOrders).where(eq(featureOrders.id, id));
    expect(order).toMatchObject({ status: 'refunded', startDate: null });
    const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
    expect(refund).toMatchObject({ source: 'unserved', amount: 3990 });
    expect(
      stripe.requests.some((r) => r.path === '/v1/refunds' && r.body.get('payment_intent') === paymentIntent),
    ).toBe(true);
    const [after] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(after!.featured).toBe(false);
  });
});
