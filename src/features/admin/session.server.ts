// Admin sign-in for the back-office: the same session (JWT cookie + Bearer token) as the site's login,
// but only an admin gets one; a wrong password and an unknown e-mail answer the same.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { users } from '#db/schema.ts';
import { subjectHash } from '#src/features/analytics/visitor.server.ts';
import { hashPassword, verifyPassword } from '#src/features/auth/password.server.ts';
import { FORBIDDEN_ADMIN_MESSAGE, type SessionUser, signSession } from '#src/features/auth/session.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { consumeRateLimit, resetRateLimit } from '#src/lib/rate-limit.server.ts';
import { ADMIN_LOGIN_INVALID } from './admin-login.schema.ts';

// Compared against when the e-mail is unknown, so both cases take the same time.
let dummyHash: Promise<string> | undefined;

/** Check an admin's credentials; returns the user and a session token. 401 / 403 / 429 otherwise. */
export async function adminLogin(db: Db, email: string, password: string, ip: string) {
  const limitKey = `admin-login:${subjectHash(ip)}`;
  await consumeRateLimit(db, limitKey, 10, 15 * 60);
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (!user) dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(password, user?.password ?? (await dummyHash!));
  if (!user || !ok) throw new AppError('UNAUTHORIZED', ADMIN_LOGIN_INVALID);
  if (!user.admin) throw new AppError('FORBIDDEN', FORBIDDEN_ADMIN_MESSAGE);
  await resetRateLimit(db, limitKey);
  const sessionUser: SessionUser = {
    id: user.id,
    email: user.email,
    name: user.name,
    admin: true,
    phone: user.phone,
  };
  return { user: sessionUser, token: await signSession(user.id) };
}
