// The data subject's rights (LGPD art. 18) that the panel serves itself: access and portability (the
// JSON export) and deletion. Correcting name and e-mail lives with the account (src/features/auth/).
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { groupCategory, orderPlan } from '#db/joins.ts';
import {
  authTokens,
  categories,
  featureOrders,
  featurePlans,
  groupReports,
  groupRevisions,
  groups,
  mailOutbox,
  orderRefunds,
  processedWebhookEvents,
  users,
} from '#db/schema.ts';
import { recordAccess } from '#src/features/access-log/access-log.server.ts';
import { ACCESS_LOG_RETENTION_MONTHS } from '#src/features/access-log/access-log.ts';
import { SESSION_DAYS, type SessionUser } from '#src/features/auth/session.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';
import {
  appealsSection,
  claimsSection,
  earlierAddresses,
  earlierEmailsSection,
  legalNoticesSentSection,
  MAIL_COLUMNS,
  mailData,
  renewalReminderSection,
  withIsoDates,
} from './account-data-sections.server.ts';

/** Exports per account per hour: the file reads every table about the person. */
export const EXPORT_LIMIT_PER_HOUR = 5;
export const EXPORT_TOO_MANY_MESSAGE =
  'Você já baixou seus dados várias vezes na última hora. Aguarde um pouco e tente novamente.';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** `rows` of one parent (`key` its id), without that id, dated. */
function childrenOf<T extends object, K extends keyof T>(rows: T[], key: K, id: T[K]) {
  return rows.filter((row) => row[key] === id).map(({ [key]: _id, ...rest }) => withIsoDates(rest));
}

async function accountOf(db: Db, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      admin: users.admin,
      emailConfirmedAt: users.emailConfirmedAt,
      sessionsValidAfter: users.sessionsValidAfter,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new AppError('UNAUTHORIZED', 'Você precisa estar logado para continuar.');
  return account;
}

/** The account's groups, each with its revisions and the reports against it (reasons and dates only). */
async function groupsSection(db: Db, userId: string) {
  const ownGroups = await db
    .select({
      id: groups.id,
      title: groups.title,
      description: groups.description,
      link: groups.link,
      type: groups.type,
      category: categories.name,
      image: groups.image,
      approved: groups.approved,
      hiddenAt: groups.hiddenAt,
      hiddenReason: groups.hiddenReason,
      featured: groups.featured,
      featuredUntil: groups.featuredUntil,
      clicks: groups.cliques,
      shares: groups.shares,
      linkStatus: groups.linkStatus,
      linkLiveAt: groups.linkLiveAt,
      createdAt: groups.createdAt,
      bumpedAt: groups.bumpedAt,
      updatedAt: groups.updatedAt,
    })
    .from(groups)
    .innerJoin(categories, groupCategory)
    .where(eq(groups.userId, userId))
    .orderBy(desc(groups.createdAt));
  const groupIds = ownGroups.map((g) => g.id);
  if (!groupIds.length) return [];
  const [revisions, reportsAgainst] = await Promise.all([
    db
      .select({
        groupId: groupRevisions.groupId,
        title: groupRevisions.title,
        description: groupRevisions.description,
        category: categories.name,
        image: groupRevisions.image,
        status: groupRevisions.status,
        reason: groupRevisions.reason,
        createdAt: groupRevisions.createdAt,
        reviewedAt: groupRevisions.reviewedAt,
      })
      .from(groupRevisions)
      .innerJoin(categories, eq(categories.id, groupRevisions.categoryId))
      .where(inArray(groupRevisions.groupId, groupIds))
      .orderBy(desc(groupRevisions.createdAt)),
    // Reasons and dates only: no reporter's account, hash or words.
    db
      .select({
        groupId: groupReports.groupId,
        reason: groupReports.reason,
        status: groupReports.status,
        actionTaken: groupReports.actionTaken,
        createdAt: groupReports.createdAt,
        reviewedAt: groupReports.reviewedAt,
      })
      .from(groupReports)
      .where(inArray(groupReports.groupId, groupIds))
      .orderBy(desc(groupReports.createdAt)),
  ]);
  return ownGroups.map((g) => ({
    ...withIsoDates(g),
    revisions: childrenOf(revisions, 'groupId', g.id),
    reports: childrenOf(reportsAgainst, 'groupId', g.id),
  }));
}

/** The account's featuring orders, each with the payment events received for it and its refund. */
async function ordersSection(db: Db, userId: string) {
  const orders = await db
    .select({
      id: featureOrders.id,
      groupId: featureOrders.groupId,
      plan: featurePlans.name,
      days: featureOrders.days,
      priceCents: featureOrders.price,
      status: featureOrders.status,
      orderDate: featureOrders.orderDate,
      startDate: featureOrders.startDate,
      endDate: featureOrders.endDate,
      paymentMethod: featureOrders.paymentMethod,
      paymentId: featureOrders.paymentId,
      stripePaymentIntentId: featureOrders.stripePaymentIntentId,
      refundStatus: orderRefunds.status,
      refundSource: orderRefunds.source,
      refundAmountCents: orderRefunds.amount,
      refundRequestedAt: orderRefunds.createdAt,
      refundCompletedAt: orderRefunds.completedAt,
      providerRefundId: orderRefunds.providerRefundId,
    })
    .from(featureOrders)
    .leftJoin(featurePlans, orderPlan)
    .leftJoin(orderRefunds, eq(orderRefunds.orderId, featureOrders.id))
    .where(eq(featureOrders.userId, userId))
    .orderBy(desc(featureOrders.orderDate));
  const orderIds = orders.map((o) => o.id);
  const payments = orderIds.length
    ? await db
        .select({
          orderId: processedWebhookEvents.orderId,
          provider: processedWebhookEvents.provider,
          eventId: processedWebhookEvents.eventId,
          outcome: processedWebhookEvents.outcome,
          receivedAt: processedWebhookEvents.receivedAt,
        })
        .from(processedWebhookEvents)
        .where(inArray(processedWebhookEvents.orderId, orderIds))
        .orderBy(desc(processedWebhookEvents.receivedAt))
    : [];
  return orders.map(
    ({
      refundStatus,
      refundSource,
      refundAmountCents,
      refundRequestedAt,
      refundCompletedAt,
      providerRefundId,
      ...o
    }) => ({
      ...withIsoDates(o),
      payments: childrenOf(payments, 'orderId', o.id),
      refund: refundStatus
        ? {
            status: refundStatus,
            source: refundSource,
            amountCents: refundAmountCents,
            providerRefundId,
            ...withIsoDates({ requestedAt: refundRequestedAt, completedAt: refundCompletedAt }),
          }
        : null,
    }),
  );
}

