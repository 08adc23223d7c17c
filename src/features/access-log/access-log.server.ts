// The access logs the Marco Civil (art. 15) requires of a company: for each account event, anonymous group
// submission and legal notice, the client's IP address and the time, kept 6 months in confidence (longer
// under a legal hold, art. 15 §2) and handed over only by court order, through the admin command
// `npm run access-log`, never an API route; every hand-over is recorded (access_log_disclosures).
//
// Keys: ACCESS_LOG_KEY is never used as it is. Two keys are derived from it with HKDF-SHA256, one that
// hashes e-mails (HMAC-SHA256) and one that encrypts addresses (AES-256-GCM), plus a short key id stored
// on each row. To rotate, the new value goes in ACCESS_LOG_KEY and the old one in
// ACCESS_LOG_PREVIOUS_KEYS: new rows use the new key, and every row stays readable and findable under the
// key its id names. Rows written before the derivation (key id 'legacy') used the setting directly.
//
// The person is a keyed hash of their normalised e-mail, not a foreign key: the rows must outlive a deleted
// account while a court order that names an e-mail still finds them. Without the key the table tells
// neither who nor from where. A missing address (the platform gave none) is stored as missing (null),
// never as a made-up one.
import { createHmac, hkdfSync } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '#db/client.ts';
import { type AccessEvent, accessLogDisclosures, accessLogHolds, accessLogs, users } from '#db/schema.ts';
import { getEnv, secret } from '#src/lib/env.server.ts';
import { seal, unseal } from '#src/lib/secret-box.server.ts';
import { ACCESS_LOG_RETENTION_MONTHS, normaliseEmail } from './access-log.ts';

/** The key id of rows written before the keys were derived: hashed and sealed with the setting itself. */
export const LEGACY_KEY_ID = 'legacy';

/** One access-log key: its id and the two keys derived from the setting. */
export interface AccessLogKey {
  id: string;
  setting: string;
  hashKey: Buffer;
  sealKey: Buffer;
}

const derive = (setting: string, purpose: string, length = 32) =>
  Buffer.from(hkdfSync('sha256', setting, 'gruposdezap:access-log', `access-log:${purpose}:v1`, length));

/** The keys derived from one ACCESS_LOG_KEY value (the id is derived too: it tells nothing of the key). */
export function accessLogKey(setting: string): AccessLogKey {
  return {
    id: derive(setting, 'key-id', 6).toString('base64url'),
    setting,
    hashKey: derive(setting, 'email-hash'),
    sealKey: derive(setting, 'ip-seal'),
  };
}

/** The current key first, then the previous ones (ACCESS_LOG_PREVIOUS_KEYS). */
export function accessLogKeys(): AccessLogKey[] {
  const previous = (getEnv().ACCESS_LOG_PREVIOUS_KEYS ?? '').split(/[\s,]+/).filter(Boolean);
  return [secret('ACCESS_LOG_KEY'), ...previous].map(accessLogKey);
}

/** The keyed hash that stands for an e-mail in the access logs, under one key (the current by default). */
export function accessLogEmailHash(email: string, key: AccessLogKey = accessLogKeys()[0]!): string {
  return createHmac('sha256', key.hashKey)
    .update(`access-log:email:${normaliseEmail(email)}`)
    .digest('base64url');
}

/** The hash of rows written before the derivation (the setting as the HMAC key). */
function legacyEmailHash(email: string, setting: string): string {
  return createHmac('sha256', setting)
    .update(`access-log:email:${normaliseEmail(email)}`)
    .digest('base64url');
}

/** Every hash an e-mail may have in the table, under each key and the legacy scheme. */
function emailHashesOf(email: string, keys: AccessLogKey[]): string[] {
  return keys.flatMap((key) => [accessLogEmailHash(email, key), legacyEmailHash(email, key.setting)]);
}

export interface AccessRecord {
  event: AccessEvent;
  /** the client's address from `context.ip` (clientIp); null when the platform gave none */
  ip: string | null;
  /** the account; none for an anonymous submission or a legal notice */
  userId?: string | null;
  /** the e-mail that finds the row (the account's is read when not given; a notifier's for a notice) */
  email?: string | null;
  /** what an event without an account was about: the submitted group's id, the notice's protocol */
  ref?: string | null;
}

