// GET /api/admin/mail: the outbox's counts and its latest problems; POST /api/admin/mail/{id}/resend.
import type { Config } from '@netlify/functions';
import { asAdmin, pathParts } from '#src/features/admin/admin.server.ts';
import { MAIL_NOT_FOUND_MESSAGE, outboxSummary, resendMail } from '#src/features/mail/outbox.server.ts';
import { AppError, json, route } from '#src/lib/http.server.ts';

const PREFIX = '/api/admin/mail';

export default route({
  GET: asAdmin(async ({ req, db }) => {
    if (pathParts(req, PREFIX).length) throw new AppError('NOT_FOUND', MAIL_NOT_FOUND_MESSAGE);
    return json(await outboxSummary(db));
  }),
  POST: asAdmin(async ({ req, db }) => {
    const [id, action, ...rest] = pathParts(req, PREFIX);
    if (action !== 'resend' || rest.length || !/^\d{1,15}$/.test(id ?? ''))
      throw new AppError('NOT_FOUND', MAIL_NOT_FOUND_MESSAGE);
    return json(await resendMail(db, Number(id)));
  }),
});

export const config: Config = { path: ['/api/admin/mail', '/api/admin/mail/*'] };
