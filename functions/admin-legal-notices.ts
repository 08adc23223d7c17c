// GET /api/admin/legal-notices (the queue and the latest decisions, each with its trail);
// POST /api/admin/legal-notices/:id {decision: remove|keep, reason}.
import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { LegalNoticeDecisionSchema } from '#src/features/legal-notices/legal-notices.schema.ts';
import {
  decideLegalNotice,
  LEGAL_MESSAGES,
  listLegalNotices,
} from '#src/features/legal-notices/legal-notices.server.ts';
import { AppError, json, parseJson, route } from '#src/lib/http.server.ts';

export default route({
  GET: asAdmin(async ({ db, context }) => {
    if (context.params?.id) throw new AppError('NOT_FOUND', LEGAL_MESSAGES.noticeNotFound);
    return json(await listLegalNotices(db));
  }),
  POST: asAdmin(async ({ req, db, admin, context }) => {
    const id = context.params?.id;
    if (!id) throw new AppError('NOT_FOUND', LEGAL_MESSAGES.noticeNotFound);
    const input = await parseJson(LegalNoticeDecisionSchema, req);
    return json(await decideLegalNotice(db, id, input, admin));
  }),
});

export const config: Config = { path: ['/api/admin/legal-notices', '/api/admin/legal-notices/:id'] };
