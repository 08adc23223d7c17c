// The messages the product's events send to a group's owner: approved, rejected, hidden, link dead,
// payment receipt, refund notice, and the featuring reminders. Each writes to the outbox (inside the
// caller's transaction when given one); the callers send right after their action with `deliverMail`.
import { and, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { groupCategory, groupOwner, orderBuyer, orderGroup, orderPlan } from '#db/joins.ts';
import { categories, featureOrders, featurePlans, groups, type RefundSource, users } from '#db/schema.ts';
import { groupPath } from '#src/features/groups/groups.ts';
import { deliverMail, enqueueMail } from './outbox.server.ts';
import type { MailTemplates } from './templates.ts';

export const REASONS = {
  rejected: 'O grupo não segue as regras do diretório.',
} as const;

const DAY_MS = 86_400_000;
/** The 'termina em 3 dias' reminder goes out when the featuring ends within this. */
const ENDING_WITHIN_MS = 3 * DAY_MS;
/** An ended featuring older than this gets no 'terminou' message (the first run after deploy). */
const ENDED_WITHIN_MS = 2 * DAY_MS;

/** A group with its owner, or undefined when it has no owner (imported, seeded) or is gone. */
async function groupWithOwner(db: Db | Tx, groupId: string) {
  const [row] = await db
    .select({
      id: groups.id,
      title: groups.title,
      titleSlug: groups.titleSlug,
      categorySlug: categories.slug,
      email: users.email,
      name: users.name,
    })
    .from(groups)
    .innerJoin(users, groupOwner)
    .innerJoin(categories, groupCategory)
    .where(eq(groups.id, groupId));
  return row;
}

type OwnerTemplate = 'group_approved' | 'group_hidden' | 'group_rejected' | 'link_dead';
type Owner = NonNullable<Awaited<ReturnType<typeof groupWithOwner>>>;

/**
 * Write a message about a group to its owner: the name and the group's title, plus what `extra` adds.
 * Nothing (undefined) when the group has no owner or is gone.
 */
async function queueToOwner<T extends OwnerTemplate>(
  db: Db | Tx,
  groupId: string,
  template: T,
  extra: (g: Owner) => Omit<MailTemplates[T], 'name' | 'groupTitle'>,
) {
  const g = await groupWithOwner(db, groupId);
  if (!g) return undefined;
  const data = { name: g.name, groupTitle: g.title, ...extra(g) } as MailTemplates[T];
  return enqueueMail(db, { to: g.email, template, data });
}

/** 'Seu grupo foi aprovado', with the page's link. */
export async function queueGroupApproved(db: Db | Tx, groupId: string) {
  return queueToOwner(db, groupId, 'group_approved', (g) => ({ groupPath: groupPath(g) }));
}

/**
 * 'Seu grupo foi ocultado', with the reason (never who notified) and 'Contestar'. Written by placeHold
 * (src/features/holds) for every hold placed on an approved group.
 */
export async function queueGroupHidden(db: Db | Tx, groupId: string, reason: string, removed = false) {
  return queueToOwner(db, groupId, 'group_hidden', (g) => ({ reason, groupId: g.id, removed }));
}

/** 'Seu grupo não foi aprovado': call before the group is deleted (it reads the owner). */
export async function queueGroupRejected(db: Db | Tx, groupId: string, reason: string = REASONS.rejected) {
  return queueToOwner(db, groupId, 'group_rejected', () => ({ reason }));
}

/** The link checks found the invite link dead: tell the owner (written and sent now). */
export async function notifyLinkDead(db: Db, groupId: string) {
  await deliverMail(db, [await queueToOwner(db, groupId, 'link_dead', () => ({}))]);
}

/** 'Seu grupo passou para outra conta', to the owner a verified claim took the group from. */
export async function queueGroupClaimed(db: Db | Tx, previousOwnerId: string, groupTitle: string) {
  const [owner] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, previousOwnerId));
  if (!owner) return undefined;
  return enqueueMail(db, {
    to: owner.email,
    template: 'group_claimed',
    data: { name: owner.name, groupTitle },
  });
}

/** An order as its e-mails name it, with its buyer (the group may be gone by the time of a refund). */
async function orderForMail(db: Db | Tx, orderId: string) {
  const [order] = await db
    .select({
      id: featureOrders.id,
      number: featureOrders.number,
      price: featureOrders.price,
      days: featureOrders.days,
      provider: featureOrders.paymentMethod,
      startDate: featureOrders.startDate,
      endDate: featureOrders.endDate,
      planName: featurePlans.name,
      groupTitle: groups.title,
      email: users.email,
      name: users.name,
    })
    .from(featureOrders)
    .innerJoin(users, orderBuyer)
    .innerJoin(featurePlans, orderPlan)
    .leftJoin(groups, orderGroup)
    .where(eq(featureOrders.id, orderId));
  return order;
}

