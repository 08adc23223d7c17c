// The site's own 404 page for a function answering an address that names no public group (its group
// fallback says 'Grupo não encontrado' and goes home). Kept a minute at most, never durably: a group
// approved a moment later must be live at its address.
import { GROUP_NOT_FOUND } from '#src/lib/ids.ts';

/** When the site's 404 page cannot be fetched (it always can on a deployed site). */
const PLAIN_NOT_FOUND = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${GROUP_NOT_FOUND}</title></head><body><p>${GROUP_NOT_FOUND}. <a href="/">Voltar para a Página Inicial</a></p></body></html>`;

export async function notFoundPage(req: Request): Promise<Response> {
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
