// Refunds. The owner's withdrawal within 7 days (CDC art. 49), the admin's 'Reembolsar' and a refund
// made in the provider's dashboard all end in applyRefund: the provider refunds first (through its
// SDK; a failure changes nothing here), then one transaction takes back the featuring the order added
// (other paid time stays), marks the order 'refunded', records who asked and queues the owner's
// e-mail. A second refund of the same order answers the first one's result without calling anyone.
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  type FeatureOrder,
  featureOrders,
  groups,
  orderRefunds,
  processedWebhookEvents,
  type RefundSource,
} from '#db/schema.ts';
import type { SessionUser } from '#src/features/auth/session.server.ts';
import { queueRefundNotice } from '#src/features/mail/notify.server.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';
import { providerFor } from './payment-providers.server.ts';
import { MESSAGES, PAID_STATUSES, retractFeaturedEnd, withdrawableUntil } from './payments.ts';
import { type ProviderRefund, RefundFailed } from './providers/provider.ts';
import { getClearSettings } from './settings.server.ts';

/** A refunded order as the withdraw and refund endpoints answer it (the same on every call). */
export interface RefundJson {
  id: string;
  status: 'refunded';
  priceCents: number;
  price: string;
  provider: string;
  source: RefundSource;
  refundedAt: string;
}

export type RefundOutcome =
  | 'refunded'
  | 'already_refunded'
  | 'duplicate'
  | 'unknown_order'
  | 'not_paid'
  | 'partial_refund';

interface RefundRequest {
  source: RefundSource;
  requestedBy: string | null;
  /** the provider that refunded ('manual' for an order approved by hand, with no provider payment) */
  provider: string;
  providerRefundId: string | null;
  /** a provider's notification: recorded once in processed_webhook_events (a replay is a duplicate) */
  event?: { provider: string; eventId: string };
  /** what the provider says it refunded; less than the order's price is a partial refund, left alone */
  amountCents?: number;
}

async function refundView(db: Db, orderId: string): Promise<RefundJson | null> {
  const [row] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  if (!row) return null;
  return {
    id: row.orderId,
    status: 'refunded',
    priceCents: row.amount,
    price: (row.amount / 100).toFixed(2),
    provider: row.provider,
    source: row.source,
    refundedAt: row.createdAt.toISOString(),
  };
}

/** An order refunded before this table existed has no row: its answer is built from the order. */
async function answerFor(db: Db, order: FeatureOrder): Promise<RefundJson> {
  return (
    (await refundView(db, order.id)) ?? {
      id: order.id,
      status: 'refunded',
      priceCents: order.price,
      price: (order.price / 100).toFixed(2),
      provider: order.paymentMethod ?? 'manual',
      source: 'admin',
      refundedAt: order.updatedAt.toISOString(),
    }
  );
}

/**
 * Apply a refund the provider made, exactly once, in one transaction (the order row locked): the
 * unused days of this order come off its group's end (later orders of the group move back with it),
 * the order becomes 'refunded', the refund is recorded and the owner's e-mail queued. Then a rebuild
 * of the group's pages is requested and the e-mail sent.
 */
export async function applyRefund(db: Db, orderId: string | null, request: RefundRequest) {
  let mail: number | undefined;
  let groupId: string | null = null;
  const outcome = await db.transaction(async (tx): Promise<RefundOutcome> => {
    const event = request.event;
    if (event) {
      const [fresh] = await tx
        .insert(processedWebhookEvents)
        .values({ provider: event.provider, eventId: event.eventId, orderId, outcome: 'processing' })
        .onConflictDoNothing()
        .returning({ eventId: processedWebhookEvents.eventId });
      if (!fresh) return 'duplicate';
    }
    const record = async (result: RefundOutcome) => {
      if (event)
        await tx
          .update(processedWebhookEvents)
          .set({ outcome: result })
          .where(
            and(
              eq(processedWebhookEvents.provider, event.provider),
              eq(processedWebhookEvents.eventId, event.eventId),
            ),
          );
      return result;
    };
    const [order] = orderId
      ? await tx.select().from(featureOrders).where(eq(featureOrders.id, orderId)).for('update')
      : [];
    if (!order) return record('unknown_order');
    if (order.status === 'refunded') return record('already_refunded');
    if (!PAID_STATUSES.includes(order.status)) return record('not_paid');
    if (request.amountCents !== undefined && request.amountCents < order.price) {
      console.warn(
        `[payments] ${request.provider} refunded ${request.amountCents} of order ${order.id} (${order.price}): partial refunds are left to the admin`,
      );
      return record('partial_refund');
    }
    const now = new Date();
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
        if (removedMs > 0) {
          await tx
            .update(groups)
            .set({ featured: retracted.until !== null, featuredUntil: retracted.until })
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
      }
    }
    await tx
      .update(featureOrders)
      .set({
        status: 'refunded',
        // the featuring this order bought ends now (an order already over keeps its end)
        endDate: order.endDate && order.endDate > now ? now : order.endDate,
      })
      .where(eq(featureOrders.id, order.id));
    await tx.insert(orderRefunds).values({
      orderId: order.id,
      source: request.source,
      requestedBy: request.requestedBy,
      provider: request.provider,
      providerRefundId: request.providerRefundId,
      amount: order.price,
      removedSeconds: Math.round(removedMs / 1000),
    });
    mail = await queueRefundNotice(tx, order.id, request.source, featuredUntil);
    groupId = order.groupId;
    return record('refunded');
  });
  if (outcome === 'refunded') {
    await requestRebuild(db, 'feature order refunded', { groups: groupId ? [groupId] : [] });
    await deliverMail(db, [mail]);
  }
  return outcome;
}

