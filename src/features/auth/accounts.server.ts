// Accounts: registration and login. Admin is never settable here (only `npm run admin`).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#db/client.ts';
import { users } from '#db/schema.ts';
import { subjectHash } from '#src/features/analytics/visitor.server.ts';
import { deliverMail } from '#src/features/mail/outbox.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { consumeRateLimit, resetRateLimit } from '#src/lib/rate-limit.server.ts';
import type { LoginSchema, RegisterSchema } from './auth.schema.ts';
import { queueEmailConfirmation } from './email-links.server.ts';
import { hashPassword, verifyPassword } from './password.server.ts';
import type { SessionUser } from './session.server.ts';

export const EMAIL_TAKEN_MESSAGE = 'Este e-mail já está cadastrado. Faça login ou use outro e-mail.';
export const INVALID_CREDENTIALS_MESSAGE = 'E-mail ou senha inválidos';
export const LOGIN_TOO_MANY_MESSAGE = 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.';
export const REGISTER_TOO_MANY_MESSAGE =
  'Muitos cadastros a partir desta conexão. Aguarde e tente novamente mais tarde.';

const LOGIN_WINDOW_SECONDS = 15 * 60;
const LOGIN_LIMIT_PER_ACCOUNT = 5;
const LOGIN_LIMIT_PER_IP = 20;

// Compared against when the e-mail is unknown, so both failures cost the same time.
let dummyHash: Promise<string> | undefined;

const sessionColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  admin: users.admin,
  phone: users.phone,
};

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Create an account (never an admin). A taken e-mail (any case) is a 409 with a friendly message. */
export async function registerUser(
  db: Db,
  input: z.output<typeof RegisterSchema>,
  ip: string,
): Promise<SessionUser> {
  await consumeRateLimit(db, `register:ip:${subjectHash(ip)}`, 10, 3600, REGISTER_TOO_MANY_MESSAGE);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  if (existing) throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  const password = await hashPassword(input.password);
  try {
    // The account and its 'Confirme seu e-mail' message are written together, and sent after.
    const { user, mailId } = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, phone: input.phone ?? null, password, admin: false })
        .returning(sessionColumns);
      return { user: user!, mailId: await queueEmailConfirmation(tx, user!) };
    });
    await deliverMail(db, [mailId]);
    return user;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    throw error;
  }
}

/**
 * Check credentials. Unknown e-mail and wrong password give the same 401; attempts are limited per
 * account and per IP (429), and a success clears the account's counter.
 */
export async function loginUser(
  db: Db,
  input: z.output<typeof LoginSchema>,
  ip: string,
): Promise<SessionUser> {
  const accountKey = `login:account:${subjectHash(input.email.toLowerCase())}`;
  await consumeRateLimit(
    db,
    `login:ip:${subjectHash(ip)}`,
    LOGIN_LIMIT_PER_IP,
    LOGIN_WINDOW_SECONDS,
    LOGIN_TOO_MANY_MESSAGE,
  );
  await consumeRateLimit(
    db,
    accountKey,
    LOGIN_LIMIT_PER_ACCOUNT,
    LOGIN_WINDOW_SECONDS,
    LOGIN_TOO_MANY_MESSAGE,
  );
  const [row] = await db
    .select({ ...sessionColumns, password: users.password })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`);
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(input.password, row?.password ?? (await dummyHash));
  if (!row || !ok) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS_MESSAGE);
  await resetRateLimit(db, accountKey);
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
