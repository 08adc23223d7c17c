// Tags (#43): the pure rules shared by the /enviar form, the owner's edit, the admin and the server:
// how many a group may carry, the `tags` field's shape, the pt-BR messages and the suggestions from a
// title and description (accent- and case-insensitive stem match against names and synonyms; no
// outside service). No IO and no drizzle: islands load this file.
import { z } from 'zod';
import { withoutAccents } from '#src/lib/accents.ts';
import { slugify } from '../groups/groups.ts';

/** Tags a group may carry. */
export const MAX_GROUP_TAGS = 5;
/** The fewest public groups a topic page needs to be indexed (below it, the page says noindex). */
export const TOPIC_PAGE_MIN_GROUPS = 3;

export const TAGS_TOO_MANY = `Escolha no máximo ${MAX_GROUP_TAGS} tags`;
export const TAG_NOT_FOUND = 'Tag não encontrada';
export const TAG_DUPLICATE = 'Já existe uma tag com este nome ou endereço';
export const TAG_MERGE_SELF = 'Escolha outra tag para juntar esta';
export const TAG_MERGED = 'Esta tag já foi juntada a outra';
/** An unknown, hidden or merged slug: the owner reads which one. */
export const unknownTagMessage = (slug: string) => `Tag desconhecida: "${slug}". Escolha uma tag da lista.`;
export const adultTagMessage = (name: string) => `A tag "${name}" é só para grupos da categoria 18+`;
export const UNKNOWN_TAG_FILTER = (slug: string) => `Tag desconhecida: "${slug}"`;

/** A tag as the public API and the pickers see it (GET /api/tags). */
/** A tag as the admin's list shows it. */
export interface AdminTag {
  id: number;
  slug: string;
  name: string;
  synonyms: string[];
  categoryId: number | null;
  adult: boolean;
  hidden: boolean;
  mergedInto: string | null;
  /** every group carrying it, and the public ones */
  groups: number;
  publicGroups: number;
}

export interface TagJson {
  slug: string;
  name: string;
  categorySlug: string | null;
  adult: boolean;
  count: number;
  /** other words for it (the pickers match them); not needed by other readers */
  synonyms?: string[];
}

/** What the suggestions read of a tag. */
export interface TagWords {
  slug: string;
  name: string;
  synonyms?: readonly string[];
  adult?: boolean;
}

/** The `tags` field (comma-separated slugs): trimmed, lower case, without repeats or empties. */
export function parseTagsField(value: string | readonly string[]): string[] {
  const parts = (typeof value === 'string' ? value.split(',') : value).map((part) =>
    part.trim().toLowerCase(),
  );
  return [...new Set(parts.filter(Boolean))];
}

/** The multipart/JSON `tags` field: comma-separated slugs (or a list), at most MAX_GROUP_TAGS. */
export const TagsField = z
  .union([z.string().max(1000, TAGS_TOO_MANY), z.array(z.string().max(100)).max(50, TAGS_TOO_MANY)], {
    error: 'Tags inválidas',
  })
  .transform(parseTagsField)
  .refine((slugs) => slugs.length <= MAX_GROUP_TAGS, TAGS_TOO_MANY);

/** The admin's tag form (POST/PATCH /api/admin/tags). */
export const TagFormSchema = z.object({
  name: z
    .string({ error: 'O nome é obrigatório' })
    .trim()
    .min(2, 'O nome deve ter pelo menos 2 caracteres')
    .max(60, 'O nome deve ter no máximo 60 caracteres'),
  slug: z
    .string()
    .trim()
    .max(60, 'O endereço deve ter no máximo 60 caracteres')
    .optional()
    .transform((v) => (v ? slugify(v) : undefined)),
  synonyms: z
    .union([z.string().max(2000), z.array(z.string().max(100)).max(30)])
    .optional()
    .transform((v) =>
      v === undefined ? undefined : parseSynonyms(typeof v === 'string' ? v.split(',') : v),
    ),
  categoryId: z.coerce.number().int().positive().nullable().optional(),
  adult: z.boolean().optional(),
  hidden: z.boolean().optional(),
});
export type TagForm = z.output<typeof TagFormSchema>;

