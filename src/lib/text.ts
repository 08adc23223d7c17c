// What a person types is stored without control characters: a CR/LF in a name or title could split a
// mail header, a log line or a CSV row, and invisible controls make look-alike titles. One rule, used
// by every zod schema that takes text (forms and functions alike) and by the CSV import.
import { z } from 'zod';

// Line breaks in every spelling: CRLF, CR, LF, NEL, and Unicode's line and paragraph separators.
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/g;
const TAB = /\t/g;
// Unicode's control characters (Cc: U+0000–U+001F, U+007F–U+009F), and the same but for \n.
const CONTROL = /\p{Cc}/gu;
const CONTROL_BUT_NEWLINE = /[^\n\P{Cc}]/gu;

/** Text for a one-line field (names, titles): line breaks and tabs become spaces, other controls go. */
export function singleLine(value: string): string {
  return value.replace(LINE_BREAK, ' ').replace(TAB, ' ').replace(CONTROL, '');
}

/** Text for a multi-line field (descriptions): line breaks kept as \n, tabs become spaces, other controls go. */
export function multiLine(value: string): string {
  return value.replace(LINE_BREAK, '\n').replace(TAB, ' ').replace(CONTROL_BUT_NEWLINE, '');
}

/** A zod string for a one-line field; chain .trim(), .min(), .max() as usual (they see the clean text). */
export const singleLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(singleLine);

/** A zod string for a multi-line field; chain .trim(), .min(), .max() as usual. */
export const multiLineText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(multiLine);
