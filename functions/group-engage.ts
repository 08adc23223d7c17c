// An owner's own group: the free bump (POST …/bump) and its daily clicks and shares (GET …/stats).
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { StatsQuerySchema } from '#src/features/panel/engage.schema.ts';
import { bumpGroup, groupStats } from '#src/features/panel/engage.server.ts';
import { AppError, json, MESSAGES, param, parseQuery, route } from '#src/lib/http.server.ts';

const action = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '').split('/').pop();

export default route({
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

export const config: Config = { path: ['/api/user/groups/:id/bump', '/api/user/groups/:id/stats'] };
