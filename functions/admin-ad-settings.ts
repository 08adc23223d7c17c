// GET/PUT /api/admin/ad-settings {cardsPerAd}: at most one ad in this many cards of a list (#45).
import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { saveAdSettings } from '#src/features/ads/ad-writes.server.ts';
import { AdSettingsSchema } from '#src/features/ads/ads.schema.ts';
import { getAdSettings } from '#src/features/ads/ads.server.ts';
import { json, parseJson, route } from '#src/lib/http.server.ts';

export default route({
  GET: asAdmin(async ({ db }) => json(await getAdSettings(db))),
  PUT: asAdmin(async ({ req, db }) => json(await saveAdSettings(db, await parseJson(AdSettingsSchema, req)))),
});

export const config: Config = { path: '/api/admin/ad-settings' };
