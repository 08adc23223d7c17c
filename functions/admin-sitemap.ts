// GET /api/admin/sitemap?domain=https://example.com: the sitemap for that domain as /sitemap.xml serves
// it: its URL count, its files, the first entries and sitemap.xml (bounded at any catalogue size).
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { asAdmin } from '#src/features/admin/admin.server.ts';
import { sitemapPreview } from '#src/features/sitemap/sitemap.server.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { json, parseQuery, route } from '#src/lib/http.server.ts';

const DOMAIN_MESSAGE = 'Informe um domínio válido, incluindo http:// ou https://';
const QuerySchema = z.object({
  domain: z
    .string()
    .trim()
    .max(200)
    .optional()
    .refine((value) => {
      if (!value) return true;
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, DOMAIN_MESSAGE),
});

export default route({
  GET: asAdmin(async ({ req, db }) => {
    const { domain } = parseQuery(QuerySchema, req);
    const base = new URL(domain || getEnv().SITE_URL).origin;
    return json({ base, ...(await sitemapPreview(db, base)) });
  }),
});

export const config: Config = { path: ['/api/admin/sitemap'] };
