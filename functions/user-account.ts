// 'Meus dados' in /painel (LGPD art. 18): the profile (name and phone now, e-mail after confirming the
// new address), the password, the JSON export of everything kept about the account, and its deletion.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { DeleteAccountSchema } from '#src/features/account/account.schema.ts';
import { exportAccountData } from '#src/features/account/account-data.server.ts';
import { deleteAccount } from '#src/features/account/account-deletion.server.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import { changePassword, toUserJson, updateProfile } from '#src/features/auth/accounts.server.ts';
import {
  EmailChangeSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
} from '#src/features/auth/auth.schema.ts';
import { pendingEmailChange, requestEmailChange } from '#src/features/auth/email-links.server.ts';
import {
  clearSessionCookies,
  requireUser,
  setSessionCookies,
  signSession,
} from '#src/features/auth/session.server.ts';
import { json, type PathRoutes, parseJson, routeByPath } from '#src/lib/http.server.ts';

const PROFILE_MAX_BYTES = 4 * 1024;

const routes: PathRoutes = {
  '/api/user/profile': {
    GET: async (req: Request, context: Context) => {
      const db = await getDb();
      const user = await requireUser(db, req, context);
      return json({ user: toUserJson(user), pendingEmail: await pendingEmailChange(db, user.id) });
    },
    PATCH: async (req: Request, context: Context) => {
      const db = await getDb();
      const user = await requireUser(db, req, context);
      const change = await parseJson(ProfileUpdateSchema, req, PROFILE_MAX_BYTES);
      const message =
        change.phone !== undefined && change.name === undefined ? 'Telefone atualizado.' : 'Nome atualizado.';
      return json({ user: toUserJson(await updateProfile(db, user.id, change)), message });
    },
  },
  '/api/user/password': {
    POST: async (req: Request, context: Context) => {
      const db = await getDb();
      const user = await requireUser(db, req, context);
      const input = await parseJson(PasswordChangeSchema, req, PROFILE_MAX_BYTES);
      const result = await changePassword(db, user, input, clientIp(req, context));
      // Every session ended with the old password; this device goes on with a new one.
      setSessionCookies(context, await signSession(user.id));
      return json(result);
    },
  },
  '/api/user/email': {
    POST: async (req: Request, context: Context) => {
      const db = await getDb();
      const user = await requireUser(db, req, context);
      const input = await parseJson(EmailChangeSchema, req, PROFILE_MAX_BYTES);
      return json(await requestEmailChange(db, user, input, clientIp(req, context)));
    },
  },
  // A POST, so the session's Origin rule applies: another site cannot spend the person's exports with
  // a cross-site link (a GET would carry the SameSite=Lax cookie).
  '/api/user/data-export': {
    POST: async (req: Request, context: Context) => {
      const db = await getDb();
      const user = await requireUser(db, req, context);
      const data = await exportAccountData(db, user, clientIp(req, context));
      const day = data.exportedAt.slice(0, 10);
      return new Response(JSON.stringify(data, null, 2), {
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': `attachment; filename="meus-dados-${day}.json"`,
          'cache-control': 'no-store',
        },
      });
    },
  },
  '/api/user/account': {
    DELETE: async (req: Request, context: Context) => {
      const db = await getDb();
      const user = await requireUser(db, req, context);
      const { password } = await parseJson(DeleteAccountSchema, req, PROFILE_MAX_BYTES);
      const result = await deleteAccount(db, user, password, clientIp(req, context));
      clearSessionCookies(context);
      return json(result);
    },
  },
};

export default routeByPath(routes);

// Netlify reads config statically at bundle time: the paths are written out (the table's keys).
export const config: Config = {
  path: [
    '/api/user/profile',
    '/api/user/email',
    '/api/user/password',
    '/api/user/data-export',
    '/api/user/account',
  ],
};
