// Sessions: jose HS256 JWTs in an HttpOnly cookie (also accepted as a Bearer token). The user is read
// from the database on every request, so a removed admin flag takes effect at once.
import type { Context } from '@netlify/functions';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '#db/client.ts';
import { users } from '#db/schema.ts';
import { getEnv, secret } from '#src/lib/env.server.ts';
import { AppError } from '#src/lib/http.server.ts';

export const SESSION_COOKIE = 'session';
/** Readable by scripts: only says someone is logged in, so static pages know to ask /api/user. */
export const LOGGED_IN_COOKIE = 'logged_in';
export const SESSION_DAYS = 7;
const ISSUER = 'grupos-de-zap';
const AUDIENCE = 'grupos-de-zap:web';
const KEY_ID = 'v1';

export const UNAUTHORIZED_MESSAGE = 'Você precisa estar logado para continuar.';
export const FORBIDDEN_ADMIN_MESSAGE = 'Acesso negado - Esta conta não possui privilégios de administrador';
export const FOREIGN_ORIGIN_MESSAGE = 'Requisição de origem não permitida.';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  admin: boolean;
  phone: string | null;
}

function key() {
  return new TextEncoder().encode(secret('JWT_SECRET'));
}

/** A signed session token for a user. */
export async function signSession(userId: string, now = new Date()): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', kid: KEY_ID })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + SESSION_DAYS * 86_400)
    .sign(key());
}

/** The user id in a valid token, or null for anything else (expired, forged, malformed). */
export async function verifySession(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

function bearer(req: Request): string | undefined {
  const header = req.headers.get('authorization');
  return header?.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : undefined;
}

/** The token a request carries and where it came from. */
export function sessionToken(req: Request, context: Pick<Context, 'cookies'>) {
  const fromHeader = bearer(req);
  if (fromHeader) return { token: fromHeader, via: 'bearer' as const };
  const fromCookie = context.cookies.get(SESSION_COOKIE);
  return fromCookie ? { token: fromCookie, via: 'cookie' as const } : undefined;
}

/** The logged-in user, or null. Cookie-authenticated mutations from a foreign origin are refused. */
export async function getSessionUser(
  db: Db,
  req: Request,
  context: Pick<Context, 'cookies'>,
): Promise<SessionUser | null> {
  const found = sessionToken(req, context);
  if (!found) return null;
  if (found.via === 'cookie') assertSameOrigin(req);
  const userId = await verifySession(found.token);
  if (!userId) return null;
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, admin: users.admin, phone: users.phone })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}

/** The logged-in user, or 401. */
export async function requireUser(
  db: Db,
  req: Request,
  context: Pick<Context, 'cookies'>,
): Promise<SessionUser> {
  const user = await getSessionUser(db, req, context);
  if (!user) throw new AppError('UNAUTHORIZED', UNAUTHORIZED_MESSAGE);
  return user;
}

/** The logged-in admin: 401 without a session, 403 for anyone else. */
export async function requireAdmin(
  db: Db,
  req: Request,
  context: Pick<Context, 'cookies'>,
): Promise<SessionUser> {
  const user = await requireUser(db, req, context);
  if (!user.admin) throw new AppError('FORBIDDEN', FORBIDDEN_ADMIN_MESSAGE);
  return user;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuse a state-changing request that a browser sent from another site (CSRF). */
export function assertSameOrigin(req: Request) {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get('origin');
  const allowed = new Set([new URL(req.url).origin, new URL(getEnv().SITE_URL).origin]);
  if (origin ? !allowed.has(origin) : req.headers.get('sec-fetch-site') === 'cross-site') {
    throw new AppError('FORBIDDEN', FOREIGN_ORIGIN_MESSAGE);
  }
}

/** Set the session cookies on a response (login, register). */
export function setSessionCookies(context: Pick<Context, 'cookies'>, token: string) {
  const secure = !getEnv().isLocal;
  const maxAge = SESSION_DAYS * 86_400;
  context.cookies.set({
    name: SESSION_COOKIE,
    value: token,
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    maxAge,
  });
  context.cookies.set({
    name: LOGGED_IN_COOKIE,
    value: '1',
    path: '/',
    httpOnly: false,
    secure,
    sameSite: 'Lax',
    maxAge,
  });
}

/** Remove the session cookies (logout). */
export function clearSessionCookies(context: Pick<Context, 'cookies'>) {
  context.cookies.delete({ name: SESSION_COOKIE, path: '/' });
  context.cookies.delete({ name: LOGGED_IN_COOKIE, path: '/' });
}
