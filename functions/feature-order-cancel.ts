// POST /api/feature-orders/{id}/cancel: the owner gives up an order not paid yet; a cancelled order is
// never activated afterwards, whatever the provider says (settlement.server.ts).
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { cancelOwnOrder } from '#src/features/payments/orders.server.ts';
import { json, param, route } from '#src/lib/http.server.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    return json(await cancelOwnOrder(db, user.id, param(context, 'id')));
  },
});

export const config: Config = { path: '/api/feature-orders/:id/cancel' };
