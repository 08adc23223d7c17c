// POST /api/legal-notices ('Denúncia jurídica', 201 with the protocol) and POST /api/legal-notices/confirm
// (the notifier's e-mail link: an intimate-images notice hides its group then).
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { addressHash, clientIp } from '#src/features/analytics/visitor.server.ts';
import { assertSameOrigin } from '#src/features/auth/session.server.ts';
import {
  LegalNoticeConfirmSchema,
  LegalNoticeSchema,
} from '#src/features/legal-notices/legal-notices.schema.ts';
import {
  confirmLegalNotice,
  LEGAL_MESSAGES,
  submitLegalNotice,
} from '#src/features/legal-notices/legal-notices.server.ts';
import { json, parseJson, route } from '#src/lib/http.server.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    assertSameOrigin(req);
    const db = await getDb();
    const ip = clientIp(req, context);
    const senderHash = addressHash(ip);
    if (new URL(req.url).pathname.replace(/\/$/, '').endsWith('/confirm')) {
      const { token } = await parseJson(LegalNoticeConfirmSchema, req, 4 * 1024);
      await consumeRateLimit(db, `legal:confirm:${senderHash}`, 20, 3600);
      // Whether the group was hidden is never said: that would tell a sender when the bounds are spent.
      const { protocol } = await confirmLegalNotice(db, token);
      return json({ protocol, message: LEGAL_MESSAGES.confirmed });
    }
    const input = await parseJson(LegalNoticeSchema, req, 16 * 1024);
    const { protocol, confirmationSent } = await submitLegalNotice(db, input, {
      addressHash: senderHash,
      ip,
    });
    return json({ protocol, confirmationSent, message: LEGAL_MESSAGES.received }, 201);
  },
});

export const config: Config = { path: ['/api/legal-notices', '/api/legal-notices/confirm'] };
