// Password hashing with node:crypto scrypt (N=2^17, r=8, p=1). Stored as scrypt$N$r$p$salt$hash.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const N = 2 ** 17;
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

/** Hash a password for storage. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
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
export const UNMATCHABLE_HASH = [
  'scrypt',
  N,
  R,
  P,
  randomBytes(16).toString('base64url'),
  randomBytes(KEY_LENGTH).toString('base64url'),
].join('$');
