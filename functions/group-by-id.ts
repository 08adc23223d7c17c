// /grupo/{id}: a redirect to the group's canonical page /{categorySlug}/{titleSlug}, so the build
// renders each group once. 302, not 301: an admin may rename a group, and browsers keep a 301 for good.
// An id that is no public group gets the site's 404 page, whose group fallback says 'Grupo não
// encontrado' and goes home.
import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { GROUP_NOT_FOUND, groupById } from '#src/features/groups/group-lists.server.ts';
import { AppError, param, route } from '#src/lib/http.server.ts';

/** When the site's 404 page cannot be fetched (it always can on a deployed site). */
const PLAIN_NOT_FOUND = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${GROUP_NOT_FOUND}</title></head><body><p>${GROUP_NOT_FOUND}. <a href="/">Voltar para a Página Inicial</a></p></body></html>`;

async function notFoundPage(req: Request): Promise<Response> {
  let html = PLAIN_NOT_FOUND;
  try {
    const page = await fetch(new URL('/404.html', req.url), { signal: AbortSignal.timeout(3000) });
    if (page.ok) html = await page.text();
  } catch {
    // keep the plain page
  }
  return new Response(html, {
    status: 404,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=60' },
  });
}

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
