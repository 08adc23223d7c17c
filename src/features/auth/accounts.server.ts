// Accounts: registration and login. Admin is never settable here (only `npm run admin`).
import { and, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#db/client.ts';
import { rateLimitBuckets, users } from '#db/schema.ts';
import { recordAccess } from '#src/features/access-log/access-log.server.ts';
import { addressHash, subjectHash } from '#src/features/analytics/visitor.server.ts';
import { deliverMail, enqueueMail } from '#src/features/mail/outbox.server.ts';
import { type Defer, runOrDefer } from '#src/lib/after-answer.server.ts';
import { isUniqueViolation } from '#src/lib/db-errors.ts';
import { AppError } from '#src/lib/http.server.ts';
import { consumeRateLimit, rateLimitHit, resetRateLimit } from '#src/lib/rate-limit.server.ts';
import type { LoginSchema, RegisterSchema } from './auth.schema.ts';
import { queueEmailConfirmation } from './email-links.server.ts';
import { assertPassword, hashPassword, unmatchableHash, verifyPassword } from './password.server.ts';
import { endAllSessions, type SessionUser, UNAUTHORIZED_MESSAGE } from './session.server.ts';

export const EMAIL_TAKEN_MESSAGE = 'Este e-mail já está cadastrado. Faça login ou use outro e-mail.';
export const INVALID_CREDENTIALS_MESSAGE = 'E-mail ou senha inválidos';
export const LOGIN_TOO_MANY_MESSAGE = 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.';
export const REGISTER_TOO_MANY_MESSAGE =
  'Muitos cadastros a partir desta conexão. Aguarde e tente novamente mais tarde.';

// Login limits (README, Security). Refusals are per address, so nobody can lock someone else out:
// an account attacked from many addresses only gets slower, and its owner's password always works.
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** attempts on one account from one address per window (a success clears them) */
export const LOGIN_LIMIT_PER_ACCOUNT_ADDRESS = 5;
/** attempts from one address per window, whatever the accounts */
export const LOGIN_LIMIT_PER_IP = 20;
/** wrong passwords on one account (every address) per window before its attempts are slowed down */
export const LOGIN_SLOWDOWN_AFTER = 10;
/** the slow-down: this much per wrong password beyond LOGIN_SLOWDOWN_AFTER, up to the maximum */
export const LOGIN_SLOWDOWN_STEP_MS = 250;
export const LOGIN_SLOWDOWN_MAX_MS = 3000;

/** How long an attempt on an account with `failures` recent wrong passwords waits before its check. */
export function loginSlowdownMs(failures: number): number {
  if (failures < LOGIN_SLOWDOWN_AFTER) return 0;
  return Math.min(LOGIN_SLOWDOWN_MAX_MS, (failures - LOGIN_SLOWDOWN_AFTER + 1) * LOGIN_SLOWDOWN_STEP_MS);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const sessionColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  admin: users.admin,
  phone: users.phone,
};

/**
 * Create an account (never an admin). A taken e-mail (any case) is a 409 with a friendly message, after
 * the same password hashing a new account costs; the confirmation e-mail is sent after the answer when
 * `defer` is given, so the two answers take the same time.
 */
export async function registerUser(
  db: Db,
  input: z.output<typeof RegisterSchema>,
  ip: string | null,
  { defer }: { defer?: Defer } = {},
): Promise<SessionUser> {
  await consumeRateLimit(db, `register:ip:${addressHash(ip)}`, 10, 3600, REGISTER_TOO_MANY_MESSAGE);
  const password = await hashPassword(input.password);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (existing) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  try {
    // The account and its 'Confirme seu e-mail' message are written together, and sent after.
    const { user, mailId } = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: input.email,
          phone: input.phone ?? null,
          password,
          admin: false,
          // the schema refuses a sign-up without the declaration (MINIMUM_AGE)
          adultDeclaredAt: new Date(),
        })
        .returning(sessionColumns);
      await recordAccess(tx, { userId: user!.id, email: user!.email, event: 'register', ip });
      return { user: user!, mailId: await queueEmailConfirmation(tx, user!) };
    });
    await runOrDefer(defer, () => deliverMail(db, [mailId]));
    return user;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    throw error;
  }
}

