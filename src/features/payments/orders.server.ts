// Feature orders: plans, creation (price and days from the plan), payment start, activation in one
// transaction (exactly once), admin approval/cancellation, auto-approval and scheduled expiry.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  categories,
  type FeatureOrder,
  featureOrders,
  featurePlans,
  groups,
  processedWebhookEvents,
  users,
} from '#db/schema.ts';
import { recordAccess } from '#src/features/access-log/access-log.server.ts';
import type { SessionUser } from '#src/features/auth/session.server.ts';
import { isFeaturedGroup } from '#src/features/groups/groups.server.ts';
import { queuePaymentReceipt } from '#src/features/mail/notify.server.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';
import { extendFeaturing } from './featuring.server.ts';
import { type CreateOrderInput, RenewalMetadataSchema } from './payments.schema.ts';
import {
  type CheckoutProviderName,
  daysRemaining,
  extendFeaturedEnd,
  MESSAGES,
  type OrderJson,
} from './payments.ts';
import { MercadoPagoProvider } from './providers/mercadopago.ts';
import type { PaymentProvider, SettledPayment } from './providers/provider.ts';
import { SimulatorProvider } from './providers/simulator.ts';
import { StripeProvider } from './providers/stripe.ts';
import { type ClearSettings, chooseProvider, getClearSettings, paymentsActive } from './settings.server.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export const ORDERS_PER_HOUR = 30;

/** Money as the API shows it: centavos and the decimal the table stores. */
function money(cents: number) {
  return { priceCents: cents, price: (cents / 100).toFixed(2) };
}

/** GET /api/feature-plans: the active plans, shortest first. */
export async function listPlans(db: Db) {
  const rows = await db
    .select()
    .from(featurePlans)
    .where(eq(featurePlans.active, true))
    .orderBy(asc(featurePlans.days), asc(featurePlans.id));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    days: p.days,
    active: p.active,
    ...money(p.price),
  }));
}

/**
 * GET /api/feature-plans/eligible-groups: the caller's groups that may be featured now (own,
 * approved, visible, not featured). The same rule createOrder enforces.
 */
export async function listEligibleGroups(db: Db, userId: string) {
  return db
    .select({ id: groups.id, title: groups.title, category: categories.name })
    .from(groups)
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .where(
      and(
        eq(groups.userId, userId),
        eq(groups.approved, true),
        isNull(groups.hiddenAt),
        sql`not coalesce(${isFeaturedGroup()}, false)`,
      ),
    )
    .orderBy(desc(groups.createdAt));
}

/** GET /api/active-payment-methods: whether anyone can pay now. */
export async function activePaymentMethods(db: Db) {
  const settings = await getClearSettings(db);
  return { active: paymentsActive(settings) };
}

function assertPaymentsActive(settings: ClearSettings) {
  if (!paymentsActive(settings)) throw new AppError('PAYMENTS_DISABLED', MESSAGES.paymentsDisabled);
}

