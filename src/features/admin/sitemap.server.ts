// The admin sitemap screen uses the build's own sitemap code, so the preview is exactly what
// /sitemap.xml publishes (real pages only, canonical URLs, real lastmod; an index above 50,000 URLs).
export {
  generateSitemap,
  normalizeBaseUrl,
  type SitemapEntry,
} from '#src/features/sitemap/sitemap.server.ts';
