import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import { getSessionUser } from '#src/features/auth/session.server.ts';
import { readSubmission, submitGroup } from '#src/features/submission/submission.server.ts';
import { json, route } from '#src/lib/http.server.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    // getSessionUser refuses a cookie-authenticated post from a foreign Origin.
    const user = await getSessionUser(db, req, context);
    const form = await readSubmission(req);
    const group = await submitGroup(db, form, { userId: user?.id ?? null, ip: clientIp(req, context) });
    return json(group, 201);
  },
});

export const config: Config = { path: '/api/groups', method: 'POST' };