/** POST /api/feature-orders: an order for one of the caller's approved groups at the plan's price. */
export async function createOrder(db: Db, user: SessionUser, input: CreateOrderInput) {
  assertPaymentsActive(await getClearSettings(db));
  // Orders are cheap to create: a ceiling keeps one account from filling the table.
  await consumeRateLimit(db, `feature-order:${user.id}`, ORDERS_PER_HOUR, 3600);
  const [plan] = await db
    .select()
    .from(featurePlans)
    .where(and(eq(featurePlans.id, input.planId), eq(featurePlans.active, true)));
  if (!plan) throw new AppError('NOT_FOUND', MESSAGES.planNotFound);
  const [group] = await db
    .select({
      id: groups.id,
      approved: groups.approved,
      hiddenAt: groups.hiddenAt,
      featuredNow: sql<boolean>`coalesce(${isFeaturedGroup()}, false)`,
      featuredUntil: groups.featuredUntil,
    })
    .from(groups)
    .where(and(eq(groups.id, input.groupId), eq(groups.userId, user.id)));
  // Another user's group is answered exactly like a missing one.
  if (!group) throw new AppError('NOT_FOUND', MESSAGES.groupNotFound);
  if (!group.approved || group.hiddenAt) throw new AppError('BAD_REQUEST', MESSAGES.groupNotApproved);

  let metadata: Record<string, unknown> = { isRenewal: false };
  const renewal = parseRenewal(input.metadata);
  if (renewal) {
    const [original] = await db
      .select({ id: featureOrders.id, endDate: featureOrders.endDate })
      .from(featureOrders)
      .where(
        and(
          eq(featureOrders.id, renewal.originalOrderId),
          eq(featureOrders.userId, user.id),
          eq(featureOrders.groupId, group.id),
          eq(featureOrders.status, 'active'),
        ),
      );
    if (!original) throw new AppError('BAD_REQUEST', MESSAGES.renewalNotAllowed);
    metadata = {
      isRenewal: true,
      originalOrderId: original.id,
      originalEndDate: original.endDate?.toISOString() ?? null,
    };
  } else if (group.featuredNow) {
    throw new AppError('CONFLICT', MESSAGES.groupAlreadyFeatured);
  }

  const [order] = await db
    .insert(featureOrders)
    .values({
      userId: user.id,
      groupId: group.id,
      planId: plan.id,
      status: 'pending',
      price: plan.price,
      days: plan.days,
      metadata: JSON.stringify(metadata),
    })
    .returning({ id: featureOrders.id });
  return { id: order!.id };
}

