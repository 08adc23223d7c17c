// POST /api/group-claims {link}: 'Reivindicar grupo' — a code to put in the group's WhatsApp name
// (201; 200 with the code already given when the caller asks again while it is valid).
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { ClaimRequestSchema } from '#src/features/claims/claims.schema.ts';
import { startClaim } from '#src/features/claims/claims.server.ts';
import { json, parseJson, route } from '#src/lib/http.server.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    const input = await parseJson(ClaimRequestSchema, req, 4 * 1024);
    const { claim, created } = await startClaim(db, user, input, clientIp(req, context));
    return json(claim, created ? 201 : 200);
  },
});

export const config: Config = { path: '/api/group-claims', method: 'POST' };
