// GET /api/admin/reports (the open queue); POST /api/admin/reports/:groupId {action: dismiss|hide|delete}.
import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { listOpenReports, reviewReports } from '#src/features/reports/report-review.server.ts';
import { REPORT_NOT_FOUND, ReportActionSchema } from '#src/features/reports/reports.schema.ts';
import { AppError, json, parseJson, route } from '#src/lib/http.server.ts';
import { isUuid } from '#src/lib/ids.ts';

export default route({
  GET: asAdmin(async ({ db, context }) => {
    if (context.params?.groupId) throw new AppError('NOT_FOUND', REPORT_NOT_FOUND);
    return json({ reports: await listOpenReports(db) });
  }),
  POST: asAdmin(async ({ req, db, admin, context }) => {
    const groupId = context.params?.groupId;
    if (!isUuid(groupId)) throw new AppError('NOT_FOUND', REPORT_NOT_FOUND);
    const { action } = await parseJson(ReportActionSchema, req);
    return json(await reviewReports(db, groupId, action, admin));
  }),
});

export const config: Config = { path: ['/api/admin/reports', '/api/admin/reports/:groupId'] };
