// POST /api/group-claims/{id}/verify: the server reads the group's name on its WhatsApp invite page;
// when it shows the claim's code, the group becomes the caller's.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { verifyClaim } from '#src/features/claims/claims.server.ts';
import { json, param, route } from '#src/lib/http.server.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    return json(await verifyClaim(db, user, param(context, 'id')));
  },
});

export const config: Config = { path: '/api/group-claims/:id/verify', method: 'POST' };
