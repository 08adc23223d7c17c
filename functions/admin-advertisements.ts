// /api/admin/advertisements (GET page, POST multipart) and /api/admin/advertisements/:id (PATCH
// multipart or JSON {active}, DELETE). Ads are fetched at random by the public lists, so no rebuild.
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { createAd, deleteAd, listAds, updateAd } from '#src/features/ads/ad-writes.server.ts';
import { AD_NOT_FOUND, ADS_PAGE_SIZE, AdFormSchema, AdPatchSchema } from '#src/features/ads/ads.schema.ts';
import { IMAGE_MAX_BYTES } from '#src/features/images/group-image.ts';
import { readFormData } from '#src/features/images/uploads.server.ts';
import { AppError, json, parse, parseJson, parseQuery, route } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';

const FORM_LIMIT = IMAGE_MAX_BYTES + 64 * 1024;
const QuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(60).catch(ADS_PAGE_SIZE),
});

/** The text fields of the ad form (the schemas parse them). */
function fields(form: FormData) {
  const values: Record<string, string> = {};
  for (const name of ['title', 'description', 'link', 'active']) {
    const value = form.get(name);
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

function imageOf(form: FormData): Blob | null {
  const image = form.get('image');
  return image instanceof Blob && image.size > 0 ? image : null;
}

function adId(context: { params?: Record<string, string> }): string {
  const id = context.params?.id;
  if (!isUuid(id)) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
  return id;
}

export default route({
  GET: asAdmin(async ({ req, db, context }) => {
    if (context.params?.id) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
    const { page, limit } = parseQuery(QuerySchema, req);
    return json(await listAds(db, page, limit));
  }),
  POST: asAdmin(async ({ req, db, admin }) => {
    const form = await readFormData(req, FORM_LIMIT);
    const input = { ...parse(AdFormSchema, fields(form)), image: imageOf(form) };
    return json(await createAd(db, input, admin.id), 201);
  }),
  PATCH: asAdmin(async ({ req, db, context }) => {
    const id = adId(context);
    if ((req.headers.get('content-type') ?? '').includes('application/json')) {
      const { active } = await parseJson(z.object({ active: z.boolean() }), req);
      return json(await updateAd(db, id, { active }));
    }
    const form = await readFormData(req, FORM_LIMIT);
    const removeImage = form.get('removeImage') === 'true' ? null : undefined;
    const input = { ...parse(AdPatchSchema, fields(form)), image: imageOf(form) ?? removeImage };
    return json(await updateAd(db, id, input));
  }),
  DELETE: asAdmin(async ({ db, context }) => {
    await deleteAd(db, adId(context));
    return json({ success: true, message: 'Anúncio excluído com sucesso' });
  }),
});

export const config: Config = { path: ['/api/admin/advertisements', '/api/admin/advertisements/:id'] };
