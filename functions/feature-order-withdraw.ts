// POST /api/feature-orders/{id}/withdraw: the owner's 'Desistir da compra' within 7 days of payment
// (CDC art. 49). The withdrawal is recorded first, then the provider refunds: 200 when it did, 202
// 'Reembolso em processamento' when it has not yet (retried by the scheduler).
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { refundStatusCode, withdrawOrder } from '#src/features/payments/refunds.server.ts';
import { json, param, route } from '#src/lib/http.server.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    // Each attempt may call the payment provider: a few per hour is plenty for one account.
    await consumeRateLimit(db, `withdraw:user:${user.id}`, 10, 3600);
    const answer = await withdrawOrder(db, user, param(context, 'id'));
    return json(answer, refundStatusCode(answer));
  },
});

export const config: Config = { path: '/api/feature-orders/:id/withdraw' };
