// Refunds (#41 item 4: a withdrawal is never lost). The owner's withdrawal within the window (CDC art.
// 49), the admin's 'Reembolsar' and a removal's unused days are recorded FIRST, in one transaction
// (order_refunds 'pending'; the order 'refunded', its featuring taken back), and only then is the
// provider asked. Its failure leaves the refund pending with the error: the scheduler retries it with
// backoff (retryDueRefunds) until the provider says yes, and the admin sees it in 'Pagamentos'. A refund
// made in the provider's dashboard, or a chargeback, arrives by webhook and is applied once
// (applyRefund); a provider reporting that a refund of ours failed reopens it (reopenRefund).
import { and, asc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  type FeatureOrder,
  featureOrders,
  groups,
  type OrderRefund,
  orderRefunds,
  processedWebhookEvents,
  type RefundSource,
} from '#db/schema.ts';
import type { SessionUser } from '#src/features/auth/session.server.ts';
import { queueRefundNotice } from '#src/features/mail/notify.server.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';
import { providerFor } from './payment-providers.server.ts';
import {
  MESSAGES,
  PAID_STATUSES,
  REFUND_PENDING_LABEL,
  refundRetryDelayMs,
  retractFeaturedEnd,
  unusedAmountCents,
  withdrawableUntil,
} from './payments.ts';
import { RefundFailed } from './providers/provider.ts';
import { getClearSettings } from './settings.server.ts';

/** A refund as the withdraw and refund endpoints answer it (the same on every call). */
export interface RefundJson {
  id: string;
  /** 'refund_pending': recorded, the provider has not refunded yet ('Reembolso em processamento') */
  status: 'refunded' | 'refund_pending';
  priceCents: number;
  price: string;
  provider: string;
  source: RefundSource;
  requestedAt: string;
  /** when the provider refunded; null while pending */
  refundedAt: string | null;
  message: string;
}

export type RefundOutcome =
  | 'refunded'
  | 'already_refunded'
  | 'duplicate'
  | 'unknown_order'
  | 'not_paid'
  | 'partial_refund'
  | 'reopened';

function refundJson(row: OrderRefund): RefundJson {
  const done = row.status === 'completed';
  return {
    id: row.orderId,
    status: done ? 'refunded' : 'refund_pending',
    priceCents: row.amount,
    price: (row.amount / 100).toFixed(2),
    provider: row.provider,
    source: row.source,
    requestedAt: row.createdAt.toISOString(),
    refundedAt: done ? (row.completedAt ?? row.createdAt).toISOString() : null,
    message: done ? 'Reembolso feito.' : `${REFUND_PENDING_LABEL}: ${MESSAGES.refundPending}`,
  };
}

async function refundRow(db: Db | Tx, orderId: string): Promise<OrderRefund | null> {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  return row ?? null;
}

/** An order refunded before order_refunds existed has no row: its answer is built from the order. */
async function answerFor(db: Db, order: FeatureOrder): Promise<RefundJson> {
  const row = await refundRow(db, order.id);
  if (row) return refundJson(row);
  const at = order.updatedAt;
  return refundJson({
    orderId: order.id,
    source: 'admin',
    requestedBy: null,
    provider: order.paymentMethod ?? 'manual',
    providerRefundId: null,
    amount: order.price,
    removedSeconds: 0,
    status: 'completed',
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    reopened: 0,
    completedAt: at,
    createdAt: at,
  });
}

/**
 * Inside a transaction (the order row locked): the unused days of this order come off its group's
 * end (later orders of the group move back with it) and the order becomes 'refunded', its featuring
 * ending now. Returns the time taken back and the group's end left by other paid time.
 */
async function takeBackOrder(tx: Tx, order: FeatureOrder, now: Date) {
  let removedMs = 0;
  let featuredUntil: Date | null = null;
  if (order.groupId) {
    const [group] = await tx
      .select({ featured: groups.featured, featuredUntil: groups.featuredUntil })
      .from(groups)
      .where(eq(groups.id, order.groupId))
      .for('update');
    if (group) {
      const retracted = retractFeaturedEnd(group, order, now);
      removedMs = retracted.removedMs;
      featuredUntil = retracted.until;
      if (removedMs > 0) await moveGroupEnd(tx, order, retracted.until, removedMs);
    }
  }
  await tx
    .update(featureOrders)
    .set({ status: 'refunded', endDate: order.endDate && order.endDate > now ? now : order.endDate })
    .where(eq(featureOrders.id, order.id));
  return { removedMs, featuredUntil };
}

