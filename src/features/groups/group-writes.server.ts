// Writing a group, the rules every writer shares (submission, the owner's edits, the admin's edit and
// the CSV import): which category a text names, which invite codes are taken, which title slug a
// group gets, and the insert itself. Messages stay with the callers (each screen words its own).
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { categories, groupSlugHistory, groups } from '#db/schema.ts';
import { AppError } from '#src/lib/http.server.ts';
import { INVITE_TAKEN_LOGIN_MESSAGE, INVITE_TAKEN_MESSAGE, slugify, titleSlugFor } from './groups.ts';

export interface CategoryRef {
  id: number;
  name: string;
  slug: string;
  /** 18+: closed to owners' submissions and edits unless age verification is configured */
  adult: boolean;
}

/**
 * The categories (by position, then name) and the one rule for which category a text names: its id,
 * or its name or slug compared as slugs (so 'Amizade', 'amizade' and 'AMIZADE ' are the same).
 */
export async function categoryFinder(db: Db | Tx) {
  const list: CategoryRef[] = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug, adult: categories.adult })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  const byKey = new Map<string, CategoryRef>();
  for (const c of list) {
    byKey.set(String(c.id), c);
    byKey.set(c.slug, c);
    byKey.set(slugify(c.name), c);
  }
  return {
    list,
    find: (text: string): CategoryRef | undefined => byKey.get(text.trim()) ?? byKey.get(slugify(text)),
  };
}

/** The category a text names (see categoryFinder), or undefined. */
export async function findCategory(db: Db | Tx, text: string): Promise<CategoryRef | undefined> {
  return (await categoryFinder(db)).find(text);
}

/** The duplicate answer for the group's own owner (and the admin's CSV import): it names the group. */
export function duplicateMessage(title: string) {
  return `Este link de convite já foi enviado: o grupo "${title}" já está cadastrado.`;
}

/** Who asks about a link: only the owner of the group holding it learns which group that is. */
export interface LinkAsker {
  userId: string | null;
}

/**
 * 409 for a link someone else holds: no title, no owner (the group may be pending or hidden), and the
 * claim path (code INVITE_TAKEN; a visitor without a session is told to log in to claim).
 */
export function inviteTakenError(asker: LinkAsker): AppError {
  const message = asker.userId ? INVITE_TAKEN_MESSAGE : INVITE_TAKEN_LOGIN_MESSAGE;
  return new AppError('INVITE_TAKEN', message, { link: message });
}

/** The groups already holding these invite codes (other than `exceptGroupId`), by code. */
export async function groupsByInvite(db: Db | Tx, codes: string[], exceptGroupId?: string) {
  if (!codes.length) return new Map<string, { title: string; categoryId: number; userId: string | null }>();
  const rows = await db
    .select({
      code: groups.inviteCode,
      title: groups.title,
      categoryId: groups.categoryId,
      userId: groups.userId,
    })
    .from(groups)
    .where(
      exceptGroupId
        ? and(inArray(groups.inviteCode, codes), notInArray(groups.id, [exceptGroupId]))
        : inArray(groups.inviteCode, codes),
    );
  return new Map(rows.map(({ code, ...group }) => [code, group]));
}

/**
 * 409 when another group (other than `exceptGroupId`) already uses an invite code: naming it only to
 * its own owner, otherwise the claim path (inviteTakenError).
 */
export async function assertInviteFree(db: Db | Tx, code: string, asker: LinkAsker, exceptGroupId?: string) {
  const existing = (await groupsByInvite(db, [code], exceptGroupId)).get(code);
  if (!existing) return;
  if (asker.userId && existing.userId === asker.userId)
    throw new AppError('CONFLICT', duplicateMessage(existing.title), {
      link: duplicateMessage(existing.title),
    });
  throw inviteTakenError(asker);
}

interface SlugRequest {
  id: string;
  title: string;
  categoryId: number;
}

/**
 * A title slug for each group, in order: the title's base slug when no other group holds it in the
 * category, now or as a former address (nor a group before it in the list), else titleSlugFor's
 * suffixed one. A group's own current and former slugs never count as taken.
 */
export async function allocateTitleSlugs(db: Db | Tx, requests: SlugRequest[]): Promise<string[]> {
  const bases = new Map<number, Set<string>>();
  for (const r of requests) {
    const set = bases.get(r.categoryId) ?? new Set<string>();
    set.add(slugify(r.title) || 'grupo');
    bases.set(r.categoryId, set);
  }
  const ids = requests.map((r) => r.id);
  const taken = new Map<number, Set<string>>();
  for (const [categoryId, set] of bases) {
    const [current, former] = await Promise.all([
      db
        .select({ slug: groups.titleSlug })
        .from(groups)
        .where(
          and(
            eq(groups.categoryId, categoryId),
            inArray(groups.titleSlug, [...set]),
            notInArray(groups.id, ids),
          ),
        ),
      db
        .select({ slug: groupSlugHistory.titleSlug })
        .from(groupSlugHistory)
        .where(
          and(
            eq(groupSlugHistory.categoryId, categoryId),
            inArray(groupSlugHistory.titleSlug, [...set]),
            notInArray(groupSlugHistory.groupId, ids),
          ),
        ),
    ]);
    taken.set(categoryId, new Set([...current, ...former].map((row) => row.slug)));
  }
  return requests.map((r) => {
    const set = taken.get(r.categoryId)!;
    const slug = titleSlugFor(r.title, r.id, (s) => set.has(s));
    set.add(slug);
    return slug;
  });
}

/** A title slug free in a category for this group (see allocateTitleSlugs). */
export async function freeTitleSlug(db: Db | Tx, title: string, categoryId: number, groupId: string) {
  const [slug] = await allocateTitleSlugs(db, [{ id: groupId, title, categoryId }]);
  return slug!;
}

export type NewGroup = Omit<typeof groups.$inferInsert, 'titleSlug'> & { id: string };

/** New groups' rows with their title slugs allocated (see allocateTitleSlugs). */
export async function withTitleSlugs<T extends NewGroup>(db: Db | Tx, rows: T[]) {
  const slugs = await allocateTitleSlugs(db, rows);
  return rows.map((row, i) => ({ ...row, titleSlug: slugs[i]! }));
}

/**
 * Insert groups (rows from withTitleSlugs): a row whose invite code is already taken is skipped, not
 * an error. The invite codes written come back.
 */
export async function insertGroups(
  db: Db | Tx,
  rows: (NewGroup & { titleSlug: string })[],
): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const inserted = await db
    .insert(groups)
    .values(rows)
    .onConflictDoNothing({ target: groups.inviteCode })
    .returning({ code: groups.inviteCode });
  return new Set(inserted.map((r) => r.code));
}
