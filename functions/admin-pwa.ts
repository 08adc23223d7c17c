// GET/PUT /api/admin/pwa-settings and POST /api/admin/pwa-settings/icon/:size (192 or 512, field icon).
import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { IMAGE_MAX_BYTES } from '#src/features/images/group-image.ts';
import { IMAGE_MESSAGES, readFormData } from '#src/features/images/uploads.server.ts';
import { PwaSettingsSchema } from '#src/features/pwa/pwa.schema.ts';
import { getPwaSettings, savePwaIcon, savePwaSettings } from '#src/features/pwa/pwa.server.ts';
import { AppError, json, MESSAGES, parseJson, route } from '#src/lib/http.server.ts';

export default route({
  GET: asAdmin(async ({ db, context }) => {
    if (context.params?.size) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    return json(await getPwaSettings(db));
  }),
  PUT: asAdmin(async ({ req, db, context }) => {
    if (context.params?.size) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    const settings = await savePwaSettings(db, await parseJson(PwaSettingsSchema, req));
    return json(settings);
  }),
  POST: asAdmin(async ({ req, db, context }) => {
    const size = Number(context.params?.size);
    if (size !== 192 && size !== 512) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    const form = await readFormData(req, IMAGE_MAX_BYTES + 64 * 1024);
    const icon = form.get('icon');
    if (!(icon instanceof Blob) || icon.size === 0)
      throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.iconNotPng);
    const result = await savePwaIcon(db, icon, size);
    return json(result);
  }),
});

export const config: Config = { path: ['/api/admin/pwa-settings', '/api/admin/pwa-settings/icon/:size'] };
