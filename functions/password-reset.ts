// 'Esqueci minha senha': ask for a reset link by e-mail, then set a new password with its token.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import { PasswordResetConfirmSchema, PasswordResetRequestSchema } from '#src/features/auth/auth.schema.ts';
import { requestPasswordReset, resetPassword } from '#src/features/auth/email-links.server.ts';
import { assertSameOrigin } from '#src/features/auth/session.server.ts';
import { afterAnswer } from '#src/lib/after-answer.server.ts';
import { AppError, json, MESSAGES, parseJson, route } from '#src/lib/http.server.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    assertSameOrigin(req);
    const db = await getDb();
    switch (new URL(req.url).pathname.replace(/\/+$/, '')) {
      case '/api/password-reset': {
        const { email } = await parseJson(PasswordResetRequestSchema, req);
        // The lookup and the e-mail finish after the answer: its time says nothing about the address.
        const defer = afterAnswer(context);
        return json(await requestPasswordReset(db, email, clientIp(req, context), { defer }));
      }
      case '/api/password-reset/confirm':
        return json(
          await resetPassword(db, await parseJson(PasswordResetConfirmSchema, req), clientIp(req, context)),
        );
      default:
        throw new AppError('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed);
    }
  },
});

export const config: Config = { path: ['/api/password-reset', '/api/password-reset/confirm'] };