function parseSynonyms(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))].slice(0, 30);
}

/** POST /api/admin/tags/{id}/merge: the tag that stays. */
export const TagMergeSchema = z.object({
  into: z.string({ error: 'Escolha a tag de destino' }).trim().min(1, 'Escolha a tag de destino'),
});

// ---- Suggestions ---------------------------------------------------------------------------------

// Plural and gender endings folded away, longest first: 'concursos' ~ 'concurso', 'evangélicas' ~
// 'evangélico', 'professores' ~ 'professor', 'canções' ~ 'canção'.
const ENDINGS: [RegExp, string][] = [
  [/(oes|aes)$/, 'ao'],
  [/ais$/, 'al'],
  [/eis$/, 'el'],
  [/(r|z|l)es$/, '$1'],
  [/ns$/, 'm'],
  [/s$/, ''],
];

/** One word's stem: lower case, no accents, plural and final vowel folded (short words kept whole). */
export function stem(word: string): string {
  let w = withoutAccents(word).toLowerCase();
  if (w.length <= 3) return w;
  for (const [ending, replacement] of ENDINGS) {
    if (ending.test(w)) {
      w = w.replace(ending, replacement);
      break;
    }
  }
  return w.length > 4 ? w.replace(/[aoe]$/, '') : w;
}

/** The stems of a text's words (letters and digits; everything else separates). */
export function stems(text: string): string[] {
  return (
    withoutAccents(text)
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  ).map(stem);
}

function containsRun(haystack: readonly string[], needle: readonly string[]): number {
  if (needle.length === 0) return -1;
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Each tag's terms as stems, worked out once per vocabulary entry (a seed tags 500k groups with it). */
const termStems = new WeakMap<TagWords, string[][]>();
function stemsOfTerms(tag: TagWords): string[][] {
  let found = termStems.get(tag);
  if (!found) {
    found = [tag.name, ...(tag.synonyms ?? [])].map(stems).filter((words) => words.length > 0);
    termStems.set(tag, found);
  }
  return found;
}

/**
 * Tags whose name or a synonym appears in the title or description (every word of it, in order, as
 * stems), best first: found in the title before the description, then by where it appears. Adult tags
 * are suggested only for an adult group.
 */
export function suggestTags(
  text: { title: string; description?: string },
  vocabulary: readonly TagWords[],
  { adult = false, limit = MAX_GROUP_TAGS }: { adult?: boolean; limit?: number } = {},
): string[] {
  const title = stems(text.title);
  const description = stems(text.description ?? '');
  const found: { slug: string; rank: number }[] = [];
  for (const tag of vocabulary) {
    if (tag.adult && !adult) continue;
    let best = Number.POSITIVE_INFINITY;
    for (const words of stemsOfTerms(tag)) {
      const inTitle = containsRun(title, words);
      const inDescription = inTitle >= 0 ? -1 : containsRun(description, words);
      if (inTitle >= 0) best = Math.min(best, inTitle);
      else if (inDescription >= 0) best = Math.min(best, 10_000 + inDescription);
    }
    if (Number.isFinite(best)) found.push({ slug: tag.slug, rank: best });
  }
  return found
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((t) => t.slug);
}

/** A topic page's address. */
export const tagPath = (slug: string) => `/tag/${slug}`;

/**
 * 'Assuntos populares': the visible, non-adult tags with enough public groups for an indexed topic
 * page, most groups first (optionally only those with a category affinity).
 */
export function popularTags(all: readonly TagJson[], limit: number, categorySlug?: string): TagJson[] {
  return all
    .filter((tag) => !tag.adult && tag.count >= TOPIC_PAGE_MIN_GROUPS)
    .filter((tag) => categorySlug === undefined || tag.categorySlug === categorySlug)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'pt-BR'))
    .slice(0, limit);
}