/**
 * The receipt of an order that just became active (call inside the activation's transaction), with
 * the last moment its buyer may withdraw (the payments' rule, computed by the caller).
 */
export async function queuePaymentReceipt(tx: Db | Tx, orderId: string, withdrawableUntil: Date) {
  const o = await orderForMail(tx, orderId);
  if (!o?.startDate || !o.endDate || o.groupTitle === null) return undefined;
  return enqueueMail(tx, {
    to: o.email,
    template: 'payment_confirmed',
    data: {
      name: o.name,
      groupTitle: o.groupTitle,
      planName: o.planName,
      days: o.days,
      amountCents: o.price,
      provider: o.provider ?? 'admin',
      startDate: o.startDate.toISOString(),
      endDate: o.endDate.toISOString(),
      orderId: o.id,
      orderNumber: o.number,
      withdrawableUntil: withdrawableUntil.toISOString(),
    },
    dedupeKey: `receipt:${o.id}`,
  });
}

/** The refund notice of an order (inside the refund's transaction), once per order. */
export async function queueRefundNotice(
  tx: Db | Tx,
  orderId: string,
  source: RefundSource,
  featuredUntil: Date | null,
  /** what went back (a removal gives back only the unused days) */
  amountCents?: number,
) {
  const o = await orderForMail(tx, orderId);
  if (!o) return undefined;
  return enqueueMail(tx, {
    to: o.email,
    template: 'payment_refunded',
    data: {
      name: o.name,
      groupTitle: o.groupTitle,
      planName: o.planName,
      amountCents: amountCents ?? o.price,
      provider: o.provider ?? 'admin',
      orderId: o.id,
      orderNumber: o.number,
      source,
      featuredUntil: featuredUntil?.toISOString() ?? null,
    },
    dedupeKey: `refund:${o.id}`,
  });
}

/**
 * The scheduled pass: 'termina em 3 dias' for featuring that ends within 3 days, 'terminou' for
 * featuring that ended, each once per order (the outbox's dedupe key remembers it). An order whose
 * group is featured beyond it (renewed) gets neither. Returns how many messages were written.
 */
export async function queueFeaturingReminders(db: Db, now = new Date()): Promise<number> {
  const base = {
    id: featureOrders.id,
    groupId: featureOrders.groupId,
    endDate: featureOrders.endDate,
    groupTitle: groups.title,
    email: users.email,
    name: users.name,
  };
  const notRenewed = or(isNull(groups.featuredUntil), lte(groups.featuredUntil, featureOrders.endDate));
  // A featuring a hold paused neither ends nor is about to: its days wait for the group (#41).
  const running = isNull(groups.featuringPausedAt);
  const ordersWithOwner = (...where: (SQL | undefined)[]) =>
    db
      .select(base)
      .from(featureOrders)
      .innerJoin(groups, orderGroup)
      .innerJoin(users, orderBuyer)
      .where(and(...where))
      .limit(200);
  const ending = await ordersWithOwner(
    eq(featureOrders.status, 'active'),
    gt(featureOrders.endDate, now),
    lte(featureOrders.endDate, new Date(now.getTime() + ENDING_WITHIN_MS)),
    notRenewed,
    running,
    sql`not exists (select 1 from mail_outbox m where m.dedupe_key = 'featuring-ending:' || ${featureOrders.id})`,
  );
  const ended = await ordersWithOwner(
    inArray(featureOrders.status, ['active', 'expired']),
    lte(featureOrders.endDate, now),
    gt(featureOrders.endDate, new Date(now.getTime() - ENDED_WITHIN_MS)),
    or(notRenewed, lte(groups.featuredUntil, now)),
    running,
    sql`not exists (select 1 from mail_outbox m where m.dedupe_key = 'featuring-ended:' || ${featureOrders.id})`,
  );
  let written = 0;
  for (const [kind, rows] of [
    ['ending', ending],
    ['ended', ended],
  ] as const) {
    for (const o of rows) {
      const id = await enqueueMail(db, {
        to: o.email,
        template: kind === 'ending' ? 'featuring_ending' : 'featuring_ended',
        data: {
          name: o.name,
          groupTitle: o.groupTitle,
          // inner-joined with groups: an order whose group was deleted is not here
          groupId: o.groupId!,
          endDate: (o.endDate ?? now).toISOString(),
        },
        dedupeKey: `featuring-${kind}:${o.id}`,
      });
      if (id !== undefined) written++;
    }
  }
  return written;
}
