// E-mail confirmation: the panel's banner reads the status and asks for a new link; the link's page
// posts its token here.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import { EmailConfirmSchema } from '#src/features/auth/auth.schema.ts';
import { confirmEmail, emailStatus, resendEmailConfirmation } from '#src/features/auth/email-links.server.ts';
import { assertSameOrigin, requireUser } from '#src/features/auth/session.server.ts';
import { AppError, json, MESSAGES, parseJson, route } from '#src/lib/http.server.ts';

const path = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');

export default route({
  GET: async (req: Request, context: Context) => {
    if (path(req) !== '/api/email-confirmation') throw new AppError('NOT_FOUND', MESSAGES.notFound);
    const db = await getDb();
    const user = await requireUser(db, req, context);
    return json(await emailStatus(db, user.id));
  },
  POST: async (req: Request, context: Context) => {
    assertSameOrigin(req);
    const db = await getDb();
    switch (path(req)) {
      case '/api/email-confirmation':
        return json(
          await confirmEmail(db, (await parseJson(EmailConfirmSchema, req)).token, clientIp(req, context)),
        );
      case '/api/email-confirmation/resend':
        return json(await resendEmailConfirmation(db, await requireUser(db, req, context)));
      default:
        throw new AppError('NOT_FOUND', MESSAGES.notFound);
    }
  },
});

export const config: Config = { path: ['/api/email-confirmation', '/api/email-confirmation/resend'] };
