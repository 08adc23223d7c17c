import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { PaymentSettingsSchema } from '#src/features/payments/payments.schema.ts';
import { getMaskedSettings, saveSettings } from '#src/features/payments/settings.server.ts';
import { json, parseJson, route } from '#src/lib/http.server.ts';

export default route({
  GET: asAdmin(async ({ db }) => json(await getMaskedSettings(db))),
  PUT: asAdmin(async ({ req, db }) =>
    json(await saveSettings(db, await parseJson(PaymentSettingsSchema, req))),
  ),
});

export const config: Config = { path: '/api/admin/payment-settings' };
