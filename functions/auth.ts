import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import { loginUser, registerUser, toUserJson } from '#src/features/auth/accounts.server.ts';
import { LoginSchema, RegisterSchema } from '#src/features/auth/auth.schema.ts';
import {
  assertSameOrigin,
  clearSessionCookies,
  FORBIDDEN_ADMIN_MESSAGE,
  logout,
  logoutEverywhere,
  requireUser,
  sessionToken,
  setSessionCookies,
  signSession,
  verifySession,
} from '#src/features/auth/session.server.ts';
import { afterAnswer } from '#src/lib/after-answer.server.ts';
import { AppError, json, type PathRoutes, parseJson, routeByPath } from '#src/lib/http.server.ts';

const routes: PathRoutes = {
  '/api/user': {
    GET: async (req: Request, context: Context) => {
      const user = await requireUser(await getDb(), req, context);
      return json({ user: toUserJson(user) });
    },
  },
  // Login/register/logout change the browser's cookies: each refuses a request from another site.
  '/api/register': {
    POST: async (req: Request, context: Context) => {
      assertSameOrigin(req);
      const db = await getDb();
      const input = await parseJson(RegisterSchema, req);
      // The confirmation e-mail goes after the answer, as slow as a taken e-mail's 409 and no slower.
      const defer = afterAnswer(context);
      const user = await registerUser(db, input, clientIp(req, context), { defer });
      setSessionCookies(context, await signSession(user.id));
      return json({ user: toUserJson(user) }, 201);
    },
  },
  '/api/login': {
    POST: async (req: Request, context: Context) => {
      assertSameOrigin(req);
      const db = await getDb();
      const input = await parseJson(LoginSchema, req);
      const user = await loginUser(db, input, clientIp(req, context));
      // /admin/login signs in here too (same limits, same cookie) with ?admin=1: a valid non-admin
      // is refused before any cookie is issued.
      if (new URL(req.url).searchParams.get('admin') === '1' && !user.admin)
        throw new AppError('FORBIDDEN', FORBIDDEN_ADMIN_MESSAGE);
      // The token goes only into the HttpOnly cookie: never in the body, where a script could read it.
      setSessionCookies(context, await signSession(user.id));
      return json({ user: toUserJson(user) });
    },
  },
  '/api/logout': {
    POST: async (req: Request, context: Context) => {
      assertSameOrigin(req);
      // The token itself is ended, not only the cookie: a copy of it no longer works either.
      const found = sessionToken(context);
      const claims = found ? await verifySession(found.token) : null;
      if (claims) await logout(await getDb(), claims, clientIp(req, context));
      clearSessionCookies(context);
      return json({ ok: true });
    },
  },
  '/api/auth/logout-all': {
    POST: async (req: Request, context: Context) => {
      assertSameOrigin(req);
      const db = await getDb();
      const user = await requireUser(db, req, context);
      await logoutEverywhere(db, user, clientIp(req, context));
      clearSessionCookies(context);
      return json({ ok: true });
    },
  },
};

export default routeByPath(routes);

// Netlify reads config statically at bundle time: the paths are written out (the table's keys).
export const config: Config = {
  path: ['/api/register', '/api/login', '/api/logout', '/api/auth/logout-all', '/api/user'],
};
