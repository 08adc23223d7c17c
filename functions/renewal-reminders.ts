// The opt-in e-mail 'Seu grupo já pode ser renovado': the owner's setting (GET/PUT, logged in) and the
// mail's one-click unsubscribe (GET from the link, POST from the List-Unsubscribe header), which needs
// no login: its signed token names the owner.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { RenewalRemindersSchema } from '#src/features/panel/engage.schema.ts';
import {
  renewalRemindersEnabled,
  setRenewalReminders,
  UNSUBSCRIBE_PATH,
  unsubscribeWithToken,
} from '#src/features/panel/renewal-reminders.server.ts';
import { AppError, json, MESSAGES, parseJson, route } from '#src/lib/http.server.ts';

/** Where the mail's link lands once done: a static page that says so. */
const UNSUBSCRIBED_PAGE = '/lembretes-cancelados';
const INVALID_LINK = 'Este link de cancelamento não é válido. Desative os avisos no seu painel.';

const isUnsubscribe = (req: Request) => new URL(req.url).pathname === UNSUBSCRIBE_PATH;
const tokenOf = (req: Request) => new URL(req.url).searchParams.get('token')?.trim() ?? '';

export default route({
  GET: async (req: Request, context: Context) => {
    const db = await getDb();
    if (isUnsubscribe(req)) {
      if (!(await unsubscribeWithToken(db, tokenOf(req))))
        return new Response(
          `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Link inválido</title><h1>Link inválido</h1><p>${INVALID_LINK}</p><p><a href="/painel">Abrir meu painel</a></p></html>`,
          {
            status: 400,
            headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
          },
        );
      return new Response(null, {
        status: 303,
        headers: { location: UNSUBSCRIBED_PAGE, 'cache-control': 'no-store' },
      });
    }
    const user = await requireUser(db, req, context);
    return json({ enabled: await renewalRemindersEnabled(db, user.id) });
  },
  // RFC 8058: the mail client posts 'List-Unsubscribe=One-Click' to the header's address.
  POST: async (req: Request) => {
    if (!isUnsubscribe(req)) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    if (!(await unsubscribeWithToken(await getDb(), tokenOf(req))))
      throw new AppError('BAD_REQUEST', INVALID_LINK);
    return json({ enabled: false });
  },
  PUT: async (req: Request, context: Context) => {
    if (isUnsubscribe(req)) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    const db = await getDb();
    const user = await requireUser(db, req, context);
    const { enabled } = await parseJson(RenewalRemindersSchema, req);
    return json(await setRenewalReminders(db, user.id, enabled));
  },
});

export const config: Config = {
  path: ['/api/user/renewal-reminders', '/api/renewal-reminders/unsubscribe'],
};
