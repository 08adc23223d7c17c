// What a person types is stored without control characters: a CR/LF in a name or title could split a
// mail header, a log line or a CSV row, and invisible controls make look-alike titles. Nor does it keep
// invisible or direction-changing characters: a bidi override (U+202E) shows 'Grupo \u202Etxt.exe' as
// 'Grupo exe.txt', and zero-widths make a blank title or a name that looks like another. One rule, used
// by every zod schema that takes text (forms and functions alike) and by the CSV import.
import { z } from 'zod';

// Line breaks in every spelling: CRLF, CR, LF, NEL, and Unicode's line and paragraph separators.
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/g;
const TAB = /\t/g;
// Unicode's control characters (Cc: U+0000–U+001F, U+007F–U+009F), and the same but for \n.
const CONTROL = /\p{Cc}/gu;
const CONTROL_BUT_NEWLINE = /[^\n\P{Cc}]/gu;

// Unicode's default-ignorable characters: bidi embeddings, overrides, isolates and marks (U+202A–U+202E,
// U+2066–U+2069, U+200E/U+200F, U+061C), zero-widths (U+200B–U+200D, U+2060, U+FEFF), the soft hyphen,
// Hangul fillers and the like. Kept only where an emoji needs them (below).
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const EMOJI_BEFORE_JOINER = /(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)$/u;
const EMOJI_AFTER_JOINER = /^\p{Extended_Pictographic}/u;

/** Whether a default-ignorable character is part of an emoji: a variation selector, a flag's tag, a ZWJ between two emoji. */
function partOfEmoji(char: string, offset: number, whole: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if ((code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef)) return true;
  if (code >= 0xe0020 && code <= 0xe007f) return true;
  if (code === 0x200d)
    return (
      EMOJI_BEFORE_JOINER.test(whole.slice(Math.max(0, offset - 2), offset)) &&
      EMOJI_AFTER_JOINER.test(whole.slice(offset + 1, offset + 3))
    );
  return false;
}

/** Text without invisible and direction-changing characters (an emoji's own joiners and selectors stay). */
export function withoutInvisible(value: string): string {
  return value.replace(IGNORABLE, (char, offset: number, whole: string) =>
    partOfEmoji(char, offset, whole) ? char : '',
  );
}

/** Text for a one-line field (names, titles): line breaks and tabs become spaces, other controls and invisibles go. */
export function singleLine(value: string): string {
  return withoutInvisible(value.replace(LINE_BREAK, ' ').replace(TAB, ' ').replace(CONTROL, ''));
}

/** Text for a multi-line field (descriptions): line breaks kept as \n, tabs become spaces, other controls and invisibles go. */
export function multiLine(value: string): string {
  return withoutInvisible(value.replace(LINE_BREAK, '\n').replace(TAB, ' ').replace(CONTROL_BUT_NEWLINE, ''));
}

// What shows nothing on its own: spaces, marks, formats, selectors, and the blank Braille pattern (U+2800).
const NOTHING_VISIBLE = /^[\p{White_Space}\p{M}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]*$/u;
const graphemes = new Intl.Segmenter('pt-BR', { granularity: 'grapheme' });

/** How many characters of `value` a reader sees (grapheme clusters with something visible in them). */
export function visibleLength(value: string): number {
  let count = 0;
  for (const { segment } of graphemes.segment(value)) if (!NOTHING_VISIBLE.test(segment)) count++;
  return count;
}

/** A zod string for a one-line field; chain .trim(), .min(), .max() as usual (they see the clean text). */
export const singleLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(singleLine);

/** A one-line zod string whose minimum counts visible characters (titles): `min` of them, else `message`. */
export const visibleText = (min: number, message: string, params?: Parameters<typeof z.string>[0]) =>
  singleLineText(params)
    .trim()
    .refine((value) => visibleLength(value) >= min, message);

/** A zod string for a multi-line field; chain .trim(), .min(), .max() as usual. */
export const multiLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(multiLine);
