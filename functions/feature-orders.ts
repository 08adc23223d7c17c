import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { createOrder, getOrderForUser, startPayment } from '#src/features/payments/orders.server.ts';
import { CreateOrderSchema } from '#src/features/payments/payments.schema.ts';
import { AppError, json, MESSAGES, param, parseJson, route } from '#src/lib/http.server.ts';
import { idempotencyKey, onceInTransaction } from '#src/lib/idempotency.server.ts';

export default route({
  GET: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    if (new URL(req.url).pathname.endsWith('/pay'))
      throw new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed);
    return json(await getOrderForUser(db, user.id, param(context, 'id')));
  },
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    if (context.params?.id === undefined) {
      const input = await parseJson(CreateOrderSchema, req);
      // Checkout start is idempotent by key: a retry after a timeout gets the same order, never a second.
      const ids = { scope: 'feature-order', owner: user.id, key: idempotencyKey(req), request: input };
      return json(await onceInTransaction(db, ids, (tx) => createOrder(tx, user, input)), 201);
    }
    if (!new URL(req.url).pathname.endsWith('/pay'))
      throw new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed);
    const origin = new URL(req.url).origin;
    return json(await startPayment(db, user, param(context, 'id'), origin, clientIp(req, context)));
  },
});

export const config: Config = {
  path: ['/api/feature-orders', '/api/feature-orders/:id', '/api/feature-orders/:id/pay'],
};