/** Ask the order's provider for a whole refund; its failure becomes a pt-BR 503 (try later) or 502. */
async function refundAtProvider(db: Db, order: FeatureOrder, origin: string): Promise<ProviderRefund> {
  // Approved by hand (no checkout was ever paid): nothing to give back through a provider.
  if (!order.paymentMethod) return { refundId: null };
  const provider = providerFor(order.paymentMethod, await getClearSettings(db), origin);
  if (!provider) throw new AppError('UNAVAILABLE', MESSAGES.providerNotConfigured);
  try {
    return await provider.refund(order);
  } catch (error) {
    console.error(`[payments] ${provider.name} refund failed for order ${order.id}:`, error);
    if (error instanceof RefundFailed && error.kind === 'refused')
      throw new AppError('BAD_GATEWAY', MESSAGES.refundRefused);
    throw new AppError('UNAVAILABLE', MESSAGES.refundUnavailable, undefined, { 'retry-after': '60' });
  }
}

async function refund(
  db: Db,
  order: FeatureOrder,
  source: 'owner' | 'admin',
  requestedBy: string,
  origin: string,
): Promise<RefundJson> {
  const done = await refundAtProvider(db, order, origin);
  await applyRefund(db, order.id, {
    source,
    requestedBy,
    provider: order.paymentMethod ?? 'manual',
    providerRefundId: done.refundId,
  });
  const [after] = await db.select().from(featureOrders).where(eq(featureOrders.id, order.id));
  // Refunded now, or by a provider notification that raced this call: the same answer either way.
  if (after?.status !== 'refunded') throw new AppError('CONFLICT', MESSAGES.refundOnlyPaid);
  return answerFor(db, after);
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
 * POST /api/feature-orders/{id}/withdraw: the owner's withdrawal within 7 days of payment (CDC art.
 * 49): the whole amount goes back by the same means and the featuring this order bought is removed.
 */
export async function withdrawOrder(db: Db, user: SessionUser, orderId: string, origin: string) {
  const order = await findOrder(db, orderId, user.id);
  if (order.status === 'refunded') return answerFor(db, order);
  if (!PAID_STATUSES.includes(order.status)) throw new AppError('CONFLICT', MESSAGES.withdrawOnlyPaid);
  if (!withdrawableUntil(order)) throw new AppError('CONFLICT', MESSAGES.withdrawWindowOver);
  return refund(db, order, 'owner', user.id, origin);
}

/** POST /api/admin/payments/{id}/refund: an admin refunds any paid order, at any time. */
export async function adminRefundOrder(db: Db, adminId: string, orderId: string, origin: string) {
  const order = await findOrder(db, orderId);
  if (order.status === 'refunded') return answerFor(db, order);
  if (!PAID_STATUSES.includes(order.status)) throw new AppError('CONFLICT', MESSAGES.refundOnlyPaid);
  return refund(db, order, 'admin', adminId, origin);
}

/** The order a Stripe payment intent paid for, as kept at settlement. */
export async function orderIdByPaymentIntent(db: Db, paymentIntent: string): Promise<string | null> {
  const [row] = await db
    .select({ id: featureOrders.id })
    .from(featureOrders)
    .where(eq(featureOrders.stripePaymentIntentId, paymentIntent));
  return row?.id ?? null;
}
