// Category reads: the list with counts of public groups, and one category by slug. The counts are
// categories.public_groups, kept by triggers on groups (migration 0004).
import { asc, eq } from 'drizzle-orm';
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
  /** adult content (18+): its page asks for age confirmation and lists leave its groups out */
  adult: boolean;
  updatedAt: Date;
}

/** Every category in display order, each with its number of public groups. */
export async function listCategories(db: Db): Promise<CategoryWithCount[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      icon: categories.icon,
      count: categories.publicGroups,
      adult: categories.adult,
      updatedAt: categories.updatedAt,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}

/** One category by slug with its public group count; NOT_FOUND when there is none. */
export async function getCategoryBySlug(db: Db, slug: string): Promise<CategoryWithCount> {
  const [category] = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      icon: categories.icon,
      count: categories.publicGroups,
      adult: categories.adult,
      updatedAt: categories.updatedAt,
    })
    .from(categories)
    .where(eq(categories.slug, slug));
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
