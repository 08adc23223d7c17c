// /sitemap.xml and its parts /sitemap-N.xml, read from the database one file at a time (decision 0008):
// every public group, including one approved a moment ago, and no build reads the catalogue for it.
// The CDN keeps each file until a group changes (requestRebuild purges the sitemap's cache ID).
import type { Config } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import { notFoundPage } from '#src/features/groups/not-found-page.server.ts';
import { sitemapCacheHeaders } from '#src/features/rebuilds/page-cache.ts';
import { sitemapDocument } from '#src/features/sitemap/sitemap.server.ts';
import { xmlResponse } from '#src/features/sitemap/sitemap-route.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { route } from '#src/lib/http.server.ts';

export default route({
  GET: async (req: Request) => {
    const name = new URL(req.url).pathname.slice(1);
    const xml = await sitemapDocument(await getDb(), getEnv().SITE_URL, name);
    return xml === null ? notFoundPage(req) : xmlResponse(xml, sitemapCacheHeaders());
  },
});

// `:part(\d+)`, not `:part`: Netlify reads a segment as a pattern only when it starts with ':' or holds
// a group, so `/sitemap-:part.xml` would be the literal address.
export const config: Config = { path: ['/sitemap.xml', '/sitemap-:part(\\d+).xml'], method: 'GET' };
