// Categories: the public reads (the list with counts of public groups, one category by slug; the counts
// are categories.public_groups, kept by triggers on groups, migration 0004) and the admin's writes (the
// list with every group counted, create, edit, delete refused while groups use it).
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { categories, groups } from '#db/schema.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { isUniqueViolation } from '#src/lib/db-errors.ts';
import { AppError } from '#src/lib/http.server.ts';
import {
  CATEGORY_DUPLICATE,
  CATEGORY_IN_USE,
  CATEGORY_NOT_FOUND,
  type CategoryForm,
} from './categories.schema.ts';

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

// A category as every list shows it; the public lists add its public count and last change.
const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  icon: categories.icon,
};
const publicColumns = {
  ...categoryColumns,
  count: publicCount,
  adult: categories.adult,
  updatedAt: categories.updatedAt,
};

/** Every category in display order, each with its number of public groups. */
export async function listCategories(db: Db): Promise<CategoryWithCount[]> {
  return db.select(publicColumns).from(categories).orderBy(asc(categories.position), asc(categories.name));
}

/** One category by slug with its public group count; NOT_FOUND when there is none. */
export async function getCategoryBySlug(db: Db, slug: string): Promise<CategoryWithCount> {
  const [category] = await db.select(publicColumns).from(categories).where(eq(categories.slug, slug));
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

/** Every category with its total and public group counts. */
export async function listAdminCategories(db: Db) {
  return db
    .select({
      ...categoryColumns,
      position: categories.position,
      adult: categories.adult,
      count: sql<number>`count(${groups.id})`.mapWith(Number),
      approvedCount: sql<number>`count(${groups.id}) filter (where ${groups.approved})`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(groups, eq(groups.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.name));
}

function conflict(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', CATEGORY_DUPLICATE);
  throw error;
}

/** Create a category at the end of the display order. */
export async function createCategory(db: Db, form: CategoryForm) {
  const [last] = await db
    .select({ max: sql<number>`coalesce(max(${categories.position}), 0)`.mapWith(Number) })
    .from(categories);
  const [row] = await db
    .insert(categories)
    .values({ ...form, position: (last?.max ?? 0) + 1 })
    .returning()
    .catch(conflict);
  await requestRebuild(db, `categoria criada: ${row!.slug}`);
  return row!;
}

/** Change a category's name, slug, icon or adult flag. */
export async function updateCategory(db: Db, id: number, form: Partial<CategoryForm>) {
  const [row] = await db
    .update(categories)
    .set(form)
    .where(eq(categories.id, id))
    .returning()
    .catch(conflict);
  if (!row) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
  await requestRebuild(db, `categoria editada: ${row.slug}`);
  return row;
}

/** Delete a category that no group uses; 409 with a clear message otherwise. */
export async function deleteCategory(db: Db, id: number) {
  const [used] = await db.select({ n: count() }).from(groups).where(eq(groups.categoryId, id));
  if ((used?.n ?? 0) > 0) throw new AppError('CONFLICT', CATEGORY_IN_USE);
  try {
    const [row] = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (!row) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
  } catch (error) {
    // A group added between the check and the delete: the foreign key refuses it (restrict).
    if (
      (error as { code?: string }).code === '23503' ||
      (error as { cause?: { code?: string } }).cause?.code === '23503'
    )
      throw new AppError('CONFLICT', CATEGORY_IN_USE);
    throw error;
  }
  await requestRebuild(db, 'categoria excluída');
}
