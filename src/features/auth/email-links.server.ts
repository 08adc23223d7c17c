// Links sent by e-mail: the confirmation of a new account's address, of a new address ('Meus dados'),
// and the password reset. Each link carries a random single-use token; only its SHA-256 is stored, with
// its purpose and expiry (and, for an e-mail change, the new address it confirms).
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { type AuthTokenPurpose, authTokens, userEmailHistory, users } from '#db/schema.ts';
import { recordAccess } from '#src/features/access-log/access-log.server.ts';
import { addressHash, subjectHash } from '#src/features/analytics/visitor.server.ts';
import { deliverMail, enqueueMail } from '#src/features/mail/outbox.server.ts';
import { CONFIRM_EMAIL_HOURS, PASSWORD_RESET_MINUTES } from '#src/features/mail/templates.ts';
import { type Defer, runOrDefer } from '#src/lib/after-answer.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';
import { assertPassword, hashPassword } from './password.server.ts';
import { endAllSessions } from './session.server.ts';

export const CONFIRM_LINK_INVALID_MESSAGE =
  'Este link de confirmação é inválido ou expirou. Entre no seu painel e peça um novo e-mail.';
export const RESET_LINK_INVALID_MESSAGE =
  'Este link para criar uma nova senha é inválido, já foi usado ou expirou. Peça um novo.';
export const RESEND_TOO_MANY_MESSAGE =
  'Você já pediu vários e-mails de confirmação. Aguarde alguns minutos e tente novamente.';
export const RESET_TOO_MANY_MESSAGE =
  'Muitos pedidos de nova senha. Aguarde alguns minutos e tente novamente.';
export const RESET_REQUESTED_MESSAGE =
  'Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Confira a caixa de entrada e o spam.';
export const PASSWORD_CHANGED_MESSAGE = 'Senha alterada. Entre com a nova senha.';

const RESEND_LIMIT_PER_HOUR = 3;
const RESET_LIMIT_PER_EMAIL = 3;
const RESET_LIMIT_PER_IP = 10;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token for a purpose; earlier unused tokens of the same purpose stop working. */
async function issueToken(
  tx: Db | Tx,
  userId: string,
  purpose: AuthTokenPurpose,
  validMs: number,
  newEmail: string | null = null,
) {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
  await tx.insert(authTokens).values({
    userId,
    purpose,
    tokenHash: tokenHash(token),
    newEmail,
    expiresAt: new Date(Date.now() + validMs),
  });
  return token;
}

/** Use up a valid token (unused, unexpired, of this purpose) in `tx`; its user's id, or null. */
async function useToken(tx: Tx, token: string, purpose: AuthTokenPurpose): Promise<string | null> {
  return (await useTokenRow(tx, token, purpose))?.userId ?? null;
}

/** Use up a valid token in `tx`; its row (user and, for an e-mail change, the new address), or null. */
async function useTokenRow(tx: Tx, token: string, purpose: AuthTokenPurpose) {
  if (!token || token.length > 200) return null;
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: authTokens.userId, newEmail: authTokens.newEmail });
  return row ?? null;
}

/** Write the 'Confirme seu e-mail' message for a new account (in the registration's transaction). */
export async function queueEmailConfirmation(tx: Db | Tx, user: { id: string; email: string; name: string }) {
  const token = await issueToken(tx, user.id, 'confirm_email', CONFIRM_EMAIL_HOURS * 3_600_000);
  return enqueueMail(tx, { to: user.email, template: 'confirm_email', data: { name: user.name, token } });
}

/** Whether the account's address is confirmed (the panel's banner). */
export async function emailStatus(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId));
  return { email: row?.email ?? '', confirmed: Boolean(row?.confirmedAt) };
}

/** 'Reenviar e-mail': a new confirmation link (the old one stops working), a few per hour. */
export async function resendEmailConfirmation(db: Db, user: { id: string; email: string; name: string }) {
  const status = await emailStatus(db, user.id);
  if (status.confirmed) return { confirmed: true, message: 'Seu e-mail já está confirmado.' };
  await consumeRateLimit(
    db,
    `confirm-resend:${user.id}`,
    RESEND_LIMIT_PER_HOUR,
    3600,
    RESEND_TOO_MANY_MESSAGE,
  );
  const id = await db.transaction((tx) => queueEmailConfirmation(tx, user));
  await deliverMail(db, [id]);
  return { confirmed: false, message: `Enviamos um novo link para ${user.email}.` };
}

/**
 * Open a confirmation link: the address is confirmed and the link used up. A link sent to a new
 * address ('Meus dados') applies the change there (`applyEmailChange`).
 */
export async function confirmEmail(db: Db, token: string, ip: string | null) {
  const change = await applyEmailChange(db, token, ip);
  if (change) return change;
  const email = await db.transaction(async (tx) => {
    const userId = await useToken(tx, token, 'confirm_email');
    if (!userId) throw new AppError('BAD_REQUEST', CONFIRM_LINK_INVALID_MESSAGE);
    const [user] = await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    return user?.email ?? '';
  });
  return { confirmed: true, email, message: 'E-mail confirmado. Obrigado!' };
}

