// Idempotency keys: work a client may send twice (a retry after a timeout or a lost answer) is done
// once per key. The client sends `Idempotency-Key: <8–100 of A-Z a-z 0-9 _ . : ->`, the same on every
// try of one action; a retry gets the first answer back (README, Security).
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { idempotencyKeys } from '#db/schema.ts';
import { AppError } from './http.server.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;
/** Longer than any function may run (stopped at 30 s): a run this old without an answer died. */
export const IDEMPOTENCY_RUN_SECONDS = 35;
/** How long a key's answer is kept for retries. */
export const IDEMPOTENCY_KEEP_HOURS = 24;

export const IDEMPOTENCY_MESSAGES = {
  invalid: 'Chave de repetição (Idempotency-Key) inválida: use de 8 a 100 letras, números, _ . : ou -.',
  reused: 'Esta chave de repetição já foi usada em outro pedido. Gere uma nova para um pedido novo.',
  running: 'Este pedido ainda está sendo processado. Aguarde alguns segundos e tente de novo.',
} as const;

/** The request's Idempotency-Key, or null when it has none; a malformed one is a 400. */
export function idempotencyKey(req: Request): string | null {
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (!KEY.test(key)) throw new AppError('BAD_REQUEST', IDEMPOTENCY_MESSAGES.invalid);
  return key;
}

export interface IdempotencyScope {
  /** what kind of work ('feature-order', 'csv-import') */
  scope: string;
  /** whose key (the user's id): two callers never share an answer */
  owner: string;
  key: string | null;
  /** what was asked: the same key with another request is refused (409) */
  request: unknown;
}

/** What a request asked, as stored beside its key. */
export const requestHash = (request: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(request ?? null))
    .digest('base64url');

function replay<T>(row: { requestHash: string; response: string | null }, hash: string): T | undefined {
  if (row.requestHash !== hash) throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.reused);
  return row.response === null ? undefined : (JSON.parse(row.response) as T);
}

/**
 * Run short database work once per key, in one transaction with the key: a retry gets the first
 * answer; a first try stopped before its commit (a timeout) left nothing, so its retry runs afresh;
 * a retry arriving meanwhile waits on the key's row and then gets the answer. A refused request
 * (an AppError) keeps no key. Without a key the work just runs, in a transaction of its own.
 */
export async function onceInTransaction<T>(
  db: Db,
  ids: IdempotencyScope,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  if (!ids.key) return db.transaction((tx) => work(tx as unknown as Db));
  const key = ids.key;
  const hash = requestHash(ids.request);
  return db.transaction(async (tx) => {
    const where = and(
      eq(idempotencyKeys.scope, ids.scope),
      eq(idempotencyKeys.owner, ids.owner),
      eq(idempotencyKeys.key, key),
    );
    const [fresh] = await tx
      .insert(idempotencyKeys)
      .values({ scope: ids.scope, owner: ids.owner, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!fresh) {
      const [row] = await tx.select().from(idempotencyKeys).where(where);
      const answer = row ? replay<T>(row, hash) : undefined;
      if (answer === undefined) throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.running);
      return answer;
    }
    const result = await work(tx as unknown as Db);
    await tx
      .update(idempotencyKeys)
      .set({ response: JSON.stringify(result) })
      .where(where);
    return result;
  });
}

/**
 * Run long work (several transactions, outside calls) once per key. The key is written first; a retry
 * while it runs is a 409 with Retry-After, a retry after it gets its answer, and a retry after a first
 * try that died without an answer (older than IDEMPOTENCY_RUN_SECONDS) runs again with `resumed` set,
 * so the work can count what the dead try already wrote. A refused request keeps no key.
 */
export async function onceByKey<T>(
  db: Db,
  ids: IdempotencyScope,
  work: (resumed: boolean) => Promise<T>,
): Promise<T> {
  if (!ids.key) return work(false);
  const key = ids.key;
  const hash = requestHash(ids.request);
  const where = and(
    eq(idempotencyKeys.scope, ids.scope),
    eq(idempotencyKeys.owner, ids.owner),
    eq(idempotencyKeys.key, key),
  );
  const [fresh] = await db
    .insert(idempotencyKeys)
    .values({ scope: ids.scope, owner: ids.owner, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  let resumed = false;
  if (!fresh) {
    const [row] = await db.select().from(idempotencyKeys).where(where);
    const answer = row ? replay<T>(row, hash) : undefined;
    if (answer !== undefined) return answer;
    // Take over a try that died: only one retry wins the row.
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          where,
          sql`${idempotencyKeys.response} is null`,
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${IDEMPOTENCY_RUN_SECONDS})`),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (!taken)
      throw new AppError('CONFLICT', IDEMPOTENCY_MESSAGES.running, undefined, { 'retry-after': '5' });
    resumed = true;
  }
  let result: T;
  try {
    result = await work(resumed);
  } catch (error) {
    await db.delete(idempotencyKeys).where(where);
    throw error;
  }
  await db
    .update(idempotencyKeys)
    .set({ response: JSON.stringify(result) })
    .where(where);
  return result;
}

/** Delete the keys older than IDEMPOTENCY_KEEP_HOURS (the hourly prune). Returns how many. */
export async function pruneIdempotencyKeys(db: Db): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS})`))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
