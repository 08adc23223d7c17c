// Pure search rules shared by the server and the islands: how a typed term becomes words, and how
// Portuguese plurals the stemmer leaves apart (futebóis/futebol, jornais/jornal) are brought together.

/** At most this many words of a term take part in the full-text query (bounds the query size). */
export const MAX_SEARCH_WORDS = 8;
/** Totals above this are shown as "mais de 1.000"; pages stop at this many results. */
export const SEARCH_TOTAL_CAP = 1000;

/** The term without control characters (Postgres text cannot hold NUL) and with spaces collapsed. */
export function cleanTerm(term: string): string {
  let clean = '';
  for (const char of term) clean += char.charCodeAt(0) < 32 || char === '\u007f' ? ' ' : char;
  return clean.replace(/\s+/g, ' ').trim();
}

/** The words of a term: letters and digits only, lower-cased, at most MAX_SEARCH_WORDS. */
export function searchWords(term: string): string[] {
  return (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_SEARCH_WORDS);
}

// Irregular plural endings the Portuguese snowball stemmer does not reduce to the singular's stem
// (it stems 'futebois' to 'futebo' but 'futebol' to 'futebol'). Accents are optional: the index is unaccented.
const PLURAL_TO_SINGULAR: [RegExp, string][] = [
  [/([\p{L}]{2})[oó]is$/u, '$1ol'],
  [/([\p{L}]{2})[eé]is$/u, '$1el'],
  [/([\p{L}]{2})ais$/u, '$1al'],
  [/([\p{L}]{2})[oõ]es$/u, '$1ão'],
  [/([\p{L}]{2})[aã]es$/u, '$1ão'],
];
const SINGULAR_TO_PLURAL: [RegExp, string][] = [
  [/([\p{L}]{2})ol$/u, '$1ois'],
  [/([\p{L}]{2})el$/u, '$1eis'],
  [/([\p{L}]{2})al$/u, '$1ais'],
  [/([\p{L}]{2})[aã]o$/u, '$1ões'],
];

/** The other grammatical number of a word when its ending is one the stemmer misses, else null. */
export function numberVariant(word: string): string | null {
  for (const [pattern, replacement] of [...PLURAL_TO_SINGULAR, ...SINGULAR_TO_PLURAL]) {
    if (pattern.test(word)) return word.replace(pattern, replacement);
  }
  return null;
}

/** Whether a term uses web-search syntax (quoted phrase, OR, exclusion) that must be kept as typed. */
export function usesSearchSyntax(term: string): boolean {
  return /"|(^|\s)-\S|\sor\s/i.test(term);
}

/**
 * Where the next page starts, so it is read from there instead of skipping the earlier pages: the order
 * ('c' newest, 's' the score, 'h' em alta, 't'/'d' relevance's title and description tiers; 'p',
 * the old 'Mais populares', is read and ignored), the last row's sort key (its parts joined by '_': microseconds since 1970, cliques, score,
 * growth) and its id. Page numbers stay the truth; a cursor only makes the next page cheap, and one that
 * does not fit the order is ignored.
 */
export interface Cursor {
  tier: 'c' | 'p' | 's' | 'h' | 't' | 'd';
  key: string;
  id: string;
}
const CURSOR =
  /^([cpshtd])\.(-?\d{1,16}(?:_-?\d{1,16}){0,2})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function parseCursor(text: string): Cursor | null {
  const match = CURSOR.exec(text);
  return match ? { tier: match[1] as Cursor['tier'], key: match[2]!, id: match[3]! } : null;
}

export function cursorText(cursor: Cursor): string {
  return `${cursor.tier}.${cursor.key}.${cursor.id}`;
}

/** "mais de 1.000" above the cap, else the number in pt-BR. */
export function totalLabel(total: number, capped: boolean): string {
  const n = total.toLocaleString('pt-BR');
  return capped ? `mais de ${n}` : n;
}
