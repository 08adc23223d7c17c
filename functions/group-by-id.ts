// /grupo/{id}: a permanent redirect to the group's canonical page /{categorySlug}/{titleSlug}, so the
// build renders each group once. An id that is no public group gets the site's 404 page, whose group
// fallback says 'Grupo não encontrado' and goes home.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { groupById } from '#src/features/groups/group-lists.server.ts';
import { AppError, param, route } from '#src/lib/http.server.ts';

export default route({
  GET: async (req: Request, context: Context) => {
    try {
      const group = await groupById(await getDb(), param(context, 'id'));
      return new Response(null, {
        status: 301,
        headers: { location: group.path, 'cache-control': 'public, max-age=300' },
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error;
      const page = await fetch(new URL('/404.html', req.url));
      return new Response(page.ok ? page.body : null, {
        status: 404,
        headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60' },
      });
    }
  },
});

export const config: Config = { path: '/grupo/:id', method: 'GET' };
