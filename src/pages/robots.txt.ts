// /robots.txt at build time, with the Sitemap line for this site's URL.
import type { APIRoute } from 'astro';
import { robotsTxt } from '#src/features/sitemap/sitemap.server.ts';
import { siteBaseUrl } from '#src/features/sitemap/sitemap-route.ts';

export const GET: APIRoute = ({ site }) =>
  new Response(robotsTxt(siteBaseUrl(site)), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
