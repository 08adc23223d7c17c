import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { requireAdmin } from '#src/features/auth/session.server.ts';
import { PaymentSettingsSchema } from '#src/features/payments/payments.schema.ts';
import { getMaskedSettings, saveSettings } from '#src/features/payments/settings.server.ts';
import { json, parseJson, route } from '#src/lib/http.server.ts';

export default route({
  GET: async (req: Request, context: Context) => {
    const db = await getDb();
    await requireAdmin(db, req, context);
    return json(await getMaskedSettings(db));
  },
  PUT: async (req: Request, context: Context) => {
    const db = await getDb();
    await requireAdmin(db, req, context);
    return json(await saveSettings(db, await parseJson(PaymentSettingsSchema, req)));
  },
});

export const config: Config = { path: '/api/admin/payment-settings' };
