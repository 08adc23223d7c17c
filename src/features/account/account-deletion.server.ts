// 'Excluir minha conta' (LGPD art. 18, VI): the account and its groups go, what the law makes us keep
// stays without the person. The access logs stay too (Marco Civil art. 15, 6 months): they never point
// at the account row, only at a keyed hash of the e-mail (src/features/access-log/).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  featureOrders,
  groupRevisions,
  groups,
  mailOutbox,
  type OrderStatus,
  orderRefunds,
  userEmailHistory,
  users,
} from '#db/schema.ts';
import { recordAccess } from '#src/features/access-log/access-log.server.ts';
import { assertPassword } from '#src/features/auth/password.server.ts';
import type { SessionUser } from '#src/features/auth/session.server.ts';
import { evidenceGroups } from '#src/features/holds/holds.server.ts';
import { deliverMail, enqueueMail } from '#src/features/mail/outbox.server.ts';
import { PAID_STATUSES, withdrawableUntil } from '#src/features/payments/payments.ts';
import { attemptRefund, recordRefund } from '#src/features/payments/refunds.server.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { dropImages } from '#src/features/submission/group-edits.server.ts';
import { AppError } from '#src/lib/http.server.ts';

export const LAST_ADMIN_MESSAGE =
  'Você é o único administrador. Torne outra conta administradora antes de excluir a sua.';
export const ACCOUNT_DELETED_MESSAGE = 'Sua conta foi excluída. Enviamos uma confirmação para o seu e-mail.';

/**
 * DELETE /api/user/account. The password is checked first (wrong: 403, nothing changes). Then, in one
 * transaction: the deletion is recorded in the access logs; each paid order still within its withdrawal
 * window is withdrawn (its full refund recorded, the provider asked after); the account's orders end as a deleted
 * group's do (pending ones cancelled, running featuring expired now) and keep amounts, dates, plan
 * and provider ids, losing the person (`user_id` set null by its foreign key); earlier e-mails to the
 * address, and to the addresses the account used before, are forgotten; the groups are deleted (their invite codes are free again, their revisions,
 * reports and former addresses go with them) except those that are evidence of a legal notice or a
 * court order, which stay without their owner; the account is deleted, which ends every session
 * (each request reads the account), its e-mail links with it; and the last e-mail is written to the
 * address captured before. After it: the e-mail is sent, the pictures removed, and the groups' pages
 * leave the site and the CDN. The last admin cannot leave (409).
 */
export async function deleteAccount(db: Db, user: SessionUser, password: string, ip: string | null) {
  await assertPassword(db, user.id, password, ip);
  const done = await db.transaction(async (tx) => {
    const [me] = await tx
      .select({ id: users.id, email: users.email, name: users.name, admin: users.admin })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!me) throw new AppError('UNAUTHORIZED', 'Você precisa estar logado para continuar.');
    if (me.admin) {
      // Every admin row locked: two admins leaving at once cannot both pass this check.
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.admin, true)).for('update');
      if (admins.length <= 1) throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
    }
    await recordAccess(tx, { userId: me.id, email: me.email, event: 'account_delete', ip });

    const all = await tx
      .select({ id: groups.id, approved: groups.approved, image: groups.image })
      .from(groups)
      .where(eq(groups.userId, me.id))
      .for('update');
    // Evidence of a notice or a court order stays, pictures and revisions too, without the owner
    // (user_id set null by its foreign key), as orders do; its invite link stays taken.
    const evidence = await evidenceGroups(
      tx,
      all.map((g) => g.id),
    );
    const owned = all.filter((g) => !evidence.has(g.id));
    const ids = owned.map((g) => g.id);
    const revisionImages = ids.length
      ? await tx
          .select({ image: groupRevisions.image })
          .from(groupRevisions)
          .where(inArray(groupRevisions.groupId, ids))
      : [];

    const withdrawn = await withdrawInWindow(tx, me.id);
    await tx
      .update(featureOrders)
      .set({ status: 'cancelled' })
      .where(and(eq(featureOrders.userId, me.id), inArray(featureOrders.status, ['pending', 'failed'])));
    await tx
      .update(featureOrders)
      .set({ status: 'expired', endDate: sql`now()` })
      .where(and(eq(featureOrders.userId, me.id), eq(featureOrders.status, 'active')));
    await forgetMail(tx, me.id, me.email);
    if (ids.length) await tx.delete(groups).where(inArray(groups.id, ids));
    await tx.delete(users).where(eq(users.id, me.id));
    const mailId = await enqueueMail(tx, {
      to: me.email,
      template: 'account_deleted',
      data: { name: me.name, groups: ids.length, refunds: withdrawn.map((w) => w.mail) },
    });
    return {
      withdrawn: withdrawn.map((w) => w.orderId),
      mailId,
      publicIds: owned.filter((g) => g.approved).map((g) => g.id),
      images: [...owned.map((g) => g.image), ...revisionImages.map((r) => r.image)],
    };
  });
  await deliverMail(db, [done.mailId]);
  // The withdrawals are recorded: a provider that fails now is asked again by the scheduler.
  for (const orderId of done.withdrawn) await attemptRefund(db, orderId);
  await dropImages(done.images);
  if (done.publicIds.length)
    await requestRebuild(db, `conta excluída, grupos removidos: ${done.publicIds.join(', ')}`, {
      groups: done.publicIds,
    });
  return { success: true, message: ACCOUNT_DELETED_MESSAGE };
}

