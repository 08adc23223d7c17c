// /api/user/groups/{id}: the owner (or an admin) edits or deletes a group; anyone else gets 404.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { deleteOwnGroup, editOwnGroup, readGroupEdit } from '#src/features/submission/group-edits.server.ts';
import { json, param, route } from '#src/lib/http.server.ts';

export default route({
  PATCH: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    const form = await readGroupEdit(req);
    return json(await editOwnGroup(db, user, param(context, 'id'), form, clientIp(req, context)));
  },
  DELETE: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    return json(await deleteOwnGroup(db, user, param(context, 'id')));
  },
});

export const config: Config = { path: '/api/user/groups/:id', method: ['PATCH', 'DELETE'] };