/**
 * Check credentials. Unknown e-mail and wrong password give the same 401. Attempts are limited per
 * (account, address) and per address (429); an account under attack from many addresses is slowed down
 * (every attempt on it waits before the check, right or wrong, so the wait tells nothing), never locked.
 */
export async function loginUser(
  db: Db,
  input: z.output<typeof LoginSchema>,
  ip: string | null,
  { sleep = wait }: { sleep?: (ms: number) => Promise<void> } = {},
): Promise<SessionUser> {
  const email = input.email.toLowerCase();
  const accountKey = `login:account:${subjectHash(email)}`;
  const pairKey = `login:account-ip:${subjectHash(`${email}|${ip ?? ''}`)}`;
  await consumeRateLimit(
    db,
    `login:ip:${addressHash(ip)}`,
    LOGIN_LIMIT_PER_IP,
    LOGIN_WINDOW_SECONDS,
    LOGIN_TOO_MANY_MESSAGE,
  );
  await consumeRateLimit(
    db,
    pairKey,
    LOGIN_LIMIT_PER_ACCOUNT_ADDRESS,
    LOGIN_WINDOW_SECONDS,
    LOGIN_TOO_MANY_MESSAGE,
  );
  const [failures] = await db
    .select({ count: rateLimitBuckets.count })
    .from(rateLimitBuckets)
    .where(and(eq(rateLimitBuckets.key, accountKey), gt(rateLimitBuckets.resetAt, sql`now()`)));
  const delay = loginSlowdownMs(failures?.count ?? 0);
  if (delay > 0) await sleep(delay);
  const [row] = await db
    .select({ ...sessionColumns, password: users.password })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  // An unknown e-mail is checked against a hash no password matches: the same scrypt, the same time.
  const ok = await verifyPassword(input.password, row?.password ?? unmatchableHash());
  if (!row || !ok) {
    await db.execute(rateLimitHit(accountKey, LOGIN_WINDOW_SECONDS));
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
  }
  // Only this address's counter: the account's failures stay, or an attacker could clear them by
  // waiting for the owner to log in.
  await resetRateLimit(db, pairKey);
  await recordAccess(db, { userId: row.id, email: row.email, event: 'login', ip });
  const { password: _password, ...user } = row;
  return user;
}

/** The user as the API returns it (also `isAdmin`, the name the spec's client also uses). */
export function toUserJson(user: SessionUser) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    phone: user.phone,
    admin: user.admin,
    isAdmin: user.admin,
  };
}

/** 'Meus dados': the name is corrected at once (it shows in the panel and in the e-mails). */
export async function updateProfile(
  db: Db,
  userId: string,
  change: { name?: string; phone?: string | null },
): Promise<SessionUser> {
  const set = {
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.phone !== undefined ? { phone: change.phone } : {}),
  };
  const [user] = Object.keys(set).length
    ? await db.update(users).set(set).where(eq(users.id, userId)).returning(sessionColumns)
    : await db.select(sessionColumns).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  return user;
}

export const PASSWORD_CHANGED_HERE_MESSAGE =
  'Senha alterada. As sessões nos outros aparelhos foram encerradas; esta continua aberta.';

/**
 * 'Alterar senha' in 'Meus dados': the current password first (assertPassword: a wrong one is a 403
 * with its own limits), then the new one; every session of the account ends (the caller signs this
 * device in again) and the account's address is told, in case it was not its owner.
 */
export async function changePassword(
  db: Db,
  user: SessionUser,
  input: { password: string; newPassword: string },
  ip: string | null,
) {
  await assertPassword(db, user.id, input.password, ip);
  const password = await hashPassword(input.newPassword);
  const mailId = await db.transaction(async (tx) => {
    await tx.update(users).set({ password }).where(eq(users.id, user.id));
    return enqueueMail(tx, { to: user.email, template: 'password_changed', data: { name: user.name } });
  });
  await endAllSessions(db, user.id);
  await deliverMail(db, [mailId]);
  return { message: PASSWORD_CHANGED_HERE_MESSAGE };
}
