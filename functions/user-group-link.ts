// POST /api/user/groups/{id}/link {link}: the owner replaces the invite link of one of their groups
// (the panel's 'Atualizar link' for a broken link). Checked like a submission; back to moderation.
import type { Config, Context } from '@netlify/functions';
import { z } from 'zod';
import { getDb } from '#db/client.ts';
import { clientIp } from '#src/features/analytics/visitor.server.ts';
import { requireUser } from '#src/features/auth/session.server.ts';
import { replaceGroupLink } from '#src/features/links/link-health.server.ts';
import { AppError, json, param, parseJson, route } from '#src/lib/http.server.ts';
import { consumeRateLimit } from '#src/lib/rate-limit.server.ts';

const BodySchema = z.object({ link: z.string({ error: 'O link é obrigatório' }).max(500) });

export default route({
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    const user = await requireUser(db, req, context);
    const id = param(context, 'id');
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', 'Grupo não encontrado');
    const { link } = await parseJson(BodySchema, req, 4 * 1024);
    // Each attempt asks WhatsApp once: a few per hour is plenty for an owner.
    await consumeRateLimit(db, `group-link:user:${user.id}`, 20, 3600);
    return json(await replaceGroupLink(db, user.id, id, link, { ip: clientIp(req, context) }));
  },
});

export const config: Config = { path: '/api/user/groups/:id/link' };
