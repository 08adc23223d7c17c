// Admin payments and settings: admin only, approve/cancel pending orders, auto-approval asks the
// providers (real SDKs, fake servers), secrets stored encrypted and answered masked.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvForTests } from '#src/lib/env.server.ts';
import { featureOrders, featurePlans, groups, paymentSettings } from '../../db/schema.ts';
import { seedDatabase } from '../../db/seed.ts';
import * as settingsFn from '../../functions/admin-payment-settings.ts';
import * as adminPaymentsFn from '../../functions/admin-payments.ts';
import { saveSettings } from '../../src/features/payments/settings.server.ts';
import { setupTestDb } from '../support/db.ts';
import { type FakeMercadoPago, startFakeMercadoPago } from '../support/fake-mercadopago.ts';
import { type FakeStripe, startFakeStripe } from '../support/fake-stripe.ts';
import { callFunction } from '../support/functions.ts';
import { makeGroup, makeUser, signedIn } from './payments-helpers.ts';

const { db } = await setupTestDb();
let stripe: FakeStripe;
let mp: FakeMercadoPago;
let admin: string;
let member: string;

beforeAll(async () => {
  await seedDatabase(db, { groups: 0 });
  stripe = await startFakeStripe();
  mp = await startFakeMercadoPago();
  process.env.STRIPE_API_BASE = stripe.url;
  process.env.MERCADOPAGO_API_BASE = mp.url;
  resetEnvForTests();
  admin = (await makeUser(db, 'Admin', true)).token;
  member = (await makeUser(db, 'Membro')).token;
});
afterAll(async () => {
  await stripe.close();
  await mp.close();
});

async function order(values: Partial<typeof featureOrders.$inferInsert> = {}) {
  const { user } = await makeUser(db, 'Cliente');
  const group = await makeGroup(db, user.id);
  const [plan] = await db.select().from(featurePlans).where(eq(featurePlans.days, 7));
  const [row] = await db
    .insert(featureOrders)
    .values({ userId: user.id, groupId: group.id, planId: plan!.id, price: plan!.price, days: 7, ...values })
    .returning();
  return { order: row!, group, user };
}

const post = (token: string) => signedIn(token, { method: 'POST' });

describe('admin endpoints need an admin', () => {
  it('answers 401 without a session and 403 for a member', async () => {
    const { order: o } = await order();
    const calls: [typeof adminPaymentsFn | typeof settingsFn, string, string][] = [
      [adminPaymentsFn, '/api/admin/payments', 'GET'],
      [adminPaymentsFn, `/api/admin/payments/${o.id}/approve`, 'POST'],
      [adminPaymentsFn, `/api/admin/payments/${o.id}/cancel`, 'POST'],
      [adminPaymentsFn, '/api/payments/auto-approve', 'POST'],
      [settingsFn, '/api/admin/payment-settings', 'GET'],
      [settingsFn, '/api/admin/payment-settings', 'PUT'],
    ];
    for (const [fn, path, method] of calls) {
      expect((await callFunction(fn, path, { method })).status, `${method} ${path}`).toBe(401);
      expect((await callFunction(fn, path, signedIn(member, { method }))).status, `${method} ${path}`).toBe(
        403,
      );
    }
    expect((await db.select().from(featureOrders).where(eq(featureOrders.id, o.id)))[0]!.status).toBe(
      'pending',
    );
  });
});

