// 'Meus dados' in /painel (LGPD art. 18): the profile (name now, e-mail after confirming the new
// address), the JSON export of everything kept about the account, and the account's deletion.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { DeleteAccountSchema } from '#src/features/account/account.schema.ts';
import { exportAccountData } from '#src/features/account/account-data.server.ts';
import { deleteAccount } from '#src/features/account/account-deletion.server.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import { toUserJson, updateName } from '#src/features/auth/accounts.server.ts';
import { EmailChangeSchema, ProfileNameSchema } from '#src/features/auth/auth.schema.ts';
import { pendingEmailChange, requestEmailChange } from '#src/features/auth/email-links.server.ts';
import { clearSessionCookies, requireUser } from '#src/features/auth/session.server.ts';
import { AppError, json, MESSAGES, parseJson, route } from '#src/lib/http.server.ts';

const path = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');
const notAllowed = () => new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed);

export default route({
  GET: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    if (path(req) !== '/api/user/profile') throw notAllowed();
    return json({ user: toUserJson(user), pendingEmail: await pendingEmailChange(db, user.id) });
  },
  PATCH: async (req: Request, context: Context) => {
    if (path(req) !== '/api/user/profile') throw notAllowed();
    const db = await getDb();
    const user = await requireUser(db, req, context);
    const { name } = await parseJson(ProfileNameSchema, req, 4 * 1024);
    return json({ user: toUserJson(await updateName(db, user.id, name)), message: 'Nome atualizado.' });
  },
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    // A POST, so the session's Origin rule applies: another site cannot spend the person's exports
    // with a cross-site link (a GET would carry the SameSite=Lax cookie).
    if (path(req) === '/api/user/data-export') {
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
    }
    if (path(req) !== '/api/user/email') throw notAllowed();
    const user = await requireUser(db, req, context);
    const input = await parseJson(EmailChangeSchema, req, 4 * 1024);
    return json(await requestEmailChange(db, user, input, clientIp(req, context)));
  },
  DELETE: async (req: Request, context: Context) => {
    if (path(req) !== '/api/user/account') throw notAllowed();
    const db = await getDb();
    const user = await requireUser(db, req, context);
    const { password } = await parseJson(DeleteAccountSchema, req, 4 * 1024);
    const result = await deleteAccount(db, user, password, clientIp(req, context));
    clearSessionCookies(context);
    return json(result);
  },
});

export const config: Config = {
  path: ['/api/user/profile', '/api/user/email', '/api/user/data-export', '/api/user/account'],
};
