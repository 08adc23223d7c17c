// Settling a feature order: a confirmed payment activates it exactly once (one transaction, keyed by
// the provider's event), an admin may activate a pending one by hand, a lost notification is found by
// asking the provider (auto-approve), a declined payment marks it failed.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { type FeatureOrder, featureOrders, processedWebhookEvents } from '#db/schema.ts';
import { queuePaymentReceipt } from '#src/features/mail/notify.server.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';
import { extendFeaturing } from './featuring.server.ts';
import { withdrawalLoopUntil } from './orders.server.ts';
import { providerFor } from './payment-providers.server.ts';
import { type CheckoutProviderName, extendFeaturedEnd, MESSAGES, withdrawalDeadline } from './payments.ts';
import type { SettledPayment } from './providers/provider.ts';
import { attemptRefund, recordRefund } from './refunds.server.ts';
import { getClearSettings } from './settings.server.ts';

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
  return queuePaymentReceipt(tx, order.id, withdrawalDeadline(now));
}

export type SettleOutcome =
  | 'activated'
  | 'duplicate'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'already_settled'
  | 'refunded_unserved';

/** The group page an order's featuring shows on (none when its group was deleted). */
const pagesOf = (groupId: string | null) => (groupId ? [groupId] : []);

/**
 * Apply a confirmed payment exactly once, in one transaction: the event is recorded first (a replay
 * finds it and changes nothing), the order row is locked (two notifications for one order settle it
 * once), and amount and currency must match the order. A rebuild is requested after an activation.
 * A well-formed order id with no order answers 503 so the provider sends the notification again. An
 * order that can no longer be activated (unservable) is refunded instead, whole and at once.
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
    // A cancelled order was never paid: its payment goes back below (unservable).
    if (!['pending', 'failed', 'cancelled'].includes(order.status)) return record('already_settled');
    if (payment.amountCents !== order.price || payment.currency !== 'brl') {
      console.warn(
        `[payments] ${payment.provider} event ${payment.eventId}: paid ${payment.amountCents} ${payment.currency}, order ${order.id} costs ${order.price} brl`,
      );
      return record('amount_mismatch');
    }
    if (await unservable(tx, order)) {
      await refundUnserved(tx, order, payment);
      return record('refunded_unserved');
    }
    receipt = await activateLocked(tx, order, payment.paymentId, payment.provider, payment.paymentIntentId);
    featuredGroup = order.groupId;
    return record('activated');
  });
  if (outcome === 'activated')
    await requestRebuild(db, `feature order paid (${payment.provider})`, { groups: pagesOf(featuredGroup) });
  if (outcome === 'refunded_unserved' && payment.orderId) await attemptRefund(db, payment.orderId);
  await deliverMail(db, [receipt]);
  return outcome;
}

/**
 * Whether a paid order can no longer be activated: the owner (or an admin) cancelled it, or a
 * withdrawal's period holds its group or account back (ADR 0020; the checkout was opened before the
 * withdrawal and paid after it). Either way the money goes back (refundUnserved).
 */
async function unservable(tx: Tx, order: FeatureOrder): Promise<boolean> {
  if (order.status === 'cancelled') return true;
  return (await withdrawalLoopUntil(tx, order.userId, order.groupId)) !== null;
}

/**
 * Inside the settlement's transaction: keep the payment on the order (the provider refunds by it) and
 * record a whole refund, pending; the provider is asked right after the commit, and the scheduler
 * retries it like any other refund.
 */
async function refundUnserved(tx: Tx, order: FeatureOrder, payment: SettledPayment) {
  console.warn(
    `[payments] ${payment.provider} event ${payment.eventId} paid order ${order.id}, which can no longer be activated (${order.status}): refunding it`,
  );
  const paid = {
    paymentId: payment.paymentId ?? order.paymentId,
    paymentMethod: payment.provider,
    stripePaymentIntentId: payment.paymentIntentId ?? order.stripePaymentIntentId,
  };
  await tx.update(featureOrders).set(paid).where(eq(featureOrders.id, order.id));
  await recordRefund(
    tx,
    { ...order, ...paid },
    { source: 'unserved', requestedBy: null, provider: payment.provider, status: 'pending' },
  );
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
