// /sitemap-N.xml: the parts of a sitemap split above 50,000 URLs (none exist below that).
import type { APIRoute, GetStaticPaths } from 'astro';
import { getDb } from '#db/client.ts';
import { sitemapForBuild } from '#src/features/sitemap/sitemap.server.ts';
import { siteBaseUrl, xmlResponse } from '#src/features/sitemap/sitemap-route.ts';

// No cacheKey: the parts are regenerated on every build, like sitemap.xml. getStaticPaths has no
// `site`; SITE_URL is what astro.config.mjs gives Astro as `site` anyway.
export const getStaticPaths = (async () => {
  const sitemap = await sitemapForBuild(await getDb(), siteBaseUrl(undefined));
  return sitemap.files.slice(1).map((file) => ({
    params: { part: file.name.replace(/^sitemap-|\.xml$/g, '') },
    props: { xml: file.xml },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => xmlResponse((props as { xml: string }).xml);
