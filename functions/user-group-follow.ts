// POST /api/user/groups/{id}/follow {token}: a group sent before logging in joins the account (the
// token came with the anonymous submission's answer; /enviar's success screen invites to this).
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { followSubmission } from '#src/features/submission/follow.server.ts';
import { FollowSchema } from '#src/features/submission/submission.schema.ts';
import { AppError, json, param, parseJson, route } from '#src/lib/http.server.ts';
import { GROUP_NOT_FOUND, isUuid } from '#src/lib/ids.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    const id = param(context, 'id');
    if (!isUuid(id)) throw new AppError('NOT_FOUND', GROUP_NOT_FOUND);
    const { token } = await parseJson(FollowSchema, req, 4 * 1024);
    return json(await followSubmission(db, user.id, id, token));
  },
});

export const config: Config = { path: '/api/user/groups/:id/follow' };
