import type { Config, Context } from '@netlify/functions';
import { getDb } from '#db/client.ts';
import {
  getCategoryBySlug,
  listCategories,
  toCategoryJson,
} from '#src/features/categories/categories.server.ts';
import { json, route } from '#src/lib/http.server.ts';

export default route({
  GET: async (_req: Request, context: Context) => {
    const db = await getDb();
    const slug = context.params?.slug;
    if (slug === undefined) {
      const list = await listCategories(db);
      return json(list.map(toCategoryJson), 200, { 'cache-control': 'public, max-age=60' });
    }
    const category = await getCategoryBySlug(db, decodeURIComponent(slug));
    return json(toCategoryJson(category), 200, { 'cache-control': 'public, max-age=60' });
  },
});

export const config: Config = { path: ['/api/categories', '/api/categories/:slug'] };
