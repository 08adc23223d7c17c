// The search query (GET /api/groups?search=… and /buscar's query string), shared by the page and the API.
import { z } from 'zod';

export const SEARCH_PAGE_SIZE = 6;
export const SEARCH_SORTS = ['relevance', 'createdAt', 'cliques'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

const optionalCount = (label: string) =>
  z
    .union([z.literal(''), z.coerce.number({ error: `${label} deve ser um número` })])
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .number()
        .int(`${label} deve ser um número inteiro`)
        .min(0, `${label} não pode ser negativo`)
        .optional(),
    )
    .optional();

const optionalDate = (label: string) =>
  z
    .union([z.literal(''), z.iso.date(`${label} deve ser uma data no formato AAAA-MM-DD`)])
    .transform((v) => (v === '' ? undefined : v))
    .optional();

export const SearchQuerySchema = z
  .object({
    search: z.string().trim().max(200, 'O termo de busca deve ter no máximo 200 caracteres'),
    page: z.coerce.number().int().min(1, 'Página inválida').max(10_000, 'Página inválida').default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'Limite inválido')
      .max(100, 'Limite inválido')
      .default(SEARCH_PAGE_SIZE),
    sortBy: z.enum(SEARCH_SORTS, { error: 'Ordenação inválida' }).default('relevance'),
    minCliques: optionalCount('O mínimo de cliques'),
    maxCliques: optionalCount('O máximo de cliques'),
    dateAfter: optionalDate('A data inicial'),
    dateBefore: optionalDate('A data final'),
  })
  .refine((q) => q.minCliques === undefined || q.maxCliques === undefined || q.minCliques <= q.maxCliques, {
    message: 'O mínimo de cliques não pode ser maior que o máximo',
    path: ['minCliques'],
  })
  .refine((q) => !q.dateAfter || !q.dateBefore || q.dateAfter <= q.dateBefore, {
    message: 'A data inicial não pode ser depois da data final',
    path: ['dateAfter'],
  });

export type SearchQuery = z.infer<typeof SearchQuerySchema>;