function parseRenewal(metadata: string | null | undefined) {
  if (!metadata) return null;
  try {
    const parsed = RenewalMetadataSchema.safeParse(JSON.parse(metadata));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const orderView = {
  id: featureOrders.id,
  userId: featureOrders.userId,
  groupId: featureOrders.groupId,
  planId: featureOrders.planId,
  orderDate: featureOrders.orderDate,
  startDate: featureOrders.startDate,
  endDate: featureOrders.endDate,
  status: featureOrders.status,
  price: featureOrders.price,
  days: featureOrders.days,
  paymentMethod: featureOrders.paymentMethod,
  paymentId: featureOrders.paymentId,
  metadata: featureOrders.metadata,
  groupTitle: groups.title,
  planName: featurePlans.name,
  planDays: featurePlans.days,
};

interface OrderViewRow {
  id: string;
  userId: string | null;
  /** null once the group was deleted */
  groupId: string | null;
  planId: number;
  orderDate: Date;
  startDate: Date | null;
  endDate: Date | null;
  status: string;
  price: number;
  days: number;
  paymentMethod: string | null;
  paymentId: string | null;
  metadata: string | null;
  groupTitle: string | null;
  planName: string | null;
  planDays: number | null;
}

/** An order as the API answers it (with the spec's view names group_title, plan_name, plan_days). */
export function toOrderJson(row: OrderViewRow, now: Date = new Date()): OrderJson {
  return {
    id: row.id,
    userId: row.userId,
    groupId: row.groupId,
    planId: row.planId,
    orderDate: row.orderDate.toISOString(),
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    status: row.status,
    ...money(row.price),
    days: row.days,
    paymentMethod: row.paymentMethod,
    paymentId: row.paymentId,
    metadata: row.metadata,
    daysRemaining: row.status === 'active' ? daysRemaining(row.endDate, now) : 0,
    group_title: row.groupTitle,
    plan_name: row.planName,
    plan_days: row.planDays,
  };
}

async function findOrderForUser(db: Db, userId: string, orderId: string) {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  const [row] = await db
    .select(orderView)
    .from(featureOrders)
    .leftJoin(groups, eq(groups.id, featureOrders.groupId))
    .leftJoin(featurePlans, eq(featurePlans.id, featureOrders.planId))
    .where(and(eq(featureOrders.id, orderId), eq(featureOrders.userId, userId)));
  // Another user's order is answered exactly like a missing one.
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  return row;
}

/** GET /api/feature-orders/{id}: the caller's own order. */
export async function getOrderForUser(db: Db, userId: string, orderId: string) {
  return toOrderJson(await findOrderForUser(db, userId, orderId));
}

/** The provider that charges now: the configured one, or the simulator locally when it has no keys. */
export function resolveProvider(settings: ClearSettings, origin: string): PaymentProvider {
  const chosen = chooseProvider(settings);
  if (!chosen) throw new AppError('PAYMENTS_DISABLED', MESSAGES.paymentsDisabled);
  if (chosen === 'stripe' && settings.stripeSecretKey) return new StripeProvider(settings.stripeSecretKey);
  if (chosen === 'mercadopago' && settings.mercadoPagoAccessToken)
    return new MercadoPagoProvider(settings.mercadoPagoAccessToken, settings.mode);
  if (getEnv().isLocal) return new SimulatorProvider(origin);
  throw new AppError('UNAVAILABLE', MESSAGES.providerNotConfigured);
}

/** The provider that created an order's checkout, to ask it about that order (or refund it). */
export function providerFor(
  method: string | null,
  settings: ClearSettings,
  origin: string,
): PaymentProvider | null {
  if (method === 'stripe' && settings.stripeSecretKey) return new StripeProvider(settings.stripeSecretKey);
  if (method === 'mercadopago' && settings.mercadoPagoAccessToken)
    return new MercadoPagoProvider(settings.mercadoPagoAccessToken, settings.mode);
  if (method === 'simulator' && getEnv().isLocal) return new SimulatorProvider(origin);
  return null;
}

/** POST /api/feature-orders/{id}/pay: start the checkout; answers payment.initPoint. */
export async function startPayment(db: Db, user: SessionUser, orderId: string, origin: string, ip: string) {
  const order = await findOrderForUser(db, user.id, orderId);
  if (order.status !== 'pending' && order.status !== 'failed')
    throw new AppError('CONFLICT', MESSAGES.orderNotPayable);
  const settings = await getClearSettings(db);
  assertPaymentsActive(settings);
  const provider = resolveProvider(settings, origin);
  const base = settings.returnUrl?.replace(/\/+$/, '') || origin;
  let checkout: Awaited<ReturnType<PaymentProvider['createCheckout']>>;
  try {
    checkout = await provider.createCheckout(
      {
        id: order.id,
        price: order.price,
        days: order.days,
        planName: order.planName ?? `Plano #${order.planId}`,
        groupTitle: order.groupTitle ?? order.groupId ?? 'Grupo excluído',
      },
      {
        success: `${base}/painel?pagamento=${order.id}`,
        cancel: `${base}/pagar-destaque/${order.id}`,
        notification: settings.callbackUrl || `${origin}/api/payments/webhook/mercadopago`,
      },
    );
  } catch (error) {
    console.error(`[payments] ${provider.name} checkout failed for order ${order.id}:`, error);
    throw new AppError('UNAVAILABLE', MESSAGES.providerFailed);
  }
  await db
    .update(featureOrders)
    .set({ paymentMethod: provider.name, paymentId: checkout.paymentId, status: 'pending' })
    .where(and(eq(featureOrders.id, order.id), inArray(featureOrders.status, ['pending', 'failed'])));
  await recordAccess(db, { userId: user.id, email: user.email, event: 'checkout', ip });
  return { payment: { initPoint: checkout.initPoint, provider: provider.name, id: checkout.paymentId } };
}

/**
 * Activate a locked order: the group is featured for the plan's days by extendFeaturing (a renewal or
 * an admin's featuring adds to the time remaining), and the order becomes active until that end.
 */
async function activateLocked(
  tx: Tx,
  order: FeatureOrder,
  paymentId: string | null,
  method?: CheckoutProviderName,
  paymentIntentId?: string | null,
) {
  const now = new Date();
  // A deleted group (group_id null) has nothing left to feature.
  const until = order.groupId ? await extendFeaturing(tx, order.groupId, order.days, now) : null;
  await tx
    .update(featureOrders)
    .set({
      status: 'active',
      startDate: now,
      endDate: until ?? extendFeaturedEnd({ featured: false, featuredUntil: null }, order.days, now),
      ...(paymentId ? { paymentId } : {}),
      ...(method ? { paymentMethod: method } : {}),
      ...(paymentIntentId ? { stripePaymentIntentId: paymentIntentId } : {}),
    })
    .where(eq(featureOrders.id, order.id));
  return queuePaymentReceipt(tx, order.id);
}

export type SettleOutcome =
  | 'activated'
  | 'duplicate'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'already_settled';

/** The group page an order's featuring shows on (none when its group was deleted). */
const pagesOf = (groupId: string | null) => (groupId ? [groupId] : []);

/**
 * Apply a confirmed payment exactly once, in one transaction: the event is recorded first (a replay
 * finds it and changes nothing), the order row is locked (two notifications for one order settle it
 * once), and amount and currency must match the order. A rebuild is requested after an activation.
 * A well-formed order id with no order answers 503 so the provider sends the notification again.
 */
export async function settlePayment(db: Db, payment: SettledPayment): Promise<SettleOutcome> {
  let receipt: number | undefined;
  let featuredGroup: string | null = null;
  const outcome = await db.transaction(async (tx): Promise<SettleOutcome> => {
    const orderId = payment.orderId && isUuid(payment.orderId) ? payment.orderId : null;
    const [fresh] = await tx
      .insert(processedWebhookEvents)
      .values({ provider: payment.provider, eventId: payment.eventId, orderId, outcome: 'processing' })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    if (!fresh) return 'duplicate';
    const record = (result: SettleOutcome) =>
      tx
        .update(processedWebhookEvents)
        .set({ outcome: result })
        .where(
          and(
            eq(processedWebhookEvents.provider, payment.provider),
            eq(processedWebhookEvents.eventId, payment.eventId),
          ),
        )
        .then(() => result);
    const [order] = orderId
      ? await tx.select().from(featureOrders).where(eq(featureOrders.id, orderId)).for('update')
      : [];
    if (!order && orderId) {
      // An order id of ours the database does not show (yet): the notification may have raced the
      // order's commit. Nothing is recorded (the throw rolls back) and the provider retries later.
      throw new AppError('UNAVAILABLE', MESSAGES.orderNotVisibleYet, undefined, { 'retry-after': '60' });
    }
    if (!order) {
      console.warn(
        `[payments] ${payment.provider} event ${payment.eventId} for unknown order ${payment.orderId}`,
      );
      return record('unknown_order');
    }
    if (order.status !== 'pending' && order.status !== 'failed') return record('already_settled');
    if (payment.amountCents !== order.price || payment.currency !== 'brl') {
      console.warn(
        `[payments] ${payment.provider} event ${payment.eventId}: paid ${payment.amountCents} ${payment.currency}, order ${order.id} costs ${order.price} brl`,
      );
      return record('amount_mismatch');
    }
    receipt = await activateLocked(tx, order, payment.paymentId, payment.provider, payment.paymentIntentId);
    featuredGroup = order.groupId;
    return record('activated');
  });
  if (outcome === 'activated')
    await requestRebuild(db, `feature order paid (${payment.provider})`, { groups: pagesOf(featuredGroup) });
  await deliverMail(db, [receipt]);
  return outcome;
}

/** A declined asynchronous payment: a pending order becomes failed (it may be paid again). */
export async function markOrderFailed(db: Db, orderId: string | null) {
  if (!orderId || !isUuid(orderId)) return;
  await db
    .update(featureOrders)
    .set({ status: 'failed' })
    .where(and(eq(featureOrders.id, orderId), eq(featureOrders.status, 'pending')));
}

/** POST /api/admin/payments/{id}/approve: a pending order is activated by hand. */
export async function approveOrder(db: Db, orderId: string) {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  const { receipt, groupId } = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(featureOrders).where(eq(featureOrders.id, orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
    if (order.status !== 'pending') throw new AppError('CONFLICT', MESSAGES.approveOnlyPending);
    return { receipt: await activateLocked(tx, order, null), groupId: order.groupId };
  });
  await requestRebuild(db, 'feature order approved by an admin', { groups: pagesOf(groupId) });
  await deliverMail(db, [receipt]);
  return { success: true };
}

/** POST /api/admin/payments/{id}/cancel: a pending order is cancelled. */
export async function cancelOrder(db: Db, orderId: string) {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  const [updated] = await db
    .update(featureOrders)
    .set({ status: 'cancelled' })
    .where(and(eq(featureOrders.id, orderId), eq(featureOrders.status, 'pending')))
    .returning({ id: featureOrders.id });
  if (updated) return { success: true };
  const [exists] = await db
    .select({ id: featureOrders.id })
    .from(featureOrders)
    .where(eq(featureOrders.id, orderId));
  if (!exists) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  throw new AppError('CONFLICT', MESSAGES.cancelOnlyPending);
}

/** GET /api/admin/payments: every order with its group, user and plan, newest first. */
export async function listAdminPayments(db: Db, page: number, pageSize: number) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(featureOrders);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const rows = await db
    .select({
      id: featureOrders.id,
      groupId: featureOrders.groupId,
      groupTitle: groups.title,
      userId: featureOrders.userId,
      userName: users.name,
      userEmail: users.email,
      planName: featurePlans.name,
      planDays: featureOrders.days,
      price: featureOrders.price,
      orderDate: featureOrders.orderDate,
      startDate: featureOrders.startDate,
      endDate: featureOrders.endDate,
      status: featureOrders.status,
      paymentMethod: featureOrders.paymentMethod,
      paymentId: featureOrders.paymentId,
    })
    .from(featureOrders)
    .leftJoin(groups, eq(groups.id, featureOrders.groupId))
    .leftJoin(users, eq(users.id, featureOrders.userId))
    .leftJoin(featurePlans, eq(featurePlans.id, featureOrders.planId))
    .orderBy(desc(featureOrders.orderDate), desc(featureOrders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    payments: rows.map((r) => ({
      ...r,
      ...money(r.price),
      orderDate: r.orderDate.toISOString(),
      startDate: r.startDate?.toISOString() ?? null,
      endDate: r.endDate?.toISOString() ?? null,
    })),
    pagination: { page, pageSize, total, pages },
  };
}

/**
 * POST /api/payments/auto-approve: ask each pending order's provider whether it was paid (a
 * notification may have been lost) and settle those that were. Returns how many were activated.
 */
export async function autoApprove(db: Db, origin: string): Promise<{ processed_count: number }> {
  const settings = await getClearSettings(db);
  const pending = await db
    .select({
      id: featureOrders.id,
      paymentId: featureOrders.paymentId,
      paymentMethod: featureOrders.paymentMethod,
    })
    .from(featureOrders)
    .where(and(eq(featureOrders.status, 'pending'), isNotNull(featureOrders.paymentId)))
    .orderBy(asc(featureOrders.orderDate))
    .limit(100);
  let processed = 0;
  for (const order of pending) {
    const provider = providerFor(order.paymentMethod, settings, origin);
    if (!provider) continue;
    try {
      const paid = await provider.findPaid(order);
      if (paid && (await settlePayment(db, paid)) === 'activated') processed += 1;
    } catch (error) {
      console.error(`[payments] auto-approve could not check order ${order.id}:`, error);
    }
  }
  return { processed_count: processed };
}

/**
 * The scheduled expiry: active orders past their end become expired and groups whose featuring
 * ended are no longer featured. A rebuild is requested when anything changed.
 */
export async function expireFeatures(db: Db, now: Date = new Date()) {
  const { orders, featured } = await db.transaction(async (tx) => {
    const orders = await tx
      .update(featureOrders)
      .set({ status: 'expired' })
      .where(and(eq(featureOrders.status, 'active'), lte(featureOrders.endDate, now)))
      .returning({ id: featureOrders.id });
    const featured = await tx
      .update(groups)
      .set({ featured: false, featuredUntil: null })
      .where(and(eq(groups.featured, true), lte(groups.featuredUntil, now)))
      .returning({ id: groups.id });
    return { orders: orders.length, featured: featured.map((g) => g.id) };
  });
  if (orders || featured.length) await requestRebuild(db, 'featuring expired', { groups: featured });
  return { expiredOrders: orders, unfeaturedGroups: featured.length };
}
