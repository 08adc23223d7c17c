// POST /api/feature-orders/{id}/withdraw: the owner's 'Desistir da compra' within 7 days of payment
// (CDC art. 49). The refund goes through the provider first; the answer is the same on every call.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { withdrawOrder } from '#src/features/payments/refunds.server.ts';
import { json, param, route } from '#src/lib/http.server.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    // Each attempt may call the payment provider: a few per hour is plenty for one account.
    await consumeRateLimit(db, `withdraw:user:${user.id}`, 10, 3600);
    return json(await withdrawOrder(db, user, param(context, 'id'), new URL(req.url).origin));
  },
});

export const config: Config = { path: '/api/feature-orders/:id/withdraw' };
