// Accents off ('Educação' -> 'Educacao'): slugs, CSV headers, category icon names and a title's initials
// compare letters without them. No imports: the islands that draw initials load this file.

/** The text with its combining accents removed (decomposed first, so 'ç' becomes 'c'). */
export function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}
