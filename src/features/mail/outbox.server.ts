// The outbox: every e-mail is a row written with the action that caused it (same transaction when
// there is one), sent right after the action, and retried by the scheduled send-mail function with
// backoff until it is sent or given up. Sending never fails the action: errors land in the row.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '#db/client.ts';
import { type MailStatus, mailOutbox, users } from '#db/schema.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { type MailTemplates, renderMail, SENT_TO_UNCONFIRMED, type TemplateName } from './templates.ts';
import { sendMail } from './transport.server.ts';

/** Attempts before a message is given up ('failed'); the admin can send it again. */
export const MAX_ATTEMPTS = 6;
/** A claimed message is not claimed again for this long (a sender that died leaves it for later). */
const LEASE_SECONDS = 120;
const BATCH = 50;

/** Minutes to wait after the n-th failed attempt: 1, 2, 4, 8, 16… capped at an hour. */
export function backoffMinutes(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1));
}

export interface Enqueue<T extends TemplateName> {
  to: string;
  template: T;
  data: MailTemplates[T];
  /** a message sent at most once: a second enqueue with the same key is ignored */
  dedupeKey?: string;
}

/** Write a message to the outbox; returns its id (undefined when its dedupe key was already used). */
export async function enqueueMail<T extends TemplateName>(
  db: Db | Tx,
  message: Enqueue<T>,
): Promise<number | undefined> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      recipient: message.to.trim(),
      template: message.template,
      payload: JSON.stringify(message.data),
      dedupeKey: message.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  return row?.id;
}

interface Claimed {
  id: number;
  recipient: string;
  template: TemplateName;
  payload: string;
  attempts: number;
  confirmed: boolean | null;
}

/** Take due pending messages (all, or only `ids`) for LEASE_SECONDS, so two senders never both send one. */
async function claim(db: Db, ids: number[] | undefined, now: Date): Promise<Claimed[]> {
  if (ids && !ids.length) return [];
  const only = ids
    ? sql`and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const rows = rowsOf<{
    id: number | string;
    recipient: string;
    template: TemplateName;
    payload: string;
    attempts: number;
  }>(
    await db.execute(sql`
      update mail_outbox set next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${LEASE_SECONDS})
      where id in (
        select id from mail_outbox
        -- greatest with the database's clock: a message written a moment ago (its default now() has
        -- microseconds, the caller's Date only milliseconds) is due at once.
        where status = 'pending' and next_attempt_at <= greatest(now(), ${now.toISOString()}::timestamptz) ${only}
        order by next_attempt_at, id
        limit ${BATCH}
        for update skip locked
      )
      returning id, recipient, template, payload, attempts`),
  );
  if (!rows.length) return [];
  const recipients = [...new Set(rows.map((r) => r.recipient.toLowerCase()))];
  const accounts = await db
    .select({ email: sql<string>`lower(${users.email})`, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, recipients));
  const confirmed = new Map(accounts.map((a) => [a.email, a.confirmedAt !== null]));
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    confirmed: confirmed.get(r.recipient.toLowerCase()) ?? null,
  }));
}

/** The payload without secrets, once the link it carried is no longer needed from the outbox. */
function scrubbed(payload: string): string {
  const data = JSON.parse(payload) as Record<string, unknown>;
  if ('token' in data) data.token = '[enviado]';
  return JSON.stringify(data);
}

async function deliverOne(db: Db, message: Claimed, now: Date): Promise<MailStatus> {
  // An address that is not confirmed gets only the messages that confirm it or let the owner back in.
  if (message.confirmed === false && !SENT_TO_UNCONFIRMED.includes(message.template)) {
    await db
      .update(mailOutbox)
      .set({ status: 'skipped', lastError: 'e-mail não confirmado', payload: scrubbed(message.payload) })
      .where(eq(mailOutbox.id, message.id));
    return 'skipped';
  }
  const attempts = message.attempts + 1;
  try {
    const rendered = renderMail(message.template, JSON.parse(message.payload), {
      siteUrl: getEnv().SITE_URL,
    });
    await sendMail({ to: message.recipient, ...rendered });
    await db
      .update(mailOutbox)
      .set({
        status: 'sent',
        attempts,
        sentAt: now,
        lastError: null,
        payload: scrubbed(message.payload),
      })
      .where(eq(mailOutbox.id, message.id));
    return 'sent';
  } catch (error) {
    const failed = attempts >= MAX_ATTEMPTS;
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .update(mailOutbox)
      .set({
        status: failed ? 'failed' : 'pending',
        attempts,
        lastError: reason.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + backoffMinutes(attempts) * 60_000),
      })
      .where(eq(mailOutbox.id, message.id));
    console.error(`[mail] message ${message.id} (${message.template}) not sent: ${reason}`);
    return failed ? 'failed' : 'pending';
  }
}

export interface DeliveryResult {
  sent: number;
  pending: number;
  failed: number;
  skipped: number;
}

/**
 * Send due messages: the given ids (right after the action that wrote them) or every due one (the
 * scheduled run). Never throws: a message that cannot be sent stays pending for the next run.
 */
export async function deliverMail(db: Db, ids?: (number | undefined)[], now = new Date()) {
  const result: DeliveryResult = { sent: 0, pending: 0, failed: 0, skipped: 0 };
  try {
    const wanted = ids?.filter((id): id is number => id !== undefined);
    for (const message of await claim(db, wanted, now)) {
      result[await deliverOne(db, message, now)]++;
    }
  } catch (error) {
    console.error('[mail] delivery failed; the scheduled run retries:', error);
  }
  return result;
}

/** The admin's view: counts by status and the latest messages that are not sent. */
export async function outboxSummary(db: Db) {
  const counts = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
  const problems = await db
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      template: mailOutbox.template,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['failed', 'pending']), sql`${mailOutbox.lastError} is not null`))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(10);
  return {
    pending: byStatus.pending ?? 0,
    sent: byStatus.sent ?? 0,
    failed: byStatus.failed ?? 0,
    skipped: byStatus.skipped ?? 0,
    problems: problems.map((p) => ({
      ...p,
      nextAttemptAt: p.nextAttemptAt.toISOString(),
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

export const MAIL_NOT_FOUND_MESSAGE = 'Mensagem não encontrada ou já enviada.';

/** 'Reenviar': a failed or pending message goes back to the queue with fresh attempts and is sent now. */
export async function resendMail(db: Db, id: number) {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['failed', 'pending'])))
    .returning({ id: mailOutbox.id });
  if (!row) throw new AppError('NOT_FOUND', MAIL_NOT_FOUND_MESSAGE);
  const result = await deliverMail(db, [row.id]);
  return { ...result, message: result.sent ? 'E-mail enviado' : 'O envio falhou de novo; veja o erro.' };
}
