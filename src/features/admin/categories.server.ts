// Categories admin: list with every group counted, create, edit, delete (refused while groups use it).
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { categories, groups } from '#db/schema.ts';
import type { CategoryForm } from '#src/features/categories/categories.schema.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { isUniqueViolation } from '#src/lib/db-errors.ts';
import { AppError } from '#src/lib/http.server.ts';
import { ADMIN_MESSAGES } from './admin.schema.ts';

/** Every category with its total and public group counts. */
export async function listAdminCategories(db: Db) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      icon: categories.icon,
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
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', ADMIN_MESSAGES.categoryDuplicate);
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
  if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.categoryNotFound);
  await requestRebuild(db, `categoria editada: ${row.slug}`);
  return row;
}

/** Delete a category that no group uses; 409 with a clear message otherwise. */
export async function deleteCategory(db: Db, id: number) {
  const [used] = await db.select({ n: count() }).from(groups).where(eq(groups.categoryId, id));
  if ((used?.n ?? 0) > 0) throw new AppError('CONFLICT', ADMIN_MESSAGES.categoryInUse);
  try {
    const [row] = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
    if (!row) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.categoryNotFound);
  } catch (error) {
    // A group added between the check and the delete: the foreign key refuses it (restrict).
    if (
      (error as { code?: string }).code === '23503' ||
      (error as { cause?: { code?: string } }).cause?.code === '23503'
    )
      throw new AppError('CONFLICT', ADMIN_MESSAGES.categoryInUse);
    throw error;
  }
  await requestRebuild(db, 'categoria excluída');
}