async function moveGroupEnd(tx: Tx, order: FeatureOrder, until: Date | null, removedMs: number) {
  if (!order.groupId) return;
  await tx
    .update(groups)
    .set({ featured: until !== null, featuredUntil: until })
    .where(eq(groups.id, order.groupId));
  // The group's later paid periods (renewals) come earlier by the time taken back.
  if (order.endDate)
    await tx
      .update(featureOrders)
      .set({ endDate: sql`${featureOrders.endDate} - make_interval(secs => ${removedMs / 1000})` })
      .where(
        and(
          eq(featureOrders.groupId, order.groupId),
          eq(featureOrders.status, 'active'),
          ne(featureOrders.id, order.id),
          gt(featureOrders.endDate, order.endDate),
        ),
      );
}

interface RecordRequest {
  source: RefundSource;
  requestedBy: string | null;
  /** the provider that refunds ('manual' for an order approved by hand, with no provider payment) */
  provider: string;
  /** what goes back; the whole price by default */
  amountCents?: number;
  /** completed: the provider already refunded (its dashboard, a chargeback); pending: ask it after */
  status: 'pending' | 'completed';
  providerRefundId?: string | null;
  /** the instant the order's featuring is counted up to (a removal: when the featuring paused) */
  takeBackAt?: Date;
}

/**
 * Inside a transaction (the order row locked, paid, not refunded): take the order back and record its
 * refund. A completed one queues the owner's e-mail (returned, with the group to rebuild).
 */
export async function recordRefund(tx: Tx, order: FeatureOrder, request: RecordRequest, now = new Date()) {
  const taken = await takeBackOrder(tx, order, request.takeBackAt ?? now);
  const completed = request.status === 'completed';
  const amount = request.amountCents ?? order.price;
  await tx.insert(orderRefunds).values({
    orderId: order.id,
    source: request.source,
    requestedBy: request.requestedBy,
    provider: request.provider,
    providerRefundId: request.providerRefundId ?? null,
    amount,
    removedSeconds: Math.round(taken.removedMs / 1000),
    status: request.status,
    nextAttemptAt: completed ? null : now,
    completedAt: completed ? now : null,
    createdAt: now,
  });
  const mail = completed
    ? await queueRefundNotice(tx, order.id, request.source, taken.featuredUntil, amount)
    : undefined;
  return { mail, groupId: order.groupId };
}

/** Mark a pending refund done (the provider said yes, or reported it), queueing the owner's e-mail. */
async function completeRefund(tx: Tx, row: OrderRefund, providerRefundId: string | null, now: Date) {
  await tx
    .update(orderRefunds)
    .set({
      status: 'completed',
      completedAt: now,
      nextAttemptAt: null,
      providerRefundId: providerRefundId ?? row.providerRefundId,
    })
    .where(eq(orderRefunds.orderId, row.orderId));
  const [group] = await tx
    .select({ until: groups.featuredUntil, featured: groups.featured })
    .from(featureOrders)
    .innerJoin(groups, eq(groups.id, featureOrders.groupId))
    .where(eq(featureOrders.id, row.orderId));
  const until = group?.featured && group.until && group.until > now ? group.until : null;
  return queueRefundNotice(tx, row.orderId, row.source, until, row.amount);
}

async function afterRefund(db: Db, groupId: string | null, mail: number | undefined) {
  if (groupId) await requestRebuild(db, 'feature order refunded', { groups: [groupId] });
  await deliverMail(db, [mail]);
}

async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(featureOrders).where(eq(featureOrders.id, orderId)).for('update');
  return order ?? null;
}

/** A provider's notification, recorded once in processed_webhook_events (a replay is a duplicate). */
export interface RefundEvent {
  provider: string;
  eventId: string;
}

