// GET /api/admin/session: the logged-in admin (401 without a session, 403 for a non-admin). Signing in
// and out is the site's own POST /api/login?admin=1 and POST /api/logout (functions/auth.ts).
import type { Config } from '@netlify/functions';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { json, route } from '#src/lib/http.server.ts';

export default route({
  GET: asAdmin(({ admin }) => json({ user: admin })),
});

export const config: Config = { path: '/api/admin/session' };
