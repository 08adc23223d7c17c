// Provider notifications: the raw body is read as is (signatures are over the exact bytes).
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import {
  handleMercadoPagoWebhook,
  handleSimulatorWebhook,
  handleStripeWebhook,
} from '#src/features/payments/webhooks.server.ts';
import { json, param, readText, route } from '#src/lib/http.server.ts';

const BODY_LIMIT = 256 * 1024;

export default route({
  POST: async (req: Request, context: Context) => {
    const provider = param(context, 'provider');
    const db = await getDb();
    const raw = await readText(req, BODY_LIMIT);
    if (provider === 'stripe')
      return json(await handleStripeWebhook(db, raw, req.headers.get('stripe-signature')));
    if (provider === 'mercadopago') return json(await handleMercadoPagoWebhook(db, req, raw));
    if (provider === 'simulator')
      return json(await handleSimulatorWebhook(db, raw, req.headers.get('stripe-signature')));
    return json({ message: 'Provedor de pagamento desconhecido.', code: 'NOT_FOUND' }, 404);
  },
});

export const config: Config = { path: '/api/payments/webhook/:provider' };
