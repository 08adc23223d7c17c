// GET /entrar/{id}: 'Entrar no Grupo'. 302 to the group's current invite link (counted once per visitor
// and day, without JavaScript), or to 'Este link deixou de funcionar' when the link is known dead. Never
// cached: the answer changes the moment an owner replaces the link or the checker hides the group.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { cookiesOf, isAgeVerified } from '#src/features/age-verification/age-verification.server.ts';
import { visitorOf } from '#src/features/analytics/engagement.server.ts';
import { notFoundPage } from '#src/features/groups/not-found-page.server.ts';
import { joinGroup } from '#src/features/links/join.server.ts';
import { afterAnswer } from '#src/lib/after-answer.server.ts';
import { AppError, param, route } from '#src/lib/http.server.ts';

const NO_STORE = 'private, no-store';

export default route({
  GET: async (req: Request, context: Context) => {
    try {
      const outcome = await joinGroup(await getDb(), param(context, 'id'), visitorOf(req, context), {
        adultAllowed: await isAgeVerified(cookiesOf(context)),
        defer: afterAnswer(context),
      });
      return new Response(null, {
        status: 302,
        headers: {
          location: outcome.location,
          'cache-control': NO_STORE,
          'x-robots-tag': 'noindex, nofollow',
        },
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return notFoundPage(req);
      throw error;
    }
  },
});

export const config: Config = { path: '/entrar/:id', method: 'GET' };
