// The search query (GET /api/groups?search=… and /buscar's query string), shared by the page and the API.
import { z } from 'zod';
import { adultParam } from '../groups/groups.schema.ts';
import { GROUP_TYPES, INVITE_LINK_MESSAGE, normalizeInviteLink } from '../groups/groups.ts';
import { MAX_GROUP_TAGS, TAGS_TOO_MANY } from '../tags/tags.ts';
import { cleanTerm, parseCursor } from './search.ts';

export const SEARCH_PAGE_SIZE = 6;
export const SEARCH_TERM_MAX = 200;
/**
 * 'Relevância' (the ranking's score, src/features/ranking), 'Em alta' (this week's growth) and 'Novos'.
 * 'Mais populares' (by clicks) is gone (#43): member and click counts are what owners fake, the score
 * is built to resist that; an old link with sortBy=cliques reads as 'Relevância'.
 */
export const SEARCH_SORTS = ['relevance', 'trending', 'createdAt'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** The sorted-by chip and the sort control. */
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevância',
  trending: 'Em alta',
  createdAt: 'Novos',
};

export const SEARCH_TERM_TOO_LONG = `O termo de busca deve ter no máximo ${SEARCH_TERM_MAX} caracteres`;

/** A whole number of clicks from the query string; empty means unset (spec: parsed as integers). */
const optionalCount = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} deve ser um número` })
    .optional()
    .transform((raw, ctx) => {
      const text = raw === undefined ? '' : String(raw).trim();
      if (text === '') return undefined;
      const value = Number(text);
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (!/^[+-]?\d+(\.\d+)?$/.test(text) || !Number.isFinite(value))
        return fail(`${label} deve ser um número`);
      if (!Number.isInteger(value)) return fail(`${label} deve ser um número inteiro`);
      if (value < 0) return fail(`${label} não pode ser negativo`);
      if (value > 2_000_000_000) return fail(`${label} é grande demais`);
      return value;
    });

const optionalDate = (label: string) =>
  z
    .union([z.literal(''), z.iso.date(`${label} deve ser uma data no formato AAAA-MM-DD`)])
    .transform((v) => (v === '' ? undefined : v))
    .optional();

export const SearchQuerySchema = z
  .object({
    search: z
      .string({ error: 'Termo de busca inválido' })
      .max(SEARCH_TERM_MAX, SEARCH_TERM_TOO_LONG)
      .transform(cleanTerm)
      .default(''),
    /** the panel's lookup of one group by its invite link */
    link: z
      .string()
      .max(500, INVITE_LINK_MESSAGE)
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === '') return undefined;
        const invite = normalizeInviteLink(v);
        if (!invite) {
          ctx.addIssue({ code: 'custom', message: INVITE_LINK_MESSAGE });
          return z.NEVER;
        }
        return invite.code;
      }),
    /** the panel sends approved=true: search only ever answers public (approved, visible) groups */
    approved: z.enum(['true', 'false'], { error: 'Filtro de aprovação inválido' }).optional(),
    page: z.coerce
      .number({ error: 'Página inválida' })
      .int('Página inválida')
      .min(1, 'Página inválida')
      .max(10_000, 'Página inválida')
      .default(1),
    limit: z.coerce
      .number({ error: 'Limite inválido' })
      .int('Limite inválido')
      .min(1, 'Limite inválido')
      .max(100, 'Limite inválido')
      .default(SEARCH_PAGE_SIZE),
    /** the keyset cursor of the next page (pagination.nextCursor of the previous one) */
    after: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === '') return undefined;
        const cursor = parseCursor(v);
        if (!cursor) {
          ctx.addIssue({ code: 'custom', message: 'Página inválida' });
          return z.NEVER;
        }
        return cursor;
      }),
    sortBy: z
      .preprocess(
        (v) => (v === 'cliques' ? 'relevance' : v),
        z.enum(SEARCH_SORTS, { error: 'Ordenação inválida' }),
      )
      .default('relevance'),
    minCliques: optionalCount('O mínimo de cliques'),
    maxCliques: optionalCount('O máximo de cliques'),
    dateAfter: optionalDate('A data inicial'),
    dateBefore: optionalDate('A data final'),
    /** adult=1: include adult (18+) groups, honoured only for an age-verified visitor (decision 0010) */
    adult: adultParam,
    /** tag slugs (?tag=a&tag=b): groups carrying every one of them (#43) */
    tag: z
      .array(z.string().trim().toLowerCase().max(100, 'Tag inválida'), { error: 'Tag inválida' })
      .max(MAX_GROUP_TAGS, TAGS_TOO_MANY)
      .default([])
      .transform((slugs) => [...new Set(slugs.filter(Boolean))]),
    /** one category's groups (its slug); empty means every category */
    category: z
      .string({ error: 'Categoria inválida' })
      .trim()
      .max(100, 'Categoria inválida')
      .optional()
      .transform((v) => v || undefined),
    /** groups or channels only; empty means both */
    type: z
      .union([z.literal(''), z.enum(GROUP_TYPES)], { error: 'Tipo inválido' })
      .optional()
      .transform((v) => v || undefined),
  })
  .refine((q) => q.minCliques === undefined || q.maxCliques === undefined || q.minCliques <= q.maxCliques, {
    message: 'O mínimo de cliques não pode ser maior que o máximo',
    path: ['minCliques'],
  })
  .refine((q) => !q.dateAfter || !q.dateBefore || q.dateAfter <= q.dateBefore, {
    message: 'A data inicial não pode ser depois da data final',
    path: ['dateAfter'],
  });

export type SearchQuery = z.infer<typeof SearchQuerySchema> & {
  /** the `tag` slugs as tag ids, resolved by searchGroups (search.server.ts) */
  tagIds?: readonly number[];
};
export type SearchQueryInput = z.input<typeof SearchQuerySchema>;

/** One suggestion: a group page and what the search box shows of it. */
export interface Suggestion {
  /** the group's id: the search box drops a group taken down since the build (decision 0015) */
  id: string;
  /** the group page's path, e.g. /esportes/futebol-de-varzea */
  url: string;
  title: string;
  category: string;
  description: string;
  /** the group's tags' names (the index's `tag` filter; #43) */
  tags?: string[];
}
