// The admin sitemap screen previews what /sitemap.xml serves (functions/sitemap.ts), with the same code:
// real pages only, canonical URLs, real lastmod; an index above 10,000 URLs.
export {
  normalizeBaseUrl,
  type SitemapPreview,
  sitemapPreview,
} from '#src/features/sitemap/sitemap.server.ts';
