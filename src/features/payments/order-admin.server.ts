// The admin's payments screen: every order with its group, user and plan, and cancelling a pending one
// (activating one by hand is settlement's approveOrder).
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { orderBuyer, orderGroup, orderPlan } from '#db/joins.ts';
import { featureOrders, featurePlans, groups, orderRefunds, users } from '#db/schema.ts';
import { AppError } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';
import { MESSAGES, priceJson } from './payments.ts';

/** GET /api/admin/payments: every order with its group, user and plan, newest first. */
export async function listAdminPayments(db: Db, page: number, pageSize: number) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(featureOrders);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const rows = await db
    .select({
      id: featureOrders.id,
      number: featureOrders.number,
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
      refundStatus: orderRefunds.status,
      refundLastError: orderRefunds.lastError,
      refundAmount: orderRefunds.amount,
    })
    .from(featureOrders)
    .leftJoin(groups, orderGroup)
    .leftJoin(users, orderBuyer)
    .leftJoin(featurePlans, orderPlan)
    .leftJoin(orderRefunds, eq(orderRefunds.orderId, featureOrders.id))
    .orderBy(desc(featureOrders.orderDate), desc(featureOrders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    payments: rows.map(({ refundAmount, ...r }) => ({
      ...r,
      ...priceJson(r.price),
      refundAmountCents: refundAmount,
      orderDate: r.orderDate.toISOString(),
      startDate: r.startDate?.toISOString() ?? null,
      endDate: r.endDate?.toISOString() ?? null,
    })),
    pendingRefunds: await listPendingRefunds(db),
    pagination: { page, pageSize, total, pages },
  };
}

/**
 * The refunds recorded but not made by the provider yet (its failure, or one it reported failed), oldest
 * first, with the provider's last error and the scheduler's next try: the admin's 'Reembolsos pendentes'.
 */
export async function listPendingRefunds(db: Db) {
  const rows = await db
    .select({
      id: orderRefunds.orderId,
      number: featureOrders.number,
      groupTitle: groups.title,
      userEmail: users.email,
      source: orderRefunds.source,
      provider: orderRefunds.provider,
      amount: orderRefunds.amount,
      attempts: orderRefunds.attempts,
      lastError: orderRefunds.lastError,
      nextAttemptAt: orderRefunds.nextAttemptAt,
      requestedAt: orderRefunds.createdAt,
    })
    .from(orderRefunds)
    .innerJoin(featureOrders, eq(featureOrders.id, orderRefunds.orderId))
    .leftJoin(groups, orderGroup)
    .leftJoin(users, orderBuyer)
    .where(eq(orderRefunds.status, 'pending'))
    .orderBy(asc(orderRefunds.createdAt))
    .limit(100);
  return rows.map(({ amount, ...r }) => ({
    ...r,
    ...priceJson(amount),
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    requestedAt: r.requestedAt.toISOString(),
  }));
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
