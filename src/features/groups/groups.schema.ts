// The public list query (GET /api/groups without search, and the category page island).
import { z } from 'zod';

/** Spec section 9: category lists show 8 per page, the home's recent list 18. */
export const CATEGORY_PAGE_SIZE = 8;
export const RECENT_PAGE_SIZE = 18;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 10_000;

/**
 * The lists' orders (#43): 'Relevância' (the ranking's score), 'Em alta' (only the groups growing this
 * week), 'Novos' and, inside a category, 'A-Z'. No 'Mais populares': click counts are faked by owners;
 * an old link's sortBy=cliques reads as 'Relevância'.
 */
export const GROUP_SORTS = ['relevance', 'trending', 'createdAt', 'title'] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];
export const SORT_LABELS: Record<GroupSort, string> = {
  relevance: 'Relevância',
  trending: 'Em alta',
  createdAt: 'Novos',
  title: 'A-Z',
};

export const INVALID_PAGE = 'Página inválida';
export const INVALID_LIMIT = 'Limite inválido';
export const INVALID_SORT = 'Ordenação inválida';

const page = z.coerce
  .number({ error: INVALID_PAGE })
  .int(INVALID_PAGE)
  .min(1, INVALID_PAGE)
  .max(MAX_PAGE, INVALID_PAGE)
  .default(1);
const limit = (fallback: number) =>
  z.coerce
    .number({ error: INVALID_LIMIT })
    .int(INVALID_LIMIT)
    .min(1, INVALID_LIMIT)
    .max(MAX_PAGE_SIZE, INVALID_LIMIT)
    .default(fallback);

/**
 * `adult=1` asks for adult (18+) groups in a list or a search; they come only to a visitor whose age the
 * verification provider confirmed (functions/groups.ts, decision 0010).
 */
export const adultParam = z
  .union([z.enum(['', '0', '1', 'false', 'true']), z.boolean()], {
    error: 'Filtro de conteúdo adulto inválido',
  })
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

/** GET /api/groups/featured?adult */
export const FeaturedQuerySchema = z.object({ adult: adultParam });

/** GET /api/groups?category&page&limit&sortBy&adult ('title' only inside a category). */
export const GroupListQuerySchema = z
  .object({
    category: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((v) => v || undefined),
    page,
    limit: limit(CATEGORY_PAGE_SIZE),
    sortBy: z
      .preprocess((v) => (v === 'cliques' ? 'relevance' : v), z.enum(GROUP_SORTS, { error: INVALID_SORT }))
      .default('createdAt'),
    adult: adultParam,
  })
  .refine((q) => q.category || q.sortBy !== 'title', { message: INVALID_SORT, path: ['sortBy'] });
export type GroupListQuery = z.infer<typeof GroupListQuerySchema>;

/** GET /api/groups/recent?page&limit&adult */
export const RecentQuerySchema = z.object({ page, limit: limit(RECENT_PAGE_SIZE), adult: adultParam });

/** GET /api/groups/{id}/related?limit&adult */
export const RelatedQuerySchema = z.object({
  adult: adultParam,
  limit: z.coerce
    .number({ error: INVALID_LIMIT })
    .int(INVALID_LIMIT)
    .min(1, INVALID_LIMIT)
    .max(24, INVALID_LIMIT)
    .default(8),
});

/** Where a share went (spec section 7). */
export const SHARE_PLATFORMS = [
  'whatsapp',
  'facebook',
  'telegram',
  'twitter',
  'email',
  'clipboard',
  'native',
  'mobile-fab',
] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

/** POST /api/groups/{id}/share body: the platform is optional but, when named, must be known. */
export const ShareBodySchema = z.object({
  platform: z.enum(SHARE_PLATFORMS, { error: 'Plataforma de compartilhamento inválida' }).optional(),
});

/** Query params that make GET /api/groups a search (delegated to the search feature). */
export const SEARCH_PARAMS = [
  'search',
  'link',
  'minCliques',
  'maxCliques',
  'dateAfter',
  'dateBefore',
  'type',
  'tag',
] as const;
