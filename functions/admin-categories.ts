// /api/admin/categories (GET list, POST create) and /api/admin/categories/:id (PATCH, DELETE).
import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { CATEGORY_NOT_FOUND, CategoryFormSchema } from '#src/features/categories/categories.schema.ts';
import {
  createCategory,
  deleteCategory,
  listAdminCategories,
  updateCategory,
} from '#src/features/categories/categories.server.ts';
import { AppError, json, parseJson, route } from '#src/lib/http.server.ts';

function categoryId(context: { params?: Record<string, string> }): number {
  const id = Number(context.params?.id);
  if (!Number.isInteger(id) || id < 1 || id > 2 ** 31 - 1)
    throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
  return id;
}

export default route({
  GET: asAdmin(async ({ db, context }) => {
    if (context.params?.id) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
    return json(await listAdminCategories(db));
  }),
  POST: asAdmin(async ({ req, db }) => {
    const category = await createCategory(db, await parseJson(CategoryFormSchema, req));
    return json(category, 201);
  }),
  PATCH: asAdmin(async ({ req, db, context }) => {
    const id = categoryId(context);
    const category = await updateCategory(db, id, await parseJson(CategoryFormSchema.partial(), req));
    return json(category);
  }),
  DELETE: asAdmin(async ({ db, context }) => {
    await deleteCategory(db, categoryId(context));
    return json({ success: true, message: 'Categoria excluída com sucesso' });
  }),
});

export const config: Config = { path: ['/api/admin/categories', '/api/admin/categories/:id'] };