/**
 * Record an event with the client's address and the time. An account's e-mail is read when not given;
 * an account that no longer exists records nothing.
 */
export async function recordAccess(db: Db | Tx, entry: AccessRecord): Promise<void> {
  let email = entry.email ?? null;
  if (entry.userId && entry.email === undefined) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, entry.userId));
    if (!user) return;
    email = user.email;
  }
  const [key] = accessLogKeys();
  await db.insert(accessLogs).values({
    userId: entry.userId ?? null,
    emailHash: email ? accessLogEmailHash(email, key) : null,
    event: entry.event,
    ipEncrypted: entry.ip ? seal(key!.sealKey, entry.ip) : null,
    keyId: key!.id,
    ref: entry.ref ?? null,
  });
}

export interface AccessLogEntry {
  id: number;
  at: Date;
  event: AccessEvent;
  /** the address in clear; null when it was missing or cannot be decrypted (see `address`) */
  ip: string | null;
  /** 'ok', 'missing' (the platform gave none) or 'unreadable' (a key no longer configured) */
  address: 'ok' | 'missing' | 'unreadable';
  userId: string | null;
  ref: string | null;
}

/** What a court order names: an e-mail (with the accounts that used it) or a ref, within [from, to). */
export interface AccessLogQuery {
  email?: string;
  ref?: string;
  from: Date;
  to: Date;
}

