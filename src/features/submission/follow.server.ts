// Following a group sent without an account: the answer to an anonymous submission carries a signed
// token naming the group; once the sender creates an account or logs in, the panel sends it back and
// the group, still without an owner, becomes theirs (its approval e-mail and its panel card follow).
// The token is good for FOLLOW_DAYS and for nothing else (its own audience, never a session).
import { and, eq, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '#db/client.ts';
import { groups } from '#db/schema.ts';
import { secret } from '#src/lib/env.server.ts';
import { AppError } from '#src/lib/http.server.ts';
import { FOLLOW_EXPIRED_MESSAGE } from './submission.schema.ts';

const ISSUER = 'grupos-de-zap';
const AUDIENCE = 'grupos-de-zap:group-follow';
export const FOLLOW_DAYS = 7;

const key = () => new TextEncoder().encode(secret('JWT_SECRET'));

/** The token an anonymous sender keeps to follow `groupId` from an account. */
export function signFollowToken(groupId: string, now = new Date()): Promise<string> {
  const seconds = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(groupId)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + FOLLOW_DAYS * 86_400)
    .sign(key());
}

async function followedGroup(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, key(), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

/**
 * POST /api/user/groups/{id}/follow {token}: the group the token names joins the caller's account when
 * it still has no owner. Sent again (a reload), it answers the same; a token for another group, expired
 * or forged, or a group someone else owns, is a 400 that changes nothing.
 */
export async function followSubmission(db: Db, userId: string, groupId: string, token: string) {
  if ((await followedGroup(token)) !== groupId) throw new AppError('BAD_REQUEST', FOLLOW_EXPIRED_MESSAGE);
  const [adopted] = await db
    .update(groups)
    .set({ userId })
    .where(and(eq(groups.id, groupId), isNull(groups.userId)))
    .returning({ id: groups.id });
  if (adopted) return { id: groupId, followed: true };
  const [own] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.userId, userId)));
  if (own) return { id: groupId, followed: true };
  throw new AppError('BAD_REQUEST', FOLLOW_EXPIRED_MESSAGE);
}