/** The reports the account made, with their own words. */
async function reportsMadeSection(db: Db, userId: string) {
  const rows = await db
    .select({
      groupId: groupReports.groupId,
      groupTitle: groups.title,
      reason: groupReports.reason,
      description: groupReports.description,
      status: groupReports.status,
      createdAt: groupReports.createdAt,
    })
    .from(groupReports)
    .leftJoin(groups, eq(groups.id, groupReports.groupId))
    .where(eq(groupReports.userId, userId))
    .orderBy(desc(groupReports.createdAt));
  return rows.map(withIsoDates);
}

/** The e-mail links made for the account (confirmation, reset, new address): never their tokens. */
async function emailLinksSection(db: Db, userId: string) {
  const rows = await db
    .select({
      purpose: authTokens.purpose,
      newEmail: authTokens.newEmail,
      createdAt: authTokens.createdAt,
      expiresAt: authTokens.expiresAt,
      usedAt: authTokens.usedAt,
    })
    .from(authTokens)
    .where(eq(authTokens.userId, userId))
    .orderBy(desc(authTokens.createdAt));
  return rows.map(withIsoDates);
}

/** The e-mails sent to the account's address, with their data (links' tokens left out). */
async function emailsSection(db: Db, email: string) {
  const rows = await db
    .select(MAIL_COLUMNS)
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.recipient}) = ${email.toLowerCase()}`)
    .orderBy(desc(mailOutbox.createdAt));
  return rows.map(({ payload, ...m }) => ({ ...withIsoDates(m), data: mailData(payload) }));
}

/** Every section of the export, one query each (the e-mails of earlier addresses need those first). */
async function sections(db: Db, userId: string, email: string) {
  const earlier = await earlierAddresses(db, userId);
  const [
    ownGroups,
    orders,
    reportsMade,
    emailLinks,
    emails,
    earlierEmails,
    claims,
    reminder,
    notices,
    appeals,
  ] = await Promise.all([
    groupsSection(db, userId),
    ordersSection(db, userId),
    reportsMadeSection(db, userId),
    emailLinksSection(db, userId),
    emailsSection(db, email),
    earlierEmailsSection(db, earlier),
    claimsSection(db, userId),
    renewalReminderSection(db, userId),
    legalNoticesSentSection(db, email, earlier),
    appealsSection(db, userId),
  ]);
  return {
    groups: ownGroups,
    featureOrders: orders,
    reportsMade,
    claims,
    appeals,
    renewalReminder: reminder,
    legalNoticesSent: notices,
    emailLinks,
    emails,
    earlierEmails,
  };
}

/**
 * POST /api/user/data-export: everything the site keeps about the account, as one JSON document: the
 * account (never the password hash), its groups with their revisions and the reports against them
 * (reasons and dates only: reporters are never named or identified), its orders with their payments and
 * refunds, the reports, claims and appeals it made, its renewal reminder, the legal notices sent from its
 * addresses, what is kept about its sessions and e-mail links, and the e-mails sent to it, at its address
 * and at the ones it used before. The keys follow EXPORTED_TABLES (account-data.ts).
 */
export async function exportAccountData(db: Db, user: SessionUser, ip: string | null) {
  await consumeRateLimit(db, `data-export:${user.id}`, EXPORT_LIMIT_PER_HOUR, 3600, EXPORT_TOO_MANY_MESSAGE);
  const account = await accountOf(db, user.id);
  const parts = await sections(db, user.id, account.email);
  await recordAccess(db, { userId: user.id, email: account.email, event: 'data_export', ip });
  return {
    exportedAt: new Date().toISOString(),
    account: withIsoDates(account),
    ...parts,
    sessions: {
      sessionDays: SESSION_DAYS,
      sessionsValidAfter: iso(account.sessionsValidAfter),
      note: `Cada login cria uma sessão de ${SESSION_DAYS} dias guardada só no seu navegador (cookie). O site guarda apenas quando você encerrou todas as sessões (sessionsValidAfter) e, até expirarem, uma marca sem identificação das sessões encerradas com "Sair".`,
    },
    accessLogs: `Registros de acesso (endereço IP, data e hora de login, cadastro, envio e edição de grupos, pagamentos, exportação e exclusão) são guardados criptografados por ${ACCESS_LOG_RETENTION_MONTHS} meses, como exige o Marco Civil da Internet (art. 15), e só são entregues por ordem judicial.`,
  };
}