async function claimEvent(tx: Tx, event: RefundEvent | undefined, orderId: string | null) {
  if (!event) return true;
  const [fresh] = await tx
    .insert(processedWebhookEvents)
    .values({ provider: event.provider, eventId: event.eventId, orderId, outcome: 'processing' })
    .onConflictDoNothing()
    .returning({ eventId: processedWebhookEvents.eventId });
  return Boolean(fresh);
}

async function recordOutcome(tx: Tx, event: RefundEvent | undefined, outcome: RefundOutcome) {
  if (event)
    await tx
      .update(processedWebhookEvents)
      .set({ outcome })
      .where(
        and(
          eq(processedWebhookEvents.provider, event.provider),
          eq(processedWebhookEvents.eventId, event.eventId),
        ),
      );
  return outcome;
}

interface ProviderNotice {
  provider: string;
  providerRefundId: string | null;
  event?: RefundEvent;
  /** what the provider says it refunded; less than the order's price is a partial refund, left alone */
  amountCents?: number;
}

/**
 * A refund the provider made (its dashboard, a chargeback, or the echo of ours), applied exactly once:
 * an order not refunded yet is taken back and its refund recorded as completed; a pending refund of
 * ours is completed. Then the group's pages are rebuilt and the owner e-mailed.
 */
export async function applyRefund(db: Db, orderId: string | null, notice: ProviderNotice) {
  let mail: number | undefined;
  let groupId: string | null = null;
  const outcome = await db.transaction(async (tx): Promise<RefundOutcome> => {
    if (!(await claimEvent(tx, notice.event, orderId))) return 'duplicate';
    const order = orderId ? await lockOrder(tx, orderId) : null;
    if (!order) return recordOutcome(tx, notice.event, 'unknown_order');
    const row = await refundRow(tx, order.id);
    if (row?.status === 'pending') {
      mail = await completeRefund(tx, row, notice.providerRefundId, new Date());
      return recordOutcome(tx, notice.event, 'refunded');
    }
    if (order.status === 'refunded') return recordOutcome(tx, notice.event, 'already_refunded');
    if (!PAID_STATUSES.includes(order.status)) return recordOutcome(tx, notice.event, 'not_paid');
    if (notice.amountCents !== undefined && notice.amountCents < order.price) {
      console.warn(
        `[payments] ${notice.provider} refunded ${notice.amountCents} of order ${order.id} (${order.price}): partial refunds are left to the admin`,
      );
      return recordOutcome(tx, notice.event, 'partial_refund');
    }
    const done = await recordRefund(tx, order, {
      source: 'provider',
      requestedBy: null,
      provider: notice.provider,
      providerRefundId: notice.providerRefundId,
      status: 'completed',
    });
    mail = done.mail;
    groupId = done.groupId;
    return recordOutcome(tx, notice.event, 'refunded');
  });
  if (outcome === 'refunded') await afterRefund(db, groupId, mail);
  return outcome;
}

/**
 * A provider reports that a refund of ours failed after accepting it (Stripe refund.failed): the
 * refund is pending again with the provider's reason, retried by the scheduler with a new key, and
 * shown to the admin. Applied once per event.
 */
export async function reopenRefund(db: Db, orderId: string | null, event: RefundEvent, reason: string) {
  return db.transaction(async (tx): Promise<RefundOutcome> => {
    if (!(await claimEvent(tx, event, orderId))) return 'duplicate';
    const row = orderId ? await refundRow(tx, orderId) : null;
    if (!row) return recordOutcome(tx, event, 'unknown_order');
    await tx
      .update(orderRefunds)
      .set({
        status: 'pending',
        completedAt: null,
        reopened: row.status === 'completed' ? row.reopened + 1 : row.reopened,
        lastError: `${event.provider}: ${reason}`.slice(0, 500),
        nextAttemptAt: new Date(Date.now() + refundRetryDelayMs(0)),
      })
      .where(eq(orderRefunds.orderId, row.orderId));
    return recordOutcome(tx, event, 'reopened');
  });
}

