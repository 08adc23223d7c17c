// POST /api/invite-preview {link}: live, dead or unknown, with the group's name and photo when live.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { visitorHash } from '#src/features/analytics/visitor.server.ts';
import { previewInvite } from '#src/features/links/invite-preview.server.ts';
import { InvitePreviewSchema } from '#src/features/links/links.schema.ts';
import { json, parseJson, route } from '#src/lib/http.server.ts';

export default route({
  POST: async (req: Request, context: Context) => {
    const { link } = await parseJson(InvitePreviewSchema, req);
    const db = await getDb();
    const preview = await previewInvite(db, link, { visitor: visitorHash(req, context), signal: req.signal });
    return json(preview, 200, { 'cache-control': 'no-store' });
  },
});

export const config: Config = { path: '/api/invite-preview', method: 'POST' };