/**
 * 'Esqueci minha senha': the same answer whether the address has an account or not; limited per
 * address and per connection (both counted for unknown addresses too, so the limit tells nothing).
 * With `defer` (Netlify's context.waitUntil) the account lookup, the link and its e-mail happen after
 * the answer, so an existing address answers as fast as an unknown one; without it they are awaited.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  ip: string | null,
  { defer }: { defer?: Defer } = {},
) {
  const address = email.trim().toLowerCase();
  await consumeRateLimit(db, `reset:ip:${addressHash(ip)}`, RESET_LIMIT_PER_IP, 3600, RESET_TOO_MANY_MESSAGE);
  await consumeRateLimit(
    db,
    `reset:email:${subjectHash(address)}`,
    RESET_LIMIT_PER_EMAIL,
    3600,
    RESET_TOO_MANY_MESSAGE,
  );
  await runOrDefer(defer, () => sendResetLink(db, address));
  return { message: RESET_REQUESTED_MESSAGE };
}

/** The reset link by e-mail when the address has an account; nothing otherwise. */
async function sendResetLink(db: Db, address: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(sql`lower(${users.email}) = ${address}`);
  if (!user) return;
  const id = await db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'password_reset', PASSWORD_RESET_MINUTES * 60_000);
    return enqueueMail(tx, {
      to: user.email,
      template: 'password_reset',
      data: { name: user.name, token },
    });
  });
  await deliverMail(db, [id]);
}

/**
 * A new password from a reset link: the link is used up, the password changed, the address counts as
 * confirmed (the link reached it), and every session of the account ends.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }, ip: string | null) {
  const password = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const id = await useToken(tx, input.token, 'password_reset');
    if (!id)
      throw new AppError('BAD_REQUEST', RESET_LINK_INVALID_MESSAGE, { token: RESET_LINK_INVALID_MESSAGE });
    await tx
      .update(users)
      .set({ password, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, id));
    await recordAccess(tx, { userId: id, event: 'password_reset', ip });
    return id;
  });
  await endAllSessions(db, userId);
  return { message: PASSWORD_CHANGED_MESSAGE };
}

export const EMAIL_CHANGE_TOO_MANY_MESSAGE =
  'Você pediu várias trocas de e-mail em pouco tempo. Aguarde uma hora e tente novamente.';
export const SAME_EMAIL_MESSAGE = 'Este já é o e-mail da sua conta.';
/** Says no more than registration does ('Este e-mail já está cadastrado'). */
export const EMAIL_IN_USE_MESSAGE = 'Este e-mail já está cadastrado em outra conta. Use outro e-mail.';
const EMAIL_CHANGE_LIMIT_PER_HOUR = 3;

/**
 * 'Alterar e-mail' in /painel: after the password, a link goes to the NEW address; the account keeps
 * its current address until that link is opened. An address of another account is refused as
 * registration refuses it. A few requests per hour (each sends an e-mail to an address we do not know).
 */
export async function requestEmailChange(
  db: Db,
  user: { id: string; email: string; name: string },
  input: { email: string; password: string },
  ip: string | null,
) {
  // Every attempt costs a password check (limited per account and address); only the links sent count here.
  await assertPassword(db, user.id, input.password, ip);
  const newEmail = input.email.trim();
  if (newEmail.toLowerCase() === user.email.toLowerCase())
    throw new AppError('BAD_REQUEST', SAME_EMAIL_MESSAGE, { email: SAME_EMAIL_MESSAGE });
  if (await emailInUse(db, newEmail))
    throw new AppError('CONFLICT', EMAIL_IN_USE_MESSAGE, { email: EMAIL_IN_USE_MESSAGE });
  await consumeRateLimit(
    db,
    `email-change:${user.id}`,
    EMAIL_CHANGE_LIMIT_PER_HOUR,
    3600,
    EMAIL_CHANGE_TOO_MANY_MESSAGE,
  );
  const id = await db.transaction(async (tx) => {
    const token = await issueToken(tx, user.id, 'email_change', CONFIRM_EMAIL_HOURS * 3_600_000, newEmail);
    return enqueueMail(tx, {
      to: newEmail,
      template: 'email_change',
      data: { name: user.name, token, newEmail },
    });
  });
  await deliverMail(db, [id]);
  return {
    pendingEmail: newEmail,
    message: `Enviamos um link para ${newEmail}. Seu e-mail só muda depois que você abrir esse link.`,
  };
}

/** The address an open 'Alterar e-mail' link would set (the latest unused, unexpired one), or null. */
export async function pendingEmailChange(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: authTokens.newEmail })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, 'email_change'),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

async function emailInUse(db: Db | Tx, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return Boolean(row);
}

/**
 * The e-mail change link: the account takes the new address (confirmed: the link reached it), the old
 * address gets a notice, and the change is in the access logs. Null when the token is not an e-mail
 * change (then it may be an account confirmation). An address taken meanwhile is refused, nothing changed.
 */
async function applyEmailChange(db: Db, token: string, ip: string | null) {
  const result = await db.transaction(async (tx) => {
    const row = await useTokenRow(tx, token, 'email_change');
    if (!row?.newEmail) return null;
    const [old] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, row.userId))
      .for('update');
    if (!old) return null;
    if (await emailInUse(tx, row.newEmail))
      throw new AppError('CONFLICT', EMAIL_IN_USE_MESSAGE, { email: EMAIL_IN_USE_MESSAGE });
    await tx
      .update(users)
      .set({ email: row.newEmail, emailConfirmedAt: sql`now()` })
      .where(eq(users.id, row.userId));
    await recordAccess(tx, { userId: row.userId, email: row.newEmail, event: 'email_change', ip });
    const mailId = await enqueueMail(tx, {
      to: old.email,
      template: 'email_changed',
      data: { name: old.name, newEmail: row.newEmail },
    });
    // The old address's e-mails (this notice included) stay the account's data (export, deletion).
    await tx
      .insert(userEmailHistory)
      .values({ userId: row.userId, email: old.email, replacedAt: new Date() });
    return { mailId, email: row.newEmail };
  });
  if (!result) return null;
  await deliverMail(db, [result.mailId]);
  return {
    confirmed: true,
    email: result.email,
    message: `E-mail alterado. Agora sua conta usa ${result.email}.`,
  };
}