/**
 * Record the refund of a paid order first ('pending', the order taken back), in one transaction; an
 * order already refunded (or pending) is left as it is. Then ask the provider (attemptRefund).
 */
export async function requestRefund(
  db: Db,
  orderId: string,
  request: { source: RefundSource; requestedBy: string | null; amountCents?: number },
): Promise<RefundJson> {
  const recorded = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
    if ((await refundRow(tx, order.id)) || order.status === 'refunded') return null;
    if (!PAID_STATUSES.includes(order.status)) throw new AppError('CONFLICT', MESSAGES.refundOnlyPaid);
    return recordRefund(tx, order, {
      ...request,
      provider: order.paymentMethod ?? 'manual',
      status: 'pending',
    });
  });
  if (recorded?.groupId) await requestRebuild(db, 'feature order refunded', { groups: [recorded.groupId] });
  return attemptRefund(db, orderId);
}

function failureText(error: unknown): string {
  if (error instanceof RefundFailed)
    return `${error.kind === 'refused' ? 'recusado' : 'sem resposta'}: ${error.message}`.slice(0, 500);
  return String((error as Error)?.message ?? error).slice(0, 500);
}

/**
 * Ask the provider to refund a pending refund (whole, or its amount). Success completes it and e-mails
 * the owner; a failure stays pending with the error and the next try's time (refundRetryDelayMs).
 */
export async function attemptRefund(
  db: Db,
  orderId: string,
  origin = getEnv().SITE_URL,
): Promise<RefundJson> {
  const [pending] = await db
    .select({ refund: orderRefunds, order: featureOrders })
    .from(orderRefunds)
    .innerJoin(featureOrders, eq(featureOrders.id, orderRefunds.orderId))
    .where(eq(orderRefunds.orderId, orderId));
  if (!pending) {
    const [order] = await db.select().from(featureOrders).where(eq(featureOrders.id, orderId));
    if (!order) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
    return answerFor(db, order);
  }
  if (pending.refund.status === 'completed') return refundJson(pending.refund);
  const { refund, order } = pending;
  let refundId: string | null;
  try {
    refundId = await callProvider(db, order, refund, origin);
  } catch (error) {
    console.error(`[payments] ${refund.provider} refund failed for order ${order.id}:`, error);
    const attempts = refund.attempts + 1;
    const [after] = await db
      .update(orderRefunds)
      .set({
        attempts,
        lastError: failureText(error),
        nextAttemptAt: new Date(Date.now() + refundRetryDelayMs(attempts)),
      })
      .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, 'pending')))
      .returning();
    return refundJson(after ?? refund);
  }
  const mail = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id))
      .for('update');
    if (row?.status !== 'pending') return undefined; // a provider notification completed it meanwhile
    await tx
      .update(orderRefunds)
      .set({ attempts: row.attempts + 1 })
      .where(eq(orderRefunds.orderId, order.id));
    return completeRefund(tx, row, refundId, new Date());
  });
  await deliverMail(db, [mail]);
  return refundJson((await refundRow(db, order.id))!);
}

/** The provider's refund (its id), or a throw; an order approved by hand has nothing to give back. */
async function callProvider(db: Db, order: FeatureOrder, refund: OrderRefund, origin: string) {
  if (!order.paymentMethod) return null;
  const provider = providerFor(order.paymentMethod, await getClearSettings(db), origin);
  if (!provider) throw new RefundFailed('unavailable', MESSAGES.providerNotConfigured);
  const done = await provider.refund(order, {
    // a refund the provider failed after accepting it is asked again under a new key
    idempotencyKey: refund.reopened ? `refund-${order.id}-r${refund.reopened}` : `refund-${order.id}`,
    ...(refund.amount < order.price ? { amountCents: refund.amount } : {}),
  });
  return done.refundId;
}

/**
 * Inside the removal's transaction (a 'removed' hold, #41): each order still running on the group gives
 * back its unused days pro rata, counted from the moment the featuring paused (the group left the
 * site), not from now. Recorded as pending refunds: the scheduler asks the provider. Returns their ids.
 */
