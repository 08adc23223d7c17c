// Age verification over OpenID Connect (decision 0010): start sends the visitor to the operator's
// provider, callback comes back from it, status tells the 18+ category page what to show.
import type { Config, Context } from '@netlify/functions';
import {
  ageVerificationConfigured,
  type CookieToSet,
  cookiesOf,
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
import { json, type PathRoutes, routeByPath } from '#src/lib/http.server.ts';

function setCookie(context: Context, cookie: CookieToSet) {
  context.cookies.set({ ...cookie, httpOnly: true, secure: !getEnv().isLocal, sameSite: 'Lax' });
}

/** A redirect nobody caches: each one carries a visitor's own state. */
const redirect = (location: string) =>
  new Response(null, { status: 302, headers: { location, 'cache-control': 'private, no-store' } });

const routes: PathRoutes = {
  [AGE_START_PATH]: {
    GET: async (req: Request, context: Context) => {
      const started = await startAgeVerification(safeNext(new URL(req.url).searchParams.get('next')));
      if (started.cookie) setCookie(context, started.cookie);
      return redirect(started.redirect);
    },
  },
  [AGE_CALLBACK_PATH]: {
    GET: async (req: Request, context: Context) => {
      const finished = await finishAgeVerification(req, cookiesOf(context));
      context.cookies.delete({ name: AGE_CHECK_COOKIE, path: '/api/age-verification' });
      if (finished.verified) setCookie(context, finished.verified);
      return redirect(finished.redirect);
    },
  },
  [AGE_STATUS_PATH]: {
    GET: async (_req: Request, context: Context) =>
      json(
        { available: ageVerificationConfigured(), verified: await isAgeVerified(cookiesOf(context)) },
        200,
        {
          'cache-control': 'private, no-store',
        },
      ),
  },
};

export default routeByPath(routes);

// Literal paths: Netlify reads config.path by static analysis (an imported constant fails the deploy).
export const config: Config = {
  path: ['/api/age-verification/start', '/api/age-verification/callback', '/api/age-verification/status'],
  method: 'GET',
};
