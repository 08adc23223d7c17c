// GET /api/tags: the visible tag vocabulary with each tag's public group count (#43). The same answer
// for everyone, so the CDN keeps it a few minutes.
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { listPublicTags } from '#src/features/tags/tags.server.ts';
import { json, route } from '#src/lib/http.server.ts';

export default route({
  GET: async () => {
    const tags = await listPublicTags(await getDb());
    return json({ tags }, 200, { 'cache-control': 'public, max-age=300' });
  },
});

export const config: Config = { path: '/api/tags', method: 'GET' };