export async function refundUnusedDays(tx: Tx, groupId: string, now = new Date()): Promise<string[]> {
  const [group] = await tx
    .select({ pausedAt: groups.featuringPausedAt })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for('update');
  if (!group) return [];
  const at = group.pausedAt ?? now;
  const running = await tx
    .select()
    .from(featureOrders)
    .where(
      and(
        eq(featureOrders.groupId, groupId),
        eq(featureOrders.status, 'active'),
        gt(featureOrders.endDate, at),
      ),
    )
    .for('update');
  const refunded: string[] = [];
  for (const order of running) {
    const amount = unusedAmountCents(order, at);
    if (amount <= 0 || (await refundRow(tx, order.id))) continue;
    await recordRefund(
      tx,
      order,
      {
        source: 'removal',
        requestedBy: null,
        provider: order.paymentMethod ?? 'manual',
        amountCents: Math.min(amount, order.price),
        status: 'pending',
        takeBackAt: at,
      },
      now,
    );
    refunded.push(order.id);
  }
  return refunded;
}

/** How many due refunds one scheduled pass retries (each is one provider call). */
const RETRY_BATCH = 20;

/** The scheduled pass: every pending refund whose next try is due is asked again. */
export async function retryDueRefunds(db: Db, now = new Date()) {
  const due = await db
    .select({ orderId: orderRefunds.orderId })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, 'pending'), lte(orderRefunds.nextAttemptAt, now)))
    .orderBy(asc(orderRefunds.nextAttemptAt))
    .limit(RETRY_BATCH);
  let refunded = 0;
  for (const { orderId } of due) if ((await attemptRefund(db, orderId)).status === 'refunded') refunded++;
  return { tried: due.length, refunded, pending: due.length - refunded };
}

async function findOrder(db: Db, orderId: string, ownerId?: string): Promise<FeatureOrder> {
  if (!isUuid(orderId)) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  const [order] = await db
    .select()
    .from(featureOrders)
    .where(
      ownerId
        ? and(eq(featureOrders.id, orderId), eq(featureOrders.userId, ownerId))
        : eq(featureOrders.id, orderId),
    );
  // Another user's order is answered exactly like a missing one.
  if (!order) throw new AppError('NOT_FOUND', MESSAGES.orderNotFound);
  return order;
}

/**
 * POST /api/feature-orders/{id}/withdraw: the owner's withdrawal within the window (CDC art. 49): the
 * whole amount goes back by the same means and the featuring this order bought ends. A withdrawal
 * already recorded is answered as it stands (never refused for the window: it was asked in time).
 */
export async function withdrawOrder(db: Db, user: SessionUser, orderId: string) {
  const order = await findOrder(db, orderId, user.id);
  if (order.status === 'refunded') return attemptRefund(db, order.id);
  if (!PAID_STATUSES.includes(order.status)) throw new AppError('CONFLICT', MESSAGES.withdrawOnlyPaid);
  if (!withdrawableUntil(order)) throw new AppError('CONFLICT', MESSAGES.withdrawWindowOver);
  return requestRefund(db, order.id, { source: 'owner', requestedBy: user.id });
}

/** POST /api/admin/payments/{id}/refund: an admin refunds any paid order, at any time (or retries one). */
export async function adminRefundOrder(db: Db, adminId: string, orderId: string) {
  const order = await findOrder(db, orderId);
  if (order.status === 'refunded') return attemptRefund(db, order.id);
  if (!PAID_STATUSES.includes(order.status)) throw new AppError('CONFLICT', MESSAGES.refundOnlyPaid);
  return requestRefund(db, order.id, { source: 'admin', requestedBy: adminId });
}

/** The HTTP status of a refund answer: 202 while the provider has not refunded yet. */
export function refundStatusCode(answer: RefundJson): number {
  return answer.status === 'refund_pending' ? 202 : 200;
}

/** The order a Stripe payment intent paid for, as kept at settlement. */
export async function orderIdByPaymentIntent(db: Db, paymentIntent: string): Promise<string | null> {
  const [row] = await db
    .select({ id: featureOrders.id })
    .from(featureOrders)
    .where(eq(featureOrders.stripePaymentIntentId, paymentIntent));
  return row?.id ?? null;
}
