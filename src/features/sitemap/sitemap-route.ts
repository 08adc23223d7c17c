// Shared by the sitemap function and the robots.txt endpoint: the site's base URL and the XML response.
import { readSettings } from '#src/lib/env.server.ts';

/**
 * Astro's `site` when the endpoint has it, else SITE_URL (getStaticPaths gets no `site`).
 * Not getEnv(): a build must not need the runtime secrets.
 */
export function siteBaseUrl(site: URL | string | undefined): string {
  return String(site ?? readSettings().SITE_URL);
}

/** An XML document response. */
export function xmlResponse(xml: string, headers: Record<string, string> = {}): Response {
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', ...headers } });
}
