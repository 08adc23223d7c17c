import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { addressHash, clientIp, visitorHash } from '#src/features/analytics/visitor.server.ts';
import { assertSameOrigin, getSessionUser } from '#src/features/auth/session.server.ts';
import { ReportSchema } from '#src/features/reports/reports.schema.ts';
import { reportGroup } from '#src/features/reports/reports.server.ts';
import { json, param, parseJson, route } from '#src/lib/http.server.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    assertSameOrigin(req);
    const db = await getDb();
    const user = await getSessionUser(db, req, context);
    const input = await parseJson(ReportSchema, req, 8 * 1024);
    const senderHash = addressHash(clientIp(req, context));
    await consumeRateLimit(db, `report:ip:${senderHash}`, 30, 3600);
    await reportGroup(db, param(context, 'id'), input, {
      hash: visitorHash(req, context),
      addressHash: senderHash,
      userId: user?.id ?? null,
    });
    // The same answer whether the report hid the group or not: the sender never learns that it worked.
    return json({ message: 'Denúncia enviada. Obrigado por ajudar a manter o diretório seguro.' }, 201);
  },
});

export const config: Config = { path: '/api/groups/:id/reports' };
