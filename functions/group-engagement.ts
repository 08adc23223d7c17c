// POST /api/groups/{id}/click and /share: append an honest engagement event (once per visitor per
// group per day). Never locks the group's row; the counters move on the scheduled rollup.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import {
  registerGroupClick,
  registerGroupShare,
  visitorOf,
} from '#src/features/analytics/engagement.server.ts';
import { ShareBodySchema } from '#src/features/groups/groups.schema.ts';
import { AppError, json, MESSAGES, parse, readText, route } from '#src/lib/http.server.ts';

// The body is optional and may come from sendBeacon as text/plain: read it as JSON whatever its type.
async function shareBody(req: Request) {
  const text = (await readText(req, 1024)).trim();
  if (!text) return {};
  try {
    return parse(ShareBodySchema, JSON.parse(text));
  } catch (error) {
    if (error instanceof SyntaxError) throw new AppError('BAD_REQUEST', MESSAGES.invalidJson);
    throw error;
  }
}

export default route({
  POST: async (req: Request, context: Context) => {
    const db = await getDb();
    const id = context.params?.id ?? '';
    const visitor = visitorOf(req, context);
    if (new URL(req.url).pathname.replace(/\/+$/, '').endsWith('/share')) {
      const { platform } = await shareBody(req);
      return json({ success: true, ...(await registerGroupShare(db, id, visitor, platform)) });
    }
    return json({ success: true, ...(await registerGroupClick(db, id, visitor)) });
  },
});

export const config: Config = {
  path: ['/api/groups/:id/click', '/api/groups/:id/share'],
  method: 'POST',
};
