import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { activePaymentMethods } from '#src/features/payments/payment-providers.server.ts';
import { json, route } from '#src/lib/http.server.ts';

export default route({
  GET: async () => json(await activePaymentMethods(await getDb())),
});

export const config: Config = { path: '/api/active-payment-methods' };
