// Feature orders, the owner's side: which groups may be featured, creating an order (price and days
// from the plan, a renewal adds to the time left), reading it, and starting its payment. Settlement is in
// settlement.server.ts, the admin's list in order-admin.server.ts, the scheduled expiry in expiry.server.ts.

import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { groupCategory, orderGroup, orderPlan } from '#db/joins.ts';
import {
  categories,
  featureOrders,
  featurePlans,
  groupReports,
  groups,
  legalNotices,
  orderRefunds,
  users,
} from '#db/schema.ts';
import { isHeldRow, isListedRow } from '#db/visibility.ts';
import { recordAccess } from '#src/features/access-log/access-log.server.ts';
import { ADULT_CHECKOUT_MESSAGE } from '#src/features/auth/auth.schema.ts';
import type { SessionUser } from '#src/features/auth/session.server.ts';
import { isApprovedGroup, isFeaturedGroup } from '#src/features/groups/groups.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';
import { assertPaymentsActive, resolveProvider } from './payment-providers.server.ts';
import { type CreateOrderInput, RenewalMetadataSchema } from './payments.schema.ts';
import {
  daysRemaining,
  MESSAGES,
  type OrderJson,
  priceJson,
  repurchaseAllowedFrom,
  repurchaseRefusal,
} from './payments.ts';
import type { PaymentProvider } from './providers/provider.ts';
import { getClearSettings } from './settings.server.ts';

export const ORDERS_PER_HOUR = 30;

/**
 * GET /api/feature-plans/eligible-groups: the caller's groups that may be featured now (own,
 * approved, visible, not featured). The same rule createOrder enforces.
 */
export async function listEligibleGroups(db: Db, userId: string) {
  return db
    .select({ id: groups.id, title: groups.title, category: categories.name })
    .from(groups)
    .innerJoin(categories, groupCategory)
    .where(and(eq(groups.userId, userId), isApprovedGroup, sql`not coalesce(${isFeaturedGroup()}, false)`))
    .orderBy(desc(groups.createdAt));
}

/**
 * POST /api/feature-orders: an order for one of the caller's approved groups at the plan's price. One
 * pending order per group and plan: a new attempt answers the pending one (the group row is locked, so
 * two attempts at once find the same order); a pending one at an older price or length is cancelled
 * and a new one made, since its checkout could never settle it (the amounts must match).
 */
export async function createOrder(db: Db, user: SessionUser, input: CreateOrderInput) {
  assertPaymentsActive(await getClearSettings(db));
  // Orders are cheap to create: a ceiling keeps one account from filling the table.
  await consumeRateLimit(db, `feature-order:${user.id}`, ORDERS_PER_HOUR, 3600);
  const [plan] = await db
    .select()
    .from(featurePlans)
    .where(and(eq(featurePlans.id, input.planId), eq(featurePlans.active, true)));
  if (!plan) throw new AppError('NOT_FOUND', MESSAGES.planNotFound);
  await assertAdultBuyer(db, user.id, input.adult !== undefined);
  const group = await orderableGroup(db, user.id, input.groupId);
  await assertNoWithdrawalLoop(db, user.id, group.id);
  const metadata = await orderMetadata(db, user.id, group, input.metadata);

  const [pending] = await db
    .select({ id: featureOrders.id, price: featureOrders.price, days: featureOrders.days })
    .from(featureOrders)
    .where(
      and(
        eq(featureOrders.userId, user.id),
        eq(featureOrders.groupId, group.id),
        eq(featureOrders.planId, plan.id),
        eq(featureOrders.status, 'pending'),
      ),
    )
    .orderBy(desc(featureOrders.orderDate))
    .limit(1);
  if (pending && pending.price === plan.price && pending.days === plan.days) {
    await db
      .update(featureOrders)
      .set({ metadata: JSON.stringify(metadata) })
      .where(eq(featureOrders.id, pending.id));
    return { id: pending.id };
  }
  if (pending)
    await db.update(featureOrders).set({ status: 'cancelled' }).where(eq(featureOrders.id, pending.id));

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

/** The caller's group an order may be made for, its row locked until the order is written. */
async function orderableGroup(db: Db, userId: string, groupId: string) {
  const [group] = await db
    .select({
      id: groups.id,
      approved: groups.approved,
      hiddenAt: groups.hiddenAt,
      featuredNow: sql<boolean>`coalesce(${isFeaturedGroup()}, false)`,
      featuredUntil: groups.featuredUntil,
    })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.userId, userId)))
    .for('update');
  // Another user's group is answered exactly like a missing one.
  if (!group) throw new AppError('NOT_FOUND', MESSAGES.groupNotFound);
  if (group.approved && isHeldRow(group)) throw new AppError('CONFLICT', MESSAGES.groupHeld);
  if (!isListedRow(group)) throw new AppError('BAD_REQUEST', MESSAGES.groupNotApproved);
  await assertNotUnderReview(db, group.id);
  return group;
}

