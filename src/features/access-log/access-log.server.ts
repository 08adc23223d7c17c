// The access logs the Marco Civil (art. 15) requires of a company: for each account event, the client's
// IP address and the time, kept 6 months in confidence and handed over only by court order (the admin
// command `npm run access-log`, never an API route).
//
// At rest the address is encrypted (AES-256-GCM, src/lib/secret-box.server.ts) with ACCESS_LOG_KEY, and
// the person is identified by a keyed hash (HMAC-SHA256 with the same key) of their normalised e-mail,
// not by a foreign key: the rows must outlive a deleted account (6 months) while a court order that
// names an e-mail still finds them. Without the key the table tells neither who nor from where; a
// dictionary of e-mails cannot be checked against it either. The account id is kept too (no foreign
// key) so that the events of one account before and after an e-mail change are found together.
import { createHmac } from 'node:crypto';
import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { type AccessEvent, accessLogs, users } from '#db/schema.ts';
import { secret } from '#src/lib/env.server.ts';
import { seal, unseal } from '#src/lib/secret-box.server.ts';
import { ACCESS_LOG_RETENTION_MONTHS, normaliseEmail } from './access-log.ts';

const accessLogKey = () => secret('ACCESS_LOG_KEY');

/** The keyed hash that stands for an e-mail in the access logs. */
export function accessLogEmailHash(email: string, key: string = accessLogKey()): string {
  return createHmac('sha256', key)
    .update(`access-log:email:${normaliseEmail(email)}`)
    .digest('base64url');
}

/**
 * Record an account event with the client's address (from `context.ip`) and the time. The e-mail is
 * read from the account when not given; an account that no longer exists records nothing.
 */
export async function recordAccess(
  db: Db | Tx,
  entry: { userId: string; event: AccessEvent; ip: string; email?: string },
): Promise<void> {
  let email = entry.email;
  if (email === undefined) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, entry.userId));
    if (!user) return;
    email = user.email;
  }
  const key = accessLogKey();
  await db.insert(accessLogs).values({
    userId: entry.userId,
    emailHash: accessLogEmailHash(email, key),
    event: entry.event,
    ipEncrypted: seal(key, entry.ip),
  });
}

export interface AccessLogEntry {
  at: Date;
  event: AccessEvent;
  /** the address in clear; null when the row cannot be decrypted (another key) */
  ip: string | null;
  userId: string;
}

/**
 * The admin command's search: every entry of the account(s) that used `email` (its own rows, and the
 * other rows of the same account ids, e.g. before an e-mail change) within [from, to), decrypted.
 */
export async function findAccessLogs(
  db: Db,
  query: { email: string; from: Date; to: Date },
  key: string = accessLogKey(),
): Promise<AccessLogEntry[]> {
  const hash = accessLogEmailHash(query.email, key);
  const linked = await db
    .selectDistinct({ userId: accessLogs.userId })
    .from(accessLogs)
    .where(eq(accessLogs.emailHash, hash));
  const live = await db
    .select({ userId: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${normaliseEmail(query.email)}`);
  const ids = [...new Set([...linked, ...live].map((r) => r.userId))];
  const rows = await db
    .select()
    .from(accessLogs)
    .where(
      and(
        ids.length
          ? or(eq(accessLogs.emailHash, hash), inArray(accessLogs.userId, ids))
          : eq(accessLogs.emailHash, hash),
        gte(accessLogs.createdAt, query.from),
        lt(accessLogs.createdAt, query.to),
      ),
    )
    .orderBy(asc(accessLogs.createdAt), asc(accessLogs.id));
  return rows.map((row) => ({
    at: row.createdAt,
    event: row.event,
    ip: unseal(key, row.ipEncrypted),
    userId: row.userId,
  }));
}

/** Delete the entries older than the retention (hourly, with the rate-limit buckets); how many. */
export async function pruneAccessLogs(db: Db, now: Date = new Date()): Promise<number> {
  const deleted = await db
    .delete(accessLogs)
    .where(
      lt(
        accessLogs.createdAt,
        sql`${now.toISOString()}::timestamptz - make_interval(months => ${ACCESS_LOG_RETENTION_MONTHS})`,
      ),
    )
    .returning({ id: accessLogs.id });
  return deleted.length;
}
