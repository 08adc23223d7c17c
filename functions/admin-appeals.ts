// GET /api/admin/appeals ('Contestações': open first, then the latest decided);
// POST /api/admin/appeals/:id {decision: restore|keep, reason} (#41).
import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { AppealDecisionSchema } from '#src/features/appeals/appeals.schema.ts';
import { decideAppeal, listAppeals } from '#src/features/appeals/appeals.server.ts';
import { APPEAL_MESSAGES } from '#src/features/appeals/appeals.ts';
import { AppError, json, parseJson, route } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';

export default route({
  GET: asAdmin(async ({ db, admin, context }) => {
    if (context.params?.id) throw new AppError('NOT_FOUND', APPEAL_MESSAGES.appealNotFound);
    return json(await listAppeals(db, admin));
  }),
  POST: asAdmin(async ({ req, db, admin, context }) => {
    const id = context.params?.id;
    if (!id || !isUuid(id)) throw new AppError('NOT_FOUND', APPEAL_MESSAGES.appealNotFound);
    const input = await parseJson(AppealDecisionSchema, req);
    return json(await decideAppeal(db, id, input, admin));
  }),
});

export const config: Config = { path: ['/api/admin/appeals', '/api/admin/appeals/:id'] };
