// Sections of the data export added for #41 item 5 (each one query, named by what it holds): claims,
// the renewal reminder, e-mails sent to the addresses the account used before, the legal notices sent
// from its addresses and its appeals. account-data.server.ts composes them.
import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import {
  groupClaims,
  groups,
  holdAppeals,
  legalNotices,
  mailOutbox,
  renewalReminders,
  userEmailHistory,
} from '#db/schema.ts';

type Dated<T> = { [K in keyof T]: T[K] extends Date | null ? string | null : T[K] };

/** A row as it leaves in the file: each of its dates as ISO text. */
export function withIsoDates<T extends object>(row: T): Dated<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as Dated<T>;
}

/** A message's data as it may leave the server: a link's token never does. */
export function mailData(payload: string): unknown {
  try {
    const data = JSON.parse(payload) as Record<string, unknown>;
    if ('token' in data) data.token = '[omitido]';
    return data;
  } catch {
    return null;
  }
}

/** The addresses the account used before, each with when it was replaced. */
export async function earlierAddresses(db: Db, userId: string) {
  return db
    .select({ email: userEmailHistory.email, replacedAt: userEmailHistory.replacedAt })
    .from(userEmailHistory)
    .where(eq(userEmailHistory.userId, userId))
    .orderBy(desc(userEmailHistory.replacedAt));
}

/** What the export shows of an e-mail sent (its links' tokens are left out later, by mailData). */
export const MAIL_COLUMNS = {
  template: mailOutbox.template,
  payload: mailOutbox.payload,
  status: mailOutbox.status,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

/** The e-mails sent to each earlier address while it was the account's (never someone's since). */
export async function earlierEmailsSection(db: Db, earlier: { email: string; replacedAt: Date }[]) {
  const sections = [];
  for (const old of earlier) {
    const rows = await db
      .select(MAIL_COLUMNS)
      .from(mailOutbox)
      .where(
        and(
          sql`lower(${mailOutbox.recipient}) = ${old.email.toLowerCase()}`,
          lte(mailOutbox.createdAt, old.replacedAt),
        ),
      )
      .orderBy(desc(mailOutbox.createdAt));
    sections.push({
      address: old.email,
      usedUntil: old.replacedAt.toISOString(),
      emails: rows.map(({ payload, ...m }) => ({ ...withIsoDates(m), data: mailData(payload) })),
    });
  }
  return sections;
}

/** The claims the account made ('Reivindicar grupo'), with the group and the check's outcome. */
export async function claimsSection(db: Db, userId: string) {
  const rows = await db
    .select({
      groupId: groupClaims.groupId,
      groupTitle: groups.title,
      code: groupClaims.code,
      status: groupClaims.status,
      attempts: groupClaims.attempts,
      seenName: groupClaims.seenName,
      expiresAt: groupClaims.expiresAt,
      verifiedAt: groupClaims.verifiedAt,
      createdAt: groupClaims.createdAt,
    })
    .from(groupClaims)
    .leftJoin(groups, eq(groups.id, groupClaims.groupId))
    .where(eq(groupClaims.userId, userId))
    .orderBy(desc(groupClaims.createdAt));
  return rows.map(withIsoDates);
}

/** The renewal reminder's setting: on since when, the last one sent; null when off. */
export async function renewalReminderSection(db: Db, userId: string) {
  const [row] = await db
    .select({ since: renewalReminders.since, lastSentAt: renewalReminders.lastSentAt })
    .from(renewalReminders)
    .where(eq(renewalReminders.userId, userId));
  return row ? { enabled: true, ...withIsoDates(row) } : { enabled: false, since: null, lastSentAt: null };
}

/**
 * The legal notices ('Denúncia jurídica') sent from the account's address, and from each earlier one
 * while it was the account's, with their decisions.
 */
export async function legalNoticesSentSection(
  db: Db,
  email: string,
  earlier: { email: string; replacedAt: Date }[],
) {
  const from = (address: string) => sql`lower(${legalNotices.email}) = ${address.toLowerCase()}`;
  const where = or(
    from(email),
    ...earlier.map((old) => and(from(old.email), lte(legalNotices.createdAt, old.replacedAt))),
  );
  const rows = await db
    .select({
      protocol: legalNotices.protocol,
      kind: legalNotices.kind,
      status: legalNotices.status,
      groupTitle: legalNotices.groupTitle,
      groupUrl: legalNotices.groupUrl,
      name: legalNotices.name,
      email: legalNotices.email,
      description: legalNotices.description,
      declarationVersion: legalNotices.declarationVersion,
      declarationText: legalNotices.declarationText,
      emailConfirmedAt: legalNotices.emailConfirmedAt,
      decidedAt: legalNotices.decidedAt,
      decisionReason: legalNotices.decisionReason,
      createdAt: legalNotices.createdAt,
    })
    .from(legalNotices)
    .where(where)
    .orderBy(desc(legalNotices.createdAt));
  return rows.map(withIsoDates);
}

/** The appeals ('Contestar') the account filed, with their outcome (never the deciding admin). */
export async function appealsSection(db: Db, userId: string) {
  const rows = await db
    .select({
      groupId: holdAppeals.groupId,
      groupTitle: groups.title,
      text: holdAppeals.text,
      status: holdAppeals.status,
      decisionReason: holdAppeals.decisionReason,
      createdAt: holdAppeals.createdAt,
      decidedAt: holdAppeals.decidedAt,
    })
    .from(holdAppeals)
    .leftJoin(groups, eq(groups.id, holdAppeals.groupId))
    .where(eq(holdAppeals.userId, userId))
    .orderBy(desc(holdAppeals.createdAt));
  return rows.map(withIsoDates);
}
