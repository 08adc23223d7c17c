// /api/admin/advertisements (GET page, POST multipart) and /api/admin/advertisements/:id (PATCH
// multipart or JSON {active}, DELETE). Ads are fetched at random by the public lists, so no rebuild.
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { ADMIN_MESSAGES, ADS_PAGE_SIZE } from '#src/features/admin/admin.schema.ts';
import { asAdmin, isUuid } from '#src/features/admin/admin.server.ts';
import { createAd, deleteAd, listAds, updateAd } from '#src/features/admin/ads.server.ts';
import { IMAGE_MAX_BYTES, readFormData } from '#src/features/admin/uploads.server.ts';
import { AppError, json, parseJson, parseQuery, route } from '#src/lib/http.server.ts';

const FORM_LIMIT = IMAGE_MAX_BYTES + 64 * 1024;
const QuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(60).catch(ADS_PAGE_SIZE),
});

function adId(context: { params?: Record<string, string> }): string {
  const id = context.params?.id;
  if (!isUuid(id)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.adNotFound);
  return id;
}

export default route({
  GET: asAdmin(async ({ req, db, context }) => {
    if (context.params?.id) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.adNotFound);
    const { page, limit } = parseQuery(QuerySchema, req);
    return json(await listAds(db, page, limit));
  }),
  POST: asAdmin(async ({ req, db, admin }) =>
    json(await createAd(db, await readFormData(req, FORM_LIMIT), admin.id), 201),
  ),
  PATCH: asAdmin(async ({ req, db, context }) => {
    const id = adId(context);
    if ((req.headers.get('content-type') ?? '').includes('application/json')) {
      const { active } = await parseJson(z.object({ active: z.boolean() }), req);
      const form = new FormData();
      form.set('active', String(active));
      return json(await updateAd(db, id, form));
    }
    return json(await updateAd(db, id, await readFormData(req, FORM_LIMIT)));
  }),
  DELETE: asAdmin(async ({ db, context }) => {
    await deleteAd(db, adId(context));
    return json({ success: true, message: 'Anúncio excluído com sucesso' });
  }),
});

export const config: Config = { path: ['/api/admin/advertisements', '/api/admin/advertisements/:id'] };
