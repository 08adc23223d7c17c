// Age verification over OpenID Connect (decision 0010): start sends the visitor to the operator's
// provider, callback comes back from it, status tells the 18+ category page what to show.
import type { Config, Context } from '@netlify/functions';
import {
  ageVerificationConfigured,
  type CookieToSet,
  finishAgeVerification,
  isAgeVerified,
  safeNext,
  startAgeVerification,
} from '#src/features/age-verification/age-verification.server.ts';
import {
  AGE_CALLBACK_PATH,
  AGE_CHECK_COOKIE,
  AGE_START_PATH,
  AGE_STATUS_PATH,
} from '#src/features/age-verification/age-verification.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { AppError, json, MESSAGES, route } from '#src/lib/http.server.ts';

const path = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');

function setCookie(context: Context, cookie: CookieToSet) {
  context.cookies.set({ ...cookie, httpOnly: true, secure: !getEnv().isLocal, sameSite: 'Lax' });
}

/** A redirect nobody caches: each one carries a visitor's own state. */
const redirect = (location: string) =>
  new Response(null, { status: 302, headers: { location, 'cache-control': 'private, no-store' } });

export default route({
  GET: async (req: Request, context: Context) => {
    switch (path(req)) {
      case AGE_START_PATH: {
        const started = await startAgeVerification(safeNext(new URL(req.url).searchParams.get('next')));
        if (started.cookie) setCookie(context, started.cookie);
        return redirect(started.redirect);
      }
      case AGE_CALLBACK_PATH: {
        const finished = await finishAgeVerification(req);
        context.cookies.delete({ name: AGE_CHECK_COOKIE, path: '/api/age-verification' });
        if (finished.verified) setCookie(context, finished.verified);
        return redirect(finished.redirect);
      }
      case AGE_STATUS_PATH:
        return json({ available: ageVerificationConfigured(), verified: await isAgeVerified(req) }, 200, {
          'cache-control': 'private, no-store',
        });
      default:
        throw new AppError('NOT_FOUND', MESSAGES.notFound);
    }
  },
});

// Literal paths: Netlify reads config.path by static analysis (an imported constant fails the deploy).
export const config: Config = {
  path: ['/api/age-verification/start', '/api/age-verification/callback', '/api/age-verification/status'],
  method: 'GET',
};
