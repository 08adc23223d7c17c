// /sitemap.xml at build time: the urlset, or above 50,000 URLs the index of sitemap-N.xml files.
import type { APIRoute } from 'astro';
import { getDb } from '#db/client.ts';
import { sitemapForBuild } from '#src/features/sitemap/sitemap.server.ts';
import { siteBaseUrl, xmlResponse } from '#src/features/sitemap/sitemap-route.ts';

export const GET: APIRoute = async ({ site }) => {
  const sitemap = await sitemapForBuild(await getDb(), siteBaseUrl(site));
  return xmlResponse(sitemap.files[0]!.xml);
};
