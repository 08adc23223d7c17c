// Password hashing with node:crypto scrypt (N=2^17, r=8, p=1). Stored as scrypt$N$r$p$salt$hash, so a
// hash is verified with the parameters it was made with.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users } from '#db/schema.ts';
import { addressHash } from '#src/features/analytics/visitor.server.ts';
import { type Env, readSettings } from '#src/lib/env.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { consumeRateLimit, resetRateLimit } from '#src/lib/rate-limit.server.ts';

const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * N for new hashes: 2^17, lower only where PASSWORD_HASH_LOG_N says so on a local process (tests). Read
 * without the runtime secrets' check, so the admin CLI can hash with DATABASE_URL alone.
 */
export function hashCostN(env: Pick<Env, 'isLocal' | 'PASSWORD_HASH_LOG_N'> = readSettings()): number {
  return 2 ** ((env.isLocal && env.PASSWORD_HASH_LOG_N) || LOG_N);
}

/** Hash a password for storage. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const n = hashCostN();
  const key = await derive(password, salt, n, R, P);
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether a password matches a stored hash (constant-time compare). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A stored hash no password matches, with the current parameters: checking a password against it costs
 * what checking a real account's costs (an unknown e-mail answers as slowly as a wrong password).
 */
export function unmatchableHash(): string {
  return [
    'scrypt',
    hashCostN(),
    R,
    P,
    randomBytes(16).toString('base64url'),
    randomBytes(KEY_LENGTH).toString('base64url'),
  ].join('$');
}
export const WRONG_PASSWORD_MESSAGE = 'Senha incorreta. Digite a senha que você usa para entrar.';
export const RECHECK_TOO_MANY_MESSAGE = 'Muitas tentativas de senha. Aguarde 15 minutos e tente novamente.';
/** Password checks before a sensitive change, per account from one address per 15 minutes (each a scrypt). */
const RECHECK_LIMIT = 5;
/** The same checks per address whatever the account, per 15 minutes. */
const RECHECK_LIMIT_PER_ADDRESS = 20;
const RECHECK_WINDOW_SECONDS = 900;

/**
 * The account's password asked again before a sensitive change (e-mail, deletion): a wrong one is a
 * 403 that changes nothing; a few tries per 15 minutes per account and address (as logins), so a stolen
 * session cannot guess it, and someone holding it elsewhere cannot spend the owner's own tries.
 */
export async function assertPassword(
  db: Db,
  userId: string,
  password: string,
  ip: string | null,
): Promise<void> {
  const address = addressHash(ip);
  const pairKey = `password-recheck:${userId}:${address}`;
  await consumeRateLimit(
    db,
    `password-recheck:ip:${address}`,
    RECHECK_LIMIT_PER_ADDRESS,
    RECHECK_WINDOW_SECONDS,
    RECHECK_TOO_MANY_MESSAGE,
  );
  await consumeRateLimit(db, pairKey, RECHECK_LIMIT, RECHECK_WINDOW_SECONDS, RECHECK_TOO_MANY_MESSAGE);
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(password, row.password)))
    throw new AppError('FORBIDDEN', WRONG_PASSWORD_MESSAGE, { password: WRONG_PASSWORD_MESSAGE });
  await resetRateLimit(db, pairKey);
}
