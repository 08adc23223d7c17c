// The opt-in e-mail 'Seu grupo já pode ser renovado': an owner asks for it in the panel; the scheduled
// send-mail run writes at most one a day per owner, naming the groups whose free bump opened since the
// last one. Its unsubscribe link works without logging in: a token signed with JWT_SECRET names the owner.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { groups, renewalReminders, users } from '#db/schema.ts';
import { saoPauloDay } from '#src/features/analytics/visitor.server.ts';
import { isApprovedGroup } from '#src/features/groups/groups.server.ts';
import { enqueueMail } from '#src/features/mail/outbox.server.ts';
import { secret } from '#src/lib/env.server.ts';
import { BUMP_COOLDOWN_HOURS } from './engage.ts';

/** The public path of the one-click unsubscribe (GET from the mail's link, POST from List-Unsubscribe). */
export const UNSUBSCRIBE_PATH = '/api/renewal-reminders/unsubscribe';
/** At most one reminder per owner in this many hours. */
export const REMINDER_MIN_HOURS = 24;
/** Groups named in one message; the panel lists the rest. */
const MAX_TITLES = 5;

const signature = (userId: string) =>
  createHmac('sha256', secret('JWT_SECRET')).update(`renewal-reminders:${userId}`).digest('base64url');

/** The unsubscribe token of one owner: their id and its signature (it never expires, like the opt-in). */
export function unsubscribeToken(userId: string): string {
  return `${userId}.${signature(userId)}`;
}

/** The owner a token names, or null when it was not signed by us. */
export function verifyUnsubscribeToken(token: string): string | null {
  const [userId, mac, ...rest] = token.split('.');
  if (!userId || !mac || rest.length || !/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const expected = Buffer.from(signature(userId));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** Whether the owner asked for the reminders. */
export async function renewalRemindersEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: renewalReminders.userId })
    .from(renewalReminders)
    .where(eq(renewalReminders.userId, userId));
  return Boolean(row);
}

/** Turn the reminders on (from now: bumps that opened before are not mailed) or off. */
export async function setRenewalReminders(db: Db, userId: string, enabled: boolean, now = new Date()) {
  if (enabled) await db.insert(renewalReminders).values({ userId, since: now }).onConflictDoNothing();
  else await db.delete(renewalReminders).where(eq(renewalReminders.userId, userId));
  return { enabled };
}

/** The mail's unsubscribe link: true when the token was ours (the opt-in is gone, or already was). */
export async function unsubscribeWithToken(db: Db, token: string): Promise<boolean> {
  const userId = verifyUnsubscribeToken(token);
  if (!userId) return false;
  await setRenewalReminders(db, userId, false);
  return true;
}

/**
 * Write the due reminders: for each owner who opted in and got none in the last REMINDER_MIN_HOURS, the
 * approved, visible groups whose free bump opened since the last reminder (or the opt-in). The claim on
 * last_sent_at and the message are one transaction, so two runs never both write one. Returns how many.
 */
export async function queueRenewalReminders(db: Db, now = new Date()): Promise<number> {
  const quietSince = new Date(now.getTime() - REMINDER_MIN_HOURS * 3_600_000);
  const opensAt = sql`${groups.bumpedAt} + make_interval(hours => ${BUMP_COOLDOWN_HOURS})`;
  const due = await db
    .select({
      userId: renewalReminders.userId,
      email: users.email,
      name: users.name,
      title: groups.title,
    })
    .from(renewalReminders)
    .innerJoin(users, eq(users.id, renewalReminders.userId))
    .innerJoin(groups, eq(groups.userId, renewalReminders.userId))
    .where(
      and(
        or(isNull(renewalReminders.lastSentAt), lte(renewalReminders.lastSentAt, quietSince)),
        isApprovedGroup,
        sql`${opensAt} <= ${now}`,
        sql`${opensAt} > coalesce(${renewalReminders.lastSentAt}, ${renewalReminders.since})`,
      ),
    )
    .orderBy(renewalReminders.userId, groups.title);
  const owners = new Map<string, { email: string; name: string; titles: string[] }>();
  for (const row of due) {
    const owner = owners.get(row.userId) ?? { email: row.email, name: row.name, titles: [] };
    owner.titles.push(row.title);
    owners.set(row.userId, owner);
  }
  let queued = 0;
  const day = saoPauloDay(now);
  for (const [userId, owner] of owners) {
    const wrote = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(renewalReminders)
        .set({ lastSentAt: now })
        .where(
          and(
            eq(renewalReminders.userId, userId),
            or(isNull(renewalReminders.lastSentAt), lte(renewalReminders.lastSentAt, quietSince)),
          ),
        )
        .returning({ userId: renewalReminders.userId });
      if (!claimed) return false;
      await enqueueMail(tx, {
        to: owner.email,
        template: 'renewal_open',
        data: {
          name: owner.name,
          groupTitles: owner.titles.slice(0, MAX_TITLES),
          more: Math.max(0, owner.titles.length - MAX_TITLES),
          token: unsubscribeToken(userId),
        },
        dedupeKey: `renewal-open:${userId}:${day}`,
      });
      return true;
    });
    if (wrote) queued += 1;
  }
  return queued;
}
