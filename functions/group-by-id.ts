// /grupo/{id}: a redirect to the group's canonical page /{categorySlug}/{titleSlug}, so the build
// renders each group once. 302, not 301: an admin may rename a group, and browsers keep a 301 for good.
// An id that is no public group gets the site's 404 page, whose group fallback says 'Grupo não
// encontrado' and goes home.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { groupById } from '#src/features/groups/group-lists.server.ts';
import { notFoundPage } from '#src/features/groups/not-found-page.server.ts';
import { AppError, param, route } from '#src/lib/http.server.ts';

export default route({
  GET: async (req: Request, context: Context) => {
    try {
      const group = await groupById(await getDb(), param(context, 'id'));
      return new Response(null, {
        status: 302,
        headers: { location: group.path, 'cache-control': 'public, max-age=300' },
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return notFoundPage(req);
      throw error;
    }
  },
});

export const config: Config = { path: '/grupo/:id', method: 'GET' };
