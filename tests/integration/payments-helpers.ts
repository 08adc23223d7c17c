// Shared set-up for the payments tests: users, groups and sessions made directly in the database.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, groups, users } from '../../db/schema.ts';
import { signSession } from '../../src/features/auth/session.server.ts';
import { withSessionCookie } from '../support/functions.ts';

export async function makeUser(db: Db, name: string, admin = false) {
  const [user] = await db
    .insert(users)
    // As a sign-up makes it: the person declared the minimum age (MINIMUM_AGE).
    .values({
      email: `${name}-${randomBytes(3).toString('hex')}@teste.local`,
      password: 'x',
      name,
      admin,
      adultDeclaredAt: new Date(),
    })
    .returning();
  return { user: user!, token: await signSession(user!.id) };
}

export async function makeGroup(
  db: Db,
  userId: string | null,
  values: Partial<typeof groups.$inferInsert> = {},
) {
  const [category] = await db.select().from(categories).where(eq(categories.slug, 'tecnologia'));
  const code = randomBytes(8).toString('hex');
  const [group] = await db
    .insert(groups)
    .values({
      title: `Grupo ${code}`,
      description: 'Um grupo de teste',
      link: `https://chat.whatsapp.com/${code}`,
      inviteCode: code,
      categoryId: category!.id,
      titleSlug: `grupo-${code}`,
      approved: true,
      userId,
      ...values,
    })
    .returning();
  return group!;
}

/** Request init with the session cookie a browser would send. */
export function signedIn(token: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: withSessionCookie(init.headers, token) };
}

export function postJson(token: string, body: unknown): RequestInit {
  return signedIn(token, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
