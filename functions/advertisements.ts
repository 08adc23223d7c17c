// Public advertisements: a few random active ones for a list, and a click on one.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { RandomAdsQuerySchema } from '#src/features/ads/ads.schema.ts';
import { randomActiveAds, registerAdClick } from '#src/features/ads/ads.server.ts';
import { visitorOf } from '#src/features/analytics/engagement.server.ts';
import { AppError, json, MESSAGES, parseQuery, route } from '#src/lib/http.server.ts';

const isClickPath = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '').endsWith('/click');
const notAllowed = (allow: string) =>
  new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed, undefined, { allow });

export default route({
  GET: async (req: Request) => {
    if (isClickPath(req)) throw notAllowed('POST');
    const { count } = parseQuery(RandomAdsQuerySchema, req);
    // Uncached (spec): every list gets its own random draw.
    return json(await randomActiveAds(await getDb(), count));
  },
  POST: async (req: Request, context: Context) => {
    if (!isClickPath(req)) throw notAllowed('GET');
    const db = await getDb();
    const result = await registerAdClick(db, context.params?.id ?? '', visitorOf(req, context));
    return json({ success: true, ...result });
  },
});

export const config: Config = {
  path: ['/api/random-advertisements', '/api/advertisements/:id/click'],
};