describe('GET /api/admin/payments', () => {
  it('pages the orders newest first with group, user and plan', async () => {
    const { order: o, group, user } = await order({ paymentMethod: 'mercadopago', paymentId: '123456789' });
    const res = await callFunction(adminPaymentsFn, '/api/admin/payments?page=1', signedIn(admin));
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      payments: Record<string, unknown>[];
      pagination: Record<string, number>;
    };
    expect(body.pagination).toMatchObject({ page: 1, pageSize: 10 });
    expect(body.payments[0]).toMatchObject({
      id: o.id,
      groupId: group.id,
      groupTitle: group.title,
      userId: user.id,
      userName: 'Cliente',
      userEmail: user.email,
      planName: 'Destaque 7 dias',
      planDays: 7,
      priceCents: 3990,
      status: 'pending',
      paymentMethod: 'mercadopago',
      paymentId: '123456789',
    });
    for (let i = 0; i < 10; i++) await order();
    const page2 = (await (
      await callFunction(adminPaymentsFn, '/api/admin/payments?page=2', signedIn(admin))
    ).json()) as typeof body;
    expect(page2.pagination.total).toBeGreaterThanOrEqual(11);
    expect(page2.pagination.pages).toBe(Math.ceil((page2.pagination.total ?? 0) / 10));
    expect(page2.payments.length).toBeGreaterThan(0);
    const hostile = await callFunction(adminPaymentsFn, '/api/admin/payments?page=-3', signedIn(admin));
    expect(hostile.status).toBe(200);
  });
});

describe('approve and cancel', () => {
  it('approves a pending order: active and the group featured; then refuses to approve it again', async () => {
    const { order: o, group } = await order();
    const res = await callFunction(adminPaymentsFn, `/api/admin/payments/${o.id}/approve`, post(admin));
    expect(res.status).toBe(200);
    const [after] = await db.select().from(featureOrders).where(eq(featureOrders.id, o.id));
    const [g] = await db.select().from(groups).where(eq(groups.id, group.id));
    expect(after!.status).toBe('active');
    expect(g!.featured).toBe(true);
    expect(g!.featuredUntil!.getTime()).toBe(after!.endDate!.getTime());
    const again = await callFunction(adminPaymentsFn, `/api/admin/payments/${o.id}/approve`, post(admin));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: 'Apenas pagamentos pendentes podem ser aprovados.' });
    const cancel = await callFunction(adminPaymentsFn, `/api/admin/payments/${o.id}/cancel`, post(admin));
    expect(cancel.status).toBe(409);
  });

  it('cancels a pending order and answers 404 for an unknown one', async () => {
    const { order: o, group } = await order();
    expect(
      (await callFunction(adminPaymentsFn, `/api/admin/payments/${o.id}/cancel`, post(admin))).status,
    ).toBe(200);
    expect((await db.select().from(featureOrders).where(eq(featureOrders.id, o.id)))[0]!.status).toBe(
      'cancelled',
    );
    expect((await db.select().from(groups).where(eq(groups.id, group.id)))[0]!.featured).toBe(false);
    const missing = await callFunction(
      adminPaymentsFn,
      `/api/admin/payments/${crypto.randomUUID()}/approve`,
      post(admin),
    );
    expect(missing.status).toBe(404);
    expect((await callFunction(adminPaymentsFn, '/api/admin/payments/x/cancel', post(admin))).status).toBe(
      404,
    );
  });
});

