// A group's engagement, one function for its four addresses:
//   POST /api/groups/{id}/click and /share: append an honest engagement event (once per visitor per
//     group per day). Never locks the group's row; the counters move on the scheduled rollup.
//   POST /api/user/groups/{id}/bump: the owner's free bump; GET /api/user/groups/{id}/stats: its daily
//     clicks and shares.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import {
  registerGroupClick,
  registerGroupShare,
  visitorOf,
} from '#src/features/analytics/engagement.server.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { ShareBodySchema } from '#src/features/groups/groups.schema.ts';
import { StatsQuerySchema } from '#src/features/panel/engage.schema.ts';
import { bumpGroup, groupStats } from '#src/features/panel/engage.server.ts';
import { AppError, json, MESSAGES, param, parse, parseQuery, readText, route } from '#src/lib/http.server.ts';

const action = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '').split('/').pop();

// The body is optional and may come from sendBeacon as text/plain: read it as JSON whatever its type.
async function shareBody(req: Request) {
  const text = (await readText(req, 1024)).trim();
  if (!text) return {};
  try {
    return parse(ShareBodySchema, JSON.parse(text));
  } catch (error) {
    if (error instanceof SyntaxError) throw new AppError('BAD_REQUEST', MESSAGES.invalidJson);
    throw error;
  }
}

// Each address keeps the methods it had as a function of its own (a visitor's click or share: POST).
const visitorActions = route({
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    const id = context.params?.id ?? '';
    const visitor = visitorOf(req, context);
    if (action(req) === 'share') {
      const { platform } = await shareBody(req);
      return json({ success: true, ...(await registerGroupShare(db, id, visitor, platform)) });
    }
    return json({ success: true, ...(await registerGroupClick(db, id, visitor)) });
  },
});

const ownerActions = route({
  GET: async (req: Request, context: Context) => {
    if (action(req) !== 'stats') throw new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed);
    const db = await getDb();
    const user = await requireUser(db, req, context);
    const { days } = parseQuery(StatsQuerySchema, req);
    return json(await groupStats(db, user, param(context, 'id'), days));
  },
  POST: async (req: Request, context: Context) => {
    if (action(req) !== 'bump') throw new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed);
    const db = await getDb();
    const user = await requireUser(db, req, context);
    return json(await bumpGroup(db, user.id, param(context, 'id')));
  },
});

export default (req: Request, context: Context) =>
  new URL(req.url).pathname.startsWith('/api/user/')
    ? ownerActions(req, context)
    : visitorActions(req, context);

export const config: Config = {
  path: [
    '/api/groups/:id/click',
    '/api/groups/:id/share',
    '/api/user/groups/:id/bump',
    '/api/user/groups/:id/stats',
  ],
};
