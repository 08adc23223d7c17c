// Encryption at rest for values the server must read back (payment providers' secrets, access-log
// addresses): AES-256-GCM with a key derived from a setting (or a 32-byte key the caller derived), a
// fresh IV per value, and an 'enc:v1:' prefix. One implementation; each caller brings its own key.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/** A setting is hashed into the key; a 32-byte key (already derived, e.g. by HKDF) is used as it is. */
const keyOf = (setting: string | Buffer) =>
  typeof setting === 'string' ? createHash('sha256').update(setting).digest() : setting;

/** Encrypt `plain` with the key derived from `setting` (base64url of IV, tag and data, prefixed). */
export function seal(setting: string | Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(setting), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

/** Decrypt a value sealed with the same setting; null when missing, malformed or sealed with another key. */
export function unseal(setting: string | Buffer, stored: string | null | undefined): string | null {
  if (!stored?.startsWith(PREFIX)) return null;
  try {
    const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(setting), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