/** A renewal names an active order of the same group; anything else is a first featuring. */
async function orderMetadata(
  db: Db,
  userId: string,
  group: { id: string; featuredNow: boolean },
  raw: string | null | undefined,
): Promise<Record<string, unknown>> {
  const renewal = parseRenewal(raw);
  if (!renewal) {
    if (group.featuredNow) throw new AppError('CONFLICT', MESSAGES.groupAlreadyFeatured);
    return { isRenewal: false };
  }
  const [original] = await db
    .select({ id: featureOrders.id, endDate: featureOrders.endDate })
    .from(featureOrders)
    .where(
      and(
        eq(featureOrders.id, renewal.originalOrderId),
        eq(featureOrders.userId, userId),
        eq(featureOrders.groupId, group.id),
        eq(featureOrders.status, 'active'),
      ),
    );
  if (!original) throw new AppError('BAD_REQUEST', MESSAGES.renewalNotAllowed);
  return {
    isRenewal: true,
    originalOrderId: original.id,
    originalEndDate: original.endDate?.toISOString() ?? null,
  };
}

/**
 * POST /api/feature-orders/{id}/cancel: the owner gives up an order not paid yet (pending, or failed at
 * the provider). One update guarded by the status, so it never races a settlement: an order a payment
 * activated first answers 409, and a cancelled one is never activated later (settlePayment).
 */
export async function cancelOwnOrder(db: Db, userId: string, orderId: string) {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  const [cancelled] = await db
    .update(featureOrders)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(featureOrders.id, orderId),
        eq(featureOrders.userId, userId),
        inArray(featureOrders.status, ['pending', 'failed']),
      ),
    )
    .returning({ id: featureOrders.id });
  if (cancelled) return getOrderForUser(db, userId, orderId);
  await findOrderForUser(db, userId, orderId); // 404 for a missing or foreign order
  throw new AppError('CONFLICT', MESSAGES.cancelOnlyUnpaid);
}

/**
 * Paid featuring is advertising the site answers for (STF, Tema 987): a group with an open report or a
 * pending legal notice is not sold a featuring until that is decided (409 in pt-BR).
 */
async function assertNotUnderReview(db: Db, groupId: string) {
  const [report] = await db
    .select({ id: groupReports.id })
    .from(groupReports)
    .where(and(eq(groupReports.groupId, groupId), eq(groupReports.status, 'pending')))
    .limit(1);
  if (report) throw new AppError('CONFLICT', MESSAGES.groupReported);
  const [notice] = await db
    .select({ id: legalNotices.id })
    .from(legalNotices)
    .where(and(eq(legalNotices.groupId, groupId), eq(legalNotices.status, 'pending')))
    .limit(1);
  if (notice) throw new AppError('CONFLICT', MESSAGES.groupNoticed);
}

/**
 * Only an adult buys (MINIMUM_AGE, LGPD art. 14 and civil capacity): the account declared it at sign-up,
 * or declares it now (`declares`, recorded); otherwise a pt-BR 403 the plans page answers with the
 * declaration's checkbox.
 */
