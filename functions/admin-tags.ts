// /api/admin/tags (GET list, POST create), /api/admin/tags/:id (PATCH) and /api/admin/tags/:id/merge
// (POST): the admin's tag vocabulary (#43).
import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { createTag, listAdminTags, mergeTag, updateTag } from '#src/features/tags/tag-admin.server.ts';
import { TAG_NOT_FOUND, TagFormSchema, TagMergeSchema } from '#src/features/tags/tags.ts';
import { AppError, json, parseJson, route } from '#src/lib/http.server.ts';

function tagId(context: { params?: Record<string, string> }): number {
  const id = Number(context.params?.id);
  if (!Number.isInteger(id) || id < 1 || id > 2 ** 31 - 1) throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
  return id;
}

const isMerge = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '').endsWith('/merge');

export default route({
  GET: asAdmin(async ({ db, context }) => {
    if (context.params?.id) throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
    return json({ tags: await listAdminTags(db) });
  }),
  POST: asAdmin(async ({ req, db, context }) => {
    if (isMerge(req)) {
      const { into } = await parseJson(TagMergeSchema, req);
      return json(await mergeTag(db, tagId(context), into));
    }
    if (context.params?.id) throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
    return json(await createTag(db, await parseJson(TagFormSchema, req)), 201);
  }),
  PATCH: asAdmin(async ({ req, db, context }) => {
    if (isMerge(req)) throw new AppError('NOT_FOUND', TAG_NOT_FOUND);
    return json(await updateTag(db, tagId(context), await parseJson(TagFormSchema.partial(), req)));
  }),
});

export const config: Config = {
  path: ['/api/admin/tags', '/api/admin/tags/:id', '/api/admin/tags/:id/merge'],
};