/** The rows a query covers, as a condition, plus what it resolved (hashes, linked accounts). */
async function matchQuery(db: Db | Tx, query: AccessLogQuery, keys: AccessLogKey[]) {
  const emailHashes = query.email ? emailHashesOf(query.email, keys) : [];
  let userIds: string[] = [];
  if (query.email) {
    const linked = await db
      .selectDistinct({ userId: accessLogs.userId })
      .from(accessLogs)
      .where(inArray(accessLogs.emailHash, emailHashes));
    const live = await db
      .select({ userId: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${normaliseEmail(query.email)}`);
    userIds = [
      ...new Set([...linked, ...live].map((r) => r.userId).filter((id): id is string => id !== null)),
    ];
  }
  const refs = query.ref ? [query.ref] : [];
  const who: SQL[] = [];
  if (emailHashes.length) who.push(inArray(accessLogs.emailHash, emailHashes));
  if (userIds.length) who.push(inArray(accessLogs.userId, userIds));
  if (refs.length) who.push(inArray(accessLogs.ref, refs));
  const where = who.length
    ? and(or(...who), gte(accessLogs.createdAt, query.from), lt(accessLogs.createdAt, query.to))
    : sql`false`;
  return { where, emailHashes, userIds, refs };
}

/** Decrypt one row's address with the key its id names (legacy rows: the settings themselves). */
function addressOf(
  row: { ipEncrypted: string | null; keyId: string },
  keys: AccessLogKey[],
): Pick<AccessLogEntry, 'ip' | 'address'> {
  if (row.ipEncrypted === null) return { ip: null, address: 'missing' };
  const candidates =
    row.keyId === LEGACY_KEY_ID
      ? keys.map((k) => k.setting)
      : keys.filter((k) => k.id === row.keyId).map((k) => k.sealKey);
  for (const key of candidates) {
    const ip = unseal(key, row.ipEncrypted);
    if (ip !== null) return { ip, address: 'ok' };
  }
  return { ip: null, address: 'unreadable' };
}

/**
 * The search: every entry of the account(s) that used `email` (its own rows, and the other rows of the
 * same account ids, e.g. before an e-mail change) or of `ref`, within [from, to), decrypted.
 */
export async function findAccessLogs(
  db: Db | Tx,
  query: AccessLogQuery,
  keys: AccessLogKey[] = accessLogKeys(),
): Promise<AccessLogEntry[]> {
  const { where } = await matchQuery(db, query, keys);
  const rows = await db
    .select()
    .from(accessLogs)
    .where(where)
    .orderBy(asc(accessLogs.createdAt), asc(accessLogs.id));
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt,
    event: row.event,
    ...addressOf(row, keys),
    userId: row.userId,
    ref: row.ref,
  }));
}

/** Who reads the logs out and on what legal basis (both required: the disclosure record names them). */
export interface Disclosure {
  operator: string;
  legalBasis: string;
}

/**
 * The admin command's read-out for a court order: the entries, and in the same transaction the record of
 * this disclosure (who, when, which rows, on what basis; the e-mail only as its hash).
 */
export async function discloseAccessLogs(
  db: Db,
  query: AccessLogQuery,
  disclosure: Disclosure,
  keys: AccessLogKey[] = accessLogKeys(),
): Promise<AccessLogEntry[]> {
  return db.transaction(async (tx) => {
    const entries = await findAccessLogs(tx, query, keys);
    await tx.insert(accessLogDisclosures).values({
      operator: disclosure.operator,
      legalBasis: disclosure.legalBasis,
      criteria: JSON.stringify({
        emailHash: query.email ? accessLogEmailHash(query.email, keys[0]) : null,
        ref: query.ref ?? null,
        from: query.from.toISOString(),
        to: query.to.toISOString(),
      }),
      rowIds: entries.map((e) => e.id),
    });
    return entries;
  });
}

/** The disclosures recorded, newest first. */
export async function listDisclosures(db: Db, limit = 50) {
  return db.select().from(accessLogDisclosures).orderBy(desc(accessLogDisclosures.createdAt)).limit(limit);
}

/**
 * Place a legal hold (art. 15 §2): the rows the query covers, now and any written later inside its
 * range, are kept until `keepUntil` or the release, whatever their age. Says how many rows it covers now.
 */
export async function placeLegalHold(
  db: Db,
  query: AccessLogQuery,
  hold: { reference: string; placedBy: string; keepUntil: Date },
  keys: AccessLogKey[] = accessLogKeys(),
) {
  const { where, emailHashes, userIds, refs } = await matchQuery(db, query, keys);
  const [row] = await db
    .insert(accessLogHolds)
    .values({
      reference: hold.reference,
      placedBy: hold.placedBy,
      emailHashes,
      userIds,
      refs,
      fromAt: query.from,
      toAt: query.to,
      keepUntil: hold.keepUntil,
    })
    .returning();
  const [covered] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(accessLogs)
    .where(where);
  return { hold: row!, rows: covered?.n ?? 0 };
}

/** Release a hold in force (the order was lifted or lapsed); false when there is none with that id. */
export async function releaseLegalHold(db: Db, id: string, release: { by: string; reason: string }) {
  const released = await db
    .update(accessLogHolds)
    .set({ releasedAt: new Date(), releasedBy: release.by, releaseReason: release.reason })
    .where(and(eq(accessLogHolds.id, id), isNull(accessLogHolds.releasedAt)))
    .returning({ id: accessLogHolds.id });
  return released.length > 0;
}

/** The holds, newest first, with whether each is in force at `now`. */
export async function listLegalHolds(db: Db, now: Date = new Date()) {
  const rows = await db.select().from(accessLogHolds).orderBy(desc(accessLogHolds.createdAt));
  return rows.map((h) => ({ ...h, inForce: h.releasedAt === null && h.keepUntil > now }));
}

/** SQL: an access_logs row `a` is covered by a hold in force at `at` (the prune keeps it). */
const heldRow = (at: SQL) => sql`exists (select 1 from ${accessLogHolds} h
  where h.released_at is null and h.keep_until > ${at}
    and a.created_at >= h.from_at and a.created_at < h.to_at
    and (a.email_hash = any(h.email_hashes) or a.user_id = any(h.user_ids) or a.ref = any(h.refs)))`;

/** Delete the entries older than the retention that no legal hold keeps (hourly); how many. */
export async function pruneAccessLogs(db: Db, now: Date = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`delete from ${accessLogs} a
    where a.created_at < ${at} - make_interval(months => ${ACCESS_LOG_RETENTION_MONTHS})
      and not ${heldRow(at)}
    returning a.id`);
  return rowsOf<{ id: number }>(result).length;
}
