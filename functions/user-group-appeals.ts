// POST /api/user/groups/{id}/appeals {text, holdId?}: the owner contests a hold on their group
// ('Contestar', #41). 201; 409 while an appeal on that hold is open; 404 for someone else's group.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { AppealSchema } from '#src/features/appeals/appeals.schema.ts';
import { fileAppeal } from '#src/features/appeals/appeals.server.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { AppError, json, param, parseJson, route } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND, isUuid } from '#src/lib/ids.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    const id = param(context, 'id');
    if (!isUuid(id)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
    const input = await parseJson(AppealSchema, req, 16 * 1024);
    await consumeRateLimit(db, `appeal:user:${user.id}`, 20, 3600);
    return json(await fileAppeal(db, user, id, input), 201);
  },
});

export const config: Config = { path: '/api/user/groups/:id/appeals' };
