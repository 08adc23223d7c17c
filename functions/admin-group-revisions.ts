// /api/admin/group-revisions: owners' pending content changes, and approving or rejecting one.
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { asAdmin, pathParts } from '#src/features/admin/admin.server.ts';
import {
  approveRevision,
  listPendingRevisions,
  REJECT_REASON_MESSAGE,
  rejectRevision,
} from '#src/features/submission/group-edits.server.ts';
import { AppError, json, MESSAGES, parseJson, parseQuery, route } from '#src/lib/http.server.ts';
import { multiLineText } from '#src/lib/text.ts';

const PREFIX = '/api/admin/group-revisions';

const ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(50).catch(10),
});
const RejectBody = z.object({
  reason: multiLineText({ error: REJECT_REASON_MESSAGE }).trim().min(3, REJECT_REASON_MESSAGE).max(500),
});

export default route({
  GET: asAdmin(async ({ req, db }) => {
    if (pathParts(req, PREFIX).length) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    const { page, limit } = parseQuery(ListQuery, req);
    return json(await listPendingRevisions(db, page, limit));
  }),
  POST: asAdmin(async ({ req, db, admin }) => {
    const [id, action, ...rest] = pathParts(req, PREFIX);
    if (!id || rest.length) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    if (action === 'approve') return json(await approveRevision(db, admin, id));
    if (action === 'reject') {
      const { reason } = await parseJson(RejectBody, req);
      return json(await rejectRevision(db, admin, id, reason));
    }
    throw new AppError('NOT_FOUND', MESSAGES.notFound);
  }),
});

export const config: Config = { path: ['/api/admin/group-revisions', '/api/admin/group-revisions/*'] };
