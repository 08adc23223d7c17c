// GET /api/admin/dashboard-metrics; GET/POST /api/admin/rebuild (state of the last publication and
// 'Publicar alterações').
import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { dashboardMetrics, publishNow, rebuildStatus } from '#src/features/admin/dashboard.server.ts';
import { json, route } from '#src/lib/http.server.ts';

export default route({
  GET: asAdmin(async ({ req, db }) => {
    if (new URL(req.url).pathname.endsWith('/rebuild')) return json(await rebuildStatus(db));
    return json(await dashboardMetrics(db));
  }),
  POST: asAdmin(async ({ req, db, admin }) => {
    if (!new URL(req.url).pathname.endsWith('/rebuild'))
      return json({ message: 'Método não permitido para este endereço.', code: 'METHOD_NOT_ALLOWED' }, 405, {
        allow: 'GET',
      });
    await publishNow(db, admin.email);
    return json({ ...(await rebuildStatus(db)), message: 'Publicação solicitada' }, 202);
  }),
});

export const config: Config = { path: ['/api/admin/dashboard-metrics', '/api/admin/rebuild'] };
