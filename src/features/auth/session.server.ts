// Sessions: jose HS256 JWTs in an HttpOnly cookie, and nowhere else: no answer carries the token and no
// Authorization header is read, so a script on a page can never hold a session. The user is read
// from the database on every request, so a removed admin flag takes effect at once, and so does the end
// of a session: 'Sair' revokes the token's jti, 'Sair de todos os dispositivos' (and a password change)
// moves the account's sessions_valid_after past every token signed so far.
import { createHash, randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';
import { and, eq, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '#db/client.ts';
import { revokedSessions, users } from '#db/schema.ts';
import { recordAccess } from '#src/features/access-log/access-log.server.ts';
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

/** A signed session token for a user, with a fresh jti and its signing time in milliseconds ('ims'). */
export async function signSession(userId: string, now = new Date()): Promise<string> {
  return new SignJWT({ ims: now.getTime() })
    .setProtectedHeader({ alg: 'HS256', kid: KEY_ID })
    .setJti(randomUUID())
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + SESSION_DAYS * 86_400)
    .sign(key());
}

export interface SessionClaims {
  userId: string;
  /** when the token was signed (ms precision: a session ended and a new one signed in one second) */
  issuedAt: Date;
  /** hash of the token's jti (of the whole token for tokens signed before jti existed) */
  revocationKey: string;
  expiresAt: Date;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The claims of a validly signed, unexpired token, or null for anything else (forged, malformed). */
export async function verifySession(token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    const issuedAt = typeof payload.ims === 'number' ? payload.ims : (payload.iat ?? 0) * 1000;
    return {
      userId: payload.sub,
      issuedAt: new Date(issuedAt),
      revocationKey: sha256(typeof payload.jti === 'string' ? `jti:${payload.jti}` : `token:${token}`),
      expiresAt: new Date(payload.exp * 1000),
    };
  } catch {
    return null;
  }
}

/** End one session (logout): its token is refused from now on, until it would have expired anyway. */
export async function revokeSession(db: Db, claims: SessionClaims): Promise<void> {
  await db
    .insert(revokedSessions)
    .values({ jtiHash: claims.revocationKey, expiresAt: claims.expiresAt })
    .onConflictDoNothing();
}

/** 'Sair': end this session and record the logout in the access logs. */
export async function logout(db: Db, claims: SessionClaims, ip: string | null): Promise<void> {
  await revokeSession(db, claims);
  await recordAccess(db, { userId: claims.userId, event: 'logout', ip });
}

/** 'Sair de todos os dispositivos': end every session of the account and record the logout. */
export async function logoutEverywhere(db: Db, user: SessionUser, ip: string | null): Promise<void> {
  await endAllSessions(db, user.id);
  await recordAccess(db, { userId: user.id, email: user.email, event: 'logout', ip });
}

/**
 * End every session of an account, on every device (logout-all, password change, password reset):
 * every token signed before now is refused; a token signed afterwards (`signSession`) is valid.
 */
export async function endAllSessions(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ sessionsValidAfter: now }).where(eq(users.id, userId));
}

/** Forget revocations whose tokens have expired anyway (hourly, with the rate-limit buckets). */
export async function pruneRevokedSessions(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(revokedSessions)
    .where(lte(revokedSessions.expiresAt, now))
    .returning({ jtiHash: revokedSessions.jtiHash });
  return deleted.length;
}

/** The session token a request's cookie carries (an Authorization header is not a session). */
export function sessionToken(context: Pick<Context, 'cookies'>) {
  const fromCookie = context.cookies.get(SESSION_COOKIE);
  return fromCookie ? { token: fromCookie } : undefined;
}

/** The logged-in user, or null. Mutations from a foreign origin are refused. */
export async function getSessionUser(
  db: Db,
  req: Request,
  context: Pick<Context, 'cookies'>,
): Promise<SessionUser | null> {
  const found = sessionToken(context);
  if (!found) return null;
  assertSameOrigin(req);
  const claims = await verifySession(found.token);
  if (!claims) return null;
  // One query: the account, unless its sessions were ended after this token was signed or it was revoked.
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, admin: users.admin, phone: users.phone })
    .from(users)
    .where(
      and(
        eq(users.id, claims.userId),
        or(isNull(users.sessionsValidAfter), lte(users.sessionsValidAfter, claims.issuedAt)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(revokedSessions)
            .where(eq(revokedSessions.jtiHash, claims.revocationKey)),
        ),
      ),
    );
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

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins a browser may send mutations from: the request's own and SITE_URL's. Locally, a loopback
 * origin also stands for its other spellings on the same port (`npm start` binds 127.0.0.1 and names
 * itself localhost); a deployed site accepts exactly its origins.
 */
function allowedOrigins(req: Request): Set<string> {
  const env = getEnv();
  const origins = [new URL(req.url), new URL(env.SITE_URL)];
  const allowed = new Set(origins.map((url) => url.origin));
  if (env.isLocal)
    for (const url of origins)
      if (LOOPBACK_HOSTS.includes(url.hostname))
        for (const host of LOOPBACK_HOSTS)
          allowed.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  return allowed;
}

/** Refuse a state-changing request that a browser sent from another site (CSRF). */
export function assertSameOrigin(req: Request) {
  if (SAFE_METHODS.has(req.method)) return;
  const origin = req.headers.get('origin');
  if (origin ? !allowedOrigins(req).has(origin) : req.headers.get('sec-fetch-site') === 'cross-site') {
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
