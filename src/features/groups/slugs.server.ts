// A group's page address (category slug, title slug) and its former addresses. When a title or
// category change is applied, the old address is kept in group_slug_history and the build writes a
// 301 from it to the current page (src/integrations/redirects.ts). A former address stays reserved for
// its group: no other group is given that title slug in that category, so a shared link never lands on
// another group's page. The group itself may take a former address back (it then stops redirecting).
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { groupCategory } from '#db/joins.ts';
import { categories, groupSlugHistory, groups } from '#db/schema.ts';
import { isPublicGroup } from './groups.server.ts';

/**
 * Record that a group leaves `from` for `to` (inside the transaction that moves it): `from` becomes a
 * former address, and `to` stops being one.
 */
export async function keepFormerAddress(
  tx: Db | Tx,
  groupId: string,
  from: { categoryId: number; titleSlug: string },
  to: { categoryId: number; titleSlug: string },
) {
  if (from.categoryId === to.categoryId && from.titleSlug === to.titleSlug) return;
  await tx
    .delete(groupSlugHistory)
    .where(and(eq(groupSlugHistory.categoryId, to.categoryId), eq(groupSlugHistory.titleSlug, to.titleSlug)));
  await tx
    .insert(groupSlugHistory)
    .values({ groupId, categoryId: from.categoryId, titleSlug: from.titleSlug })
    .onConflictDoUpdate({
      target: [groupSlugHistory.categoryId, groupSlugHistory.titleSlug],
      set: { groupId, createdAt: new Date() },
    });
}

/** Every former address of a public group with its current page, for the build's redirect rules. */
export async function formerAddresses(db: Db): Promise<{ from: string; to: string }[]> {
  const rows = await db
    .select({
      oldCategorySlug: categories.slug,
      oldTitleSlug: groupSlugHistory.titleSlug,
      groupId: groupSlugHistory.groupId,
      titleSlug: groups.titleSlug,
      categoryId: groups.categoryId,
    })
    .from(groupSlugHistory)
    .innerJoin(categories, eq(categories.id, groupSlugHistory.categoryId))
    .innerJoin(groups, and(eq(groups.id, groupSlugHistory.groupId), isPublicGroup))
    .orderBy(categories.slug, groupSlugHistory.titleSlug);
  if (!rows.length) return [];
  const slugs = new Map(
    (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [
      c.id,
      c.slug,
    ]),
  );
  return rows
    .map((row) => ({
      from: `/${row.oldCategorySlug}/${row.oldTitleSlug}`,
      to: `/${slugs.get(row.categoryId)}/${row.titleSlug}`,
    }))
    .filter((rule) => rule.from !== rule.to);
}

/**
 * The current address of the public group that used to be at /{categorySlug}/{titleSlug}, if any: the
 * rule of formerAddresses() for one address, for a page rendered on demand (decision 0008), which
 * answers such an address before Netlify's _redirects are read.
 */
export async function currentAddressOf(
  db: Db,
  categorySlug: string,
  titleSlug: string,
): Promise<string | null> {
  const rows = await db
    .select({ titleSlug: groups.titleSlug, categorySlug: categories.slug })
    .from(groupSlugHistory)
    .innerJoin(groups, and(eq(groups.id, groupSlugHistory.groupId), isPublicGroup))
    .innerJoin(categories, groupCategory)
    .where(
      and(
        eq(groupSlugHistory.titleSlug, titleSlug),
        eq(
          groupSlugHistory.categoryId,
          db.select({ id: categories.id }).from(categories).where(eq(categories.slug, categorySlug)),
        ),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const to = `/${row.categorySlug}/${row.titleSlug}`;
  return to === `/${categorySlug}/${titleSlug}` ? null : to;
}
