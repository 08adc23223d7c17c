// GET /api/groups/trending?category=&tag=&limit= ('Em alta' of the site, a category or a tag).
import { z } from 'zod';

/** The most 'Em alta' cards one answer holds. */
export const TRENDING_MAX = 24;
/** What the home, a category page and a topic page show. */
export const TRENDING_SHOWN = 4;

const slug = z
  .string()
  .trim()
  .max(100, 'Filtro inválido')
  .optional()
  .transform((v) => v || undefined);

export const TrendingQuerySchema = z.object({
  category: slug,
  tag: slug,
  limit: z.coerce
    .number({ error: 'Limite inválido' })
    .int('Limite inválido')
    .min(1, 'Limite inválido')
    .max(TRENDING_MAX, 'Limite inválido')
    .default(TRENDING_SHOWN),
});