/**
 * Inside the deletion: every paid order still within its withdrawal window (CDC art. 49) is withdrawn,
 * never forfeited: its refund is recorded (the provider is asked after the transaction) and its
 * featuring ends. Returns the orders and what the last e-mail says of each.
 */
async function withdrawInWindow(tx: Tx, userId: string) {
  const paid = await tx
    .select()
    .from(featureOrders)
    .where(
      and(eq(featureOrders.userId, userId), inArray(featureOrders.status, PAID_STATUSES as OrderStatus[])),
    )
    .for('update');
  const withdrawn: { orderId: string; mail: { amountCents: number; orderNumber: number } }[] = [];
  for (const order of paid) {
    if (!withdrawableUntil(order)) continue;
    const [refunded] = await tx
      .select({ id: orderRefunds.orderId })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    if (refunded) continue;
    await recordRefund(tx, order, {
      source: 'owner',
      requestedBy: userId,
      provider: order.paymentMethod ?? 'manual',
      status: 'pending',
    });
    withdrawn.push({ orderId: order.id, mail: { amountCents: order.price, orderNumber: order.number } });
  }
  return withdrawn;
}

/**
 * Inside the deletion: the e-mails sent to the account's address, and to each address it used before
 * (only those sent while it was the account's: an address may belong to someone else since), go.
 */
async function forgetMail(tx: Tx, userId: string, email: string) {
  await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.recipient}) = ${email.toLowerCase()}`);
  const earlier = await tx.select().from(userEmailHistory).where(eq(userEmailHistory.userId, userId));
  for (const old of earlier)
    await tx
      .delete(mailOutbox)
      .where(
        and(
          sql`lower(${mailOutbox.recipient}) = ${old.email.toLowerCase()}`,
          sql`${mailOutbox.createdAt} <= ${old.replacedAt.toISOString()}::timestamptz`,
        ),
      );
}

/** How long the last e-mail to a deleted account stays in the outbox once it left (or gave up). */
export const DELETED_ACCOUNT_MAIL_DAYS = 30;

/**
 * Forget the last e-mails of deleted accounts once they are done (hourly, with the rate-limit buckets):
 * the address they hold belongs to no account any more. Returns how many were deleted.
 */
export async function pruneDeletedAccountMail(db: Db, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.template, 'account_deleted'),
        sql`${mailOutbox.status} <> 'pending'`,
        sql`${mailOutbox.createdAt} < ${now.toISOString()}::timestamptz - make_interval(days => ${DELETED_ACCOUNT_MAIL_DAYS})`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return deleted.length;
}
