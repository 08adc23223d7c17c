// Category reads: the list with counts of public groups, and one category by slug. The counts are
// categories.public_groups, kept by triggers on groups (migration 0004).
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { categories } from '#db/schema.ts';
import { AppError } from '#src/lib/http.server.ts';
import { CATEGORY_NOT_FOUND } from './categories.schema.ts';

export interface CategoryWithCount {
  id: number;
  name: string;
  slug: string;
  icon: string;
  count: number;
  /** adult content (18+): closed unless a verified visitor asks (decision 0010); its count shows 0 */
  adult: boolean;
  updatedAt: Date;
}

// An 18+ category's groups are public to nobody (decision 0010): its count says 0 on every page and API.
const publicCount =
  sql<number>`case when ${categories.adult} then 0 else ${categories.publicGroups} end`.mapWith(Number);

const categoryWithCount = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  icon: categories.icon,
  count: publicCount,
  adult: categories.adult,
  updatedAt: categories.updatedAt,
};

/** Every category in display order, each with its number of public groups. */
export async function listCategories(db: Db): Promise<CategoryWithCount[]> {
  return db
    .select(categoryWithCount)
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

/** One category by slug with its public group count; NOT_FOUND when there is none. */
export async function getCategoryBySlug(db: Db, slug: string): Promise<CategoryWithCount> {
  const [category] = await db.select(categoryWithCount).from(categories).where(eq(categories.slug, slug));
  if (!category) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
  return category;
}

/** The API shape of a category (spec: {id, name, slug, icon, count}). */
export function toCategoryJson(category: CategoryWithCount) {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    icon: category.icon,
    count: category.count,
    adult: category.adult,
  };
}
