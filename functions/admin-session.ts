// The back-office session: POST /api/admin/login ({email,password} -> {user, token}, admins only),
// GET /api/admin/session (the logged-in admin, 401/403 otherwise), POST /api/admin/logout.
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { AdminLoginSchema } from '#src/features/admin/admin-login.schema.ts';
import { adminLogin } from '#src/features/admin/session.server.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import {
  assertSameOrigin,
  clearSessionCookies,
  setSessionCookies,
} from '#src/features/auth/session.server.ts';
import { AppError, json, MESSAGES, parseJson, route } from '#src/lib/http.server.ts';

const action = (req: Request) => new URL(req.url).pathname.split('/').pop();

export default route({
  GET: asAdmin(({ req, admin }) => {
    if (action(req) !== 'session')
      throw new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed, undefined, { allow: 'POST' });
    return json({ user: admin });
  }),
  POST: async (req, context) => {
    assertSameOrigin(req);
    if (action(req) === 'logout') {
      clearSessionCookies(context);
      return json({ success: true, message: 'Logout realizado com sucesso' });
    }
    if (action(req) !== 'login')
      throw new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed, undefined, { allow: 'GET' });
    const { email, password } = await parseJson(AdminLoginSchema, req, 4096);
    const result = await adminLogin(await getDb(), email, password, clientIp(req, context));
    setSessionCookies(context, result.token);
    return json(result);
  },
});

export const config: Config = { path: ['/api/admin/login', '/api/admin/session', '/api/admin/logout'] };
