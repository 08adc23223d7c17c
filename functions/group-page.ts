// /{categorySlug}/{titleSlug} for every group the build did not pre-render (decision 0008): the static
// page wins when there is one (preferStatic); otherwise the same GroupDetail renders here, through
// Astro's server bundle, and the CDN keeps the page under the group's cache ID until it changes.
import type { Config } from '@netlify/functions';
import { notFoundPage } from '#src/features/groups/not-found-page.server.ts';
import { contentSecurityPolicy, inlineScriptHashes } from '#src/integrations/csp.ts';
import { loadOnDemandServer } from '#src/integrations/on-demand-server.mjs';
import { getEnv } from '#src/lib/env.server.ts';

/** The route the on-demand page has inside the server bundle (src/pages/sob-demanda/…). */
const INTERNAL_PREFIX = '/sob-demanda';

export default async (req: Request): Promise<Response> => {
  // Under `astro dev` Astro renders every group page itself (scripts/platform/vite-plugin.mjs).
  if (getEnv().ASTRO_DEV_GROUP_PAGES === '1')
    return new Response(null, { status: 404, headers: { 'x-astro-dev-group-page': '1' } });
  const url = new URL(req.url);
  const internal = new URL(`${INTERNAL_PREFIX}${url.pathname.replace(/\/+$/, '')}`, url);
  const { renderOnDemand } = await loadOnDemandServer();
  const response = await renderOnDemand(new Request(internal, { headers: req.headers }));
  if (response.status === 404) return notFoundPage(req);
  if (!response.ok) return response;
  // The static pages get their policy from _headers; this one is hashed from its own inline scripts.
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.set('content-security-policy', contentSecurityPolicy(inlineScriptHashes(Buffer.from(html))));
  return new Response(req.method === 'HEAD' ? null : html, { status: response.status, headers });
};

export const config: Config = {
  path: '/:category/:title',
  method: 'GET',
  preferStatic: true,
  // Two-segment addresses of the site itself, never a group.
  excludedPath: [
    '/api/*',
    '/admin/*',
    '/auth/*',
    '/painel/*',
    '/categoria/*',
    '/grupo/*',
    '/pagar-destaque/*',
    '/simulador-pagamento/*',
    '/_astro/*',
    '/pagefind/*',
    '/.netlify/*',
  ],
};
