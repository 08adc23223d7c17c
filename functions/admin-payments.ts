import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { cancelOrder, listAdminPayments } from '#src/features/payments/order-admin.server.ts';
import { AdminPaymentsQuerySchema } from '#src/features/payments/payments.schema.ts';
import { adminRefundOrder, refundStatusCode } from '#src/features/payments/refunds.server.ts';
import { approveOrder, autoApprove } from '#src/features/payments/settlement.server.ts';
import { AppError, json, MESSAGES, param, parseQuery, route } from '#src/lib/http.server.ts';

export default route({
  GET: asAdmin(async ({ req, db, context }) => {
    if (context.params?.id !== undefined) throw new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed);
    const { page, pageSize } = parseQuery(AdminPaymentsQuerySchema, req);
    return json(await listAdminPayments(db, page, pageSize));
  }),
  POST: asAdmin(async ({ req, db, context, admin }) => {
    const path = new URL(req.url).pathname;
    if (path === '/api/payments/auto-approve') return json(await autoApprove(db, new URL(req.url).origin));
    const action = param(context, 'action');
    if (action === 'approve') return json(await approveOrder(db, param(context, 'id')));
    if (action === 'cancel') return json(await cancelOrder(db, param(context, 'id')));
    if (action === 'refund') {
      const answer = await adminRefundOrder(db, admin.id, param(context, 'id'));
      return json(answer, refundStatusCode(answer));
    }
    throw new AppError('NOT_FOUND', MESSAGES.notFound);
  }),
});

export const config: Config = {
  path: ['/api/admin/payments', '/api/admin/payments/:id/:action', '/api/payments/auto-approve'],
};