describe('POST /api/payments/auto-approve', () => {
  it('settles pending orders the providers say are paid, and only those', async () => {
    await saveSettings(db, {
      stripeSecretKey: 'sk_test_auto',
      mercadoPagoAccessToken: 'APP_USR-auto',
      mode: 'sandbox',
      preferredPaymentMethod: 'stripe',
      stripeEnabled: true,
      mercadopagoEnabled: true,
    });
    // Clear out earlier pending orders so the count is this test's.
    await db.update(featureOrders).set({ status: 'cancelled' }).where(eq(featureOrders.status, 'pending'));
    const paidStripe = await order({ paymentMethod: 'stripe', paymentId: 'cs_test_paid' });
    const unpaidStripe = await order({ paymentMethod: 'stripe', paymentId: 'cs_test_unpaid' });
    const paidMp = await order({ paymentMethod: 'mercadopago', paymentId: 'pref-1' });
    const session = (id: string, orderId: string, paid: boolean) => ({
      id,
      object: 'checkout.session' as const,
      url: '',
      mode: 'payment',
      client_reference_id: orderId,
      metadata: { orderId },
      amount_total: 3990,
      currency: 'brl',
      payment_status: paid ? ('paid' as const) : ('unpaid' as const),
      status: paid ? ('complete' as const) : ('open' as const),
      success_url: '',
      cancel_url: '',
    });
    stripe.sessions.set('cs_test_paid', session('cs_test_paid', paidStripe.order.id, true));
    stripe.sessions.set('cs_test_unpaid', session('cs_test_unpaid', unpaidStripe.order.id, false));
    mp.payments.set('555', {
      id: 555,
      status: 'approved',
      external_reference: paidMp.order.id,
      transaction_amount: 39.9,
      currency_id: 'BRL',
    });

    const res = await callFunction(adminPaymentsFn, '/api/payments/auto-approve', post(admin));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ processed_count: 2 });
    const status = async (id: string) =>
      (await db.select().from(featureOrders).where(eq(featureOrders.id, id)))[0]!.status;
    expect(await status(paidStripe.order.id)).toBe('active');
    expect(await status(paidMp.order.id)).toBe('active');
    expect(await status(unpaidStripe.order.id)).toBe('pending');
    expect(
      await (await callFunction(adminPaymentsFn, '/api/payments/auto-approve', post(admin))).json(),
    ).toEqual({
      processed_count: 0,
    });
  });
});

describe('payment settings', () => {
  const full = {
    mercadoPagoAccessToken: 'APP_USR-1234567890-secreto',
    mercadoPagoWebhookSecret: 'mp-webhook-secreto-123',
    mercadoPagoPublicKey: 'APP_USR-public-key',
    stripeSecretKey: 'sk_test_segredo_stripe_987',
    stripePublicKey: 'pk_test_publica',
    stripeWebhookSecret: 'whsec_segredo_webhook_555',
    callbackUrl: 'https://exemplo.com.br/api/payments/webhook/mercadopago',
    returnUrl: 'https://exemplo.com.br',
    mode: 'production',
    preferredPaymentMethod: 'stripe',
    mercadopagoEnabled: true,
    stripeEnabled: true,
  };
  const put = (body: unknown) =>
    callFunction(
      settingsFn,
      '/api/admin/payment-settings',
      signedIn(admin, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );

  it('stores secrets encrypted and answers them masked', async () => {
    const res = await put(full);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      mercadoPagoPublicKey: 'APP_USR-public-key',
      stripePublicKey: 'pk_test_publica',
      mode: 'production',
      preferredPaymentMethod: 'stripe',
    });
    const text = JSON.stringify(
      await (await callFunction(settingsFn, '/api/admin/payment-settings', signedIn(admin))).json(),
    );
    for (const secret of [
      'APP_USR-1234567890-secreto',
      'mp-webhook-secreto-123',
      'sk_test_segredo_stripe_987',
      'whsec_segredo_webhook_555',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('_987');
    const [row] = await db.select().from(paymentSettings);
    expect(JSON.stringify(row)).not.toContain('segredo');
    expect(row!.stripeSecretKey).toMatch(/^enc:v1:/);
  });

  it('keeps a stored secret when the masked value comes back, and clears it when emptied', async () => {
    await put(full);
    const masked = (await (
      await callFunction(settingsFn, '/api/admin/payment-settings', signedIn(admin))
    ).json()) as Record<string, unknown>;
    const res = await put({ ...masked, stripeWebhookSecret: '', mode: 'sandbox' });
    expect(res.status).toBe(200);
    const { getClearSettings } = await import('../../src/features/payments/settings.server.ts');
    const clear = await getClearSettings(db);
    expect(clear.stripeSecretKey).toBe('sk_test_segredo_stripe_987');
    expect(clear.mercadoPagoAccessToken).toBe('APP_USR-1234567890-secreto');
    expect(clear.stripeWebhookSecret).toBeNull();
    expect(clear.mode).toBe('sandbox');
  });

  it('answers 400 with a pt-BR message for invalid settings', async () => {
    const res = await put({ ...full, mode: 'turbo', returnUrl: 'exemplo' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });
});
