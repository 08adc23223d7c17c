// The messages the product's events send to a group's owner: approved, rejected, hidden, link dead,
// payment receipt, and the featuring reminders. Each writes to the outbox (inside the caller's
// transaction when given one); the callers send right after their action with `deliverMail`.
import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { categories, featureOrders, featurePlans, groups, users } from '#db/schema.ts';
import { groupPath } from '#src/features/groups/groups.ts';
import { deliverMail, enqueueMail } from './outbox.server.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const REASONS = {
  hiddenByReports: 'Recebemos várias denúncias de golpe ou conteúdo ilegal sobre este grupo.',
  hiddenByAdmin: 'A equipe ocultou o grupo depois de analisar denúncias sobre ele.',
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
    .innerJoin(users, eq(users.id, groups.userId))
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .where(eq(groups.id, groupId));
  return row;
}

/** 'Seu grupo foi aprovado', with the page's link. */
export async function queueGroupApproved(db: Db | Tx, groupId: string) {
  const g = await groupWithOwner(db, groupId);
  if (!g) return undefined;
  return enqueueMail(db, {
    to: g.email,
    template: 'group_approved',
    data: { name: g.name, groupTitle: g.title, groupPath: groupPath(g) },
  });
}

/** 'Seu grupo foi ocultado', with the reason (reports, an admin). */
export async function queueGroupHidden(db: Db | Tx, groupId: string, reason: string) {
  const g = await groupWithOwner(db, groupId);
  if (!g) return undefined;
  return enqueueMail(db, {
    to: g.email,
    template: 'group_hidden',
    data: { name: g.name, groupTitle: g.title, reason },
  });
}

/** 'Seu grupo não foi aprovado': call before the group is deleted (it reads the owner). */
export async function queueGroupRejected(db: Db | Tx, groupId: string, reason: string = REASONS.rejected) {
  const g = await groupWithOwner(db, groupId);
  if (!g) return undefined;
  return enqueueMail(db, {
    to: g.email,
    template: 'group_rejected',
    data: { name: g.name, groupTitle: g.title, reason },
  });
}

/** Hidden by reports (the threshold in reports.server.ts): write and send the message to the owner. */
export async function notifyGroupHidden(db: Db, groupId: string, reason: string = REASONS.hiddenByReports) {
  await deliverMail(db, [await queueGroupHidden(db, groupId, reason)]);
}

/** The link checks found the invite link dead: tell the owner (written and sent now). */
export async function notifyLinkDead(db: Db, groupId: string) {
  const g = await groupWithOwner(db, groupId);
  if (!g) return;
  const id = await enqueueMail(db, {
    to: g.email,
    template: 'link_dead',
    data: { name: g.name, groupTitle: g.title },
  });
  await deliverMail(db, [id]);
}

/** The receipt of an order that just became active (call inside the activation's transaction). */
export async function queuePaymentReceipt(tx: Db | Tx, orderId: string) {
  const [o] = await tx
    .select({
      id: featureOrders.id,
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
    .innerJoin(users, eq(users.id, featureOrders.userId))
    .innerJoin(groups, eq(groups.id, featureOrders.groupId))
    .innerJoin(featurePlans, eq(featurePlans.id, featureOrders.planId))
    .where(eq(featureOrders.id, orderId));
  if (!o?.startDate || !o.endDate) return undefined;
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
    },
    dedupeKey: `receipt:${o.id}`,
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
  const ending = await db
    .select(base)
    .from(featureOrders)
    .innerJoin(groups, eq(groups.id, featureOrders.groupId))
    .innerJoin(users, eq(users.id, featureOrders.userId))
    .where(
      and(
        eq(featureOrders.status, 'active'),
        gt(featureOrders.endDate, now),
        lte(featureOrders.endDate, new Date(now.getTime() + ENDING_WITHIN_MS)),
        notRenewed,
        sql`not exists (select 1 from mail_outbox m where m.dedupe_key = 'featuring-ending:' || ${featureOrders.id})`,
      ),
    )
    .limit(200);
  const ended = await db
    .select(base)
    .from(featureOrders)
    .innerJoin(groups, eq(groups.id, featureOrders.groupId))
    .innerJoin(users, eq(users.id, featureOrders.userId))
    .where(
      and(
        inArray(featureOrders.status, ['active', 'expired']),
        lte(featureOrders.endDate, now),
        gt(featureOrders.endDate, new Date(now.getTime() - ENDED_WITHIN_MS)),
        or(notRenewed, lte(groups.featuredUntil, now)),
        sql`not exists (select 1 from mail_outbox m where m.dedupe_key = 'featuring-ended:' || ${featureOrders.id})`,
      ),
    )
    .limit(200);
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