async function assertAdultBuyer(db: Db, userId: string, declares: boolean) {
  const [row] = await db
    .select({ declaredAt: users.adultDeclaredAt })
    .from(users)
    .where(eq(users.id, userId));
  if (row?.declaredAt) return;
  if (!declares) throw new AppError('FORBIDDEN', ADULT_CHECKOUT_MESSAGE);
  await db.update(users).set({ adultDeclaredAt: new Date() }).where(eq(users.id, userId));
}

/** The longest a withdrawn order can hold back a new one (no plan is longer than a year). */
const LOOP_LOOKBACK_DAYS = 366;

/**
 * The anti-loop rule (repurchaseAllowedFrom, ADR 0020): while a withdrawn order of this group, or of
 * this account, has not reached the end of its own period, no new featuring is sold to either. Answers
 * the latest such end (null: nothing holds them back).
 */
export async function withdrawalLoopUntil(
  db: Db | Tx,
  userId: string | null,
  groupId: string | null,
  now = new Date(),
): Promise<{ until: Date; sameGroup: boolean } | null> {
  const whose = [
    userId ? eq(featureOrders.userId, userId) : undefined,
    groupId ? eq(featureOrders.groupId, groupId) : undefined,
  ];
  if (!whose.some(Boolean)) return null;
  const withdrawn = await db
    .select({ startDate: featureOrders.startDate, days: featureOrders.days, groupId: featureOrders.groupId })
    .from(orderRefunds)
    .innerJoin(featureOrders, eq(featureOrders.id, orderRefunds.orderId))
    .where(
      and(
        eq(orderRefunds.source, 'owner'),
        or(...whose),
        gt(featureOrders.startDate, new Date(now.getTime() - LOOP_LOOKBACK_DAYS * 86_400_000)),
      ),
    );
  let blocking: { until: Date; sameGroup: boolean } | null = null;
  for (const order of withdrawn) {
    const until = repurchaseAllowedFrom(order);
    if (!until || until <= now || (blocking && blocking.until >= until)) continue;
    blocking = { until, sameGroup: order.groupId === groupId };
  }
  return blocking;
}

/** The anti-loop rule at ordering and at checkout: a pt-BR 409 naming the date. */
export async function assertNoWithdrawalLoop(
  db: Db,
  userId: string,
  groupId: string | null,
  now = new Date(),
) {
  const blocking = await withdrawalLoopUntil(db, userId, groupId, now);
  if (blocking) throw new AppError('CONFLICT', repurchaseRefusal(blocking.until, blocking.sameGroup));
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
  number: featureOrders.number,
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
  number: number;
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
    number: row.number,
    userId: row.userId,
    groupId: row.groupId,
    planId: row.planId,
    orderDate: row.orderDate.toISOString(),
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    status: row.status,
    ...priceJson(row.price),
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
    .leftJoin(groups, orderGroup)
    .leftJoin(featurePlans, orderPlan)
    .where(and(eq(featureOrders.id, orderId), eq(featureOrders.userId, userId)));
  // Another user's order is answered exactly like a missing one.
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  return row;
}

/** GET /api/feature-orders/{id}: the caller's own order. */
export async function getOrderForUser(db: Db, userId: string, orderId: string) {
  return toOrderJson(await findOrderForUser(db, userId, orderId));
}

/** POST /api/feature-orders/{id}/pay: start the checkout; answers payment.initPoint. */
export async function startPayment(
  db: Db,
  user: SessionUser,
  orderId: string,
  origin: string,
  ip: string | null,
) {
  const order = await findOrderForUser(db, user.id, orderId);
  if (order.status !== 'pending' && order.status !== 'failed')
    throw new AppError('CONFLICT', MESSAGES.orderNotPayable);
  // An order made before a withdrawal is not paid while the withdrawn order's period lasts either.
  await assertNoWithdrawalLoop(db, user.id, order.groupId);
  await assertAdultBuyer(db, user.id, false);
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
