// E-mail confirmation: the panel's banner reads the status and asks for a new link; the link's page
// posts its token here.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import { EmailConfirmSchema } from '#src/features/auth/auth.schema.ts';
import { confirmEmail, emailStatus, resendEmailConfirmation } from '#src/features/auth/email-links.server.ts';
import { assertSameOrigin, requireUser } from '#src/features/auth/session.server.ts';
import { json, type PathRoutes, parseJson, routeByPath } from '#src/lib/http.server.ts';

const routes: PathRoutes = {
  '/api/email-confirmation': {
    GET: async (req: Request, context: Context) => {
      const db = await getDb();
      const user = await requireUser(db, req, context);
      return json(await emailStatus(db, user.id));
    },
    POST: async (req: Request, context: Context) => {
      assertSameOrigin(req);
      const db = await getDb();
      const { token } = await parseJson(EmailConfirmSchema, req);
      return json(await confirmEmail(db, token, clientIp(req, context)));
    },
  },
  '/api/email-confirmation/resend': {
    POST: async (req: Request, context: Context) => {
      assertSameOrigin(req);
      const db = await getDb();
      return json(await resendEmailConfirmation(db, await requireUser(db, req, context)));
    },
  },
};

export default routeByPath(routes);

// Netlify reads config statically at bundle time: the paths are written out (the table's keys).
export const config: Config = { path: ['/api/email-confirmation', '/api/email-confirmation/resend'] };
