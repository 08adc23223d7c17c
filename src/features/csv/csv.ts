// Pure CSV helpers (browser and server): THE file format (columns, header names and cell encodings, one
// definition for export and import) and the browser's splitter of a big file into request-sized parts.
// The server's streaming reader of the uploaded file is in csv.server.ts (@fastify/busboy).

import { withoutAccents } from '#src/lib/accents.ts';
import { multiLine, singleLine } from '#src/lib/text.ts';

/**
 * The columns of the groups CSV, in file order: the export writes exactly these headers and the import
 * reads them (headers matched by normaliseHeader, in any order; `required` ones must be present).
 * titulo/descricao/categoria are text; link an invite link; imagem one of our image paths or an
 * http(s) address to fetch; status 'Aprovado' or 'Pendente'; data_criacao an ISO 8601 instant; tags
 * the group's tags, comma-separated (slugs on export; slugs or names on import, at most five, #43).
 */
export const CSV_COLUMNS = [
  { key: 'titulo', required: true },
  { key: 'descricao', required: false },
  { key: 'link', required: true },
  { key: 'categoria', required: true },
  { key: 'imagem', required: false },
  { key: 'status', required: false },
  { key: 'data_criacao', required: false },
  { key: 'tags', required: false },
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number]['key'];
export const CSV_HEADER: string[] = CSV_COLUMNS.map((c) => c.key);
export const CSV_REQUIRED: string[] = CSV_COLUMNS.filter((c) => c.required).map((c) => c.key);

export const CSV_STATUS = { approved: 'Aprovado', pending: 'Pendente' } as const;

/** The status cell of a group. */
export function encodeStatus(approved: boolean): string {
  return approved ? CSV_STATUS.approved : CSV_STATUS.pending;
}

/** A status cell read back: empty means approved (imports publish), unknown text is null. */
export function decodeStatus(cell: string): boolean | null {
  const value = cell.trim().toLowerCase();
  if (!value || value === CSV_STATUS.approved.toLowerCase()) return true;
  if (value === CSV_STATUS.pending.toLowerCase()) return false;
  return null;
}

/** The creation date cell: an exact ISO 8601 instant, so a round trip keeps the order of the list. */
export function encodeDate(date: Date): string {
  return date.toISOString();
}

/** A creation date read back (ISO 8601, or dd/mm/aaaa from older exports); undefined when empty, null when invalid. */
export function decodeDate(cell: string): Date | null | undefined {
  const value = cell.trim();
  if (!value) return undefined;
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const date = br
    ? new Date(Date.UTC(Number(br[3]), Number(br[2]) - 1, Number(br[1]), 12))
    : /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(value)
      ? new Date(value)
      : null;
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 2000) return null;
  return date;
}

/** A header cell as a column key: lower case, no accents, no spaces ('Descrição ' -> 'descricao'). */
export function normaliseHeader(cell: string): string {
  return withoutAccents(cell).trim().toLowerCase().replace(/\s+/g, '_');
}

/**
 * A cell a spreadsheet will not run as a formula: text starting with = + - @ tab or CR gets a leading
 * apostrophe (OWASP CSV injection advice). Text already starting with an apostrophe gets one more, so
 * restoreCell can always take exactly one back.
 */
export function neutraliseCell(value: string): string {
  return /^['=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The text neutraliseCell protected: the apostrophe it added comes off. */
export function restoreCell(value: string): string {
  return /^'['=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** One request's share of a big file: the header line plus whole records, and where they start. */
export interface CsvPart {
  /** The header record followed by this part's records, as they are in the file. */
  text: string;
  /** Records (non-blank) in this part. */
  rows: number;
  /** Added to a line number inside `text` gives the line in the whole file. */
  lineOffset: number;
}

/**
 * Split a CSV text into parts of whole records (quotes respected: a quoted comma or line break never
 * splits a record), each starting with the header, of at most `maxRows` records, about `maxChars`
 * characters, and `maxImages` records with an http(s) address in them (each costs a download).
 */
export function* splitCsv(
  text: string,
  limits: { maxRows: number; maxChars: number; maxImages: number },
): Generator<CsvPart> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let header: string | undefined;
  let headerLines = 0;
  let eol = '\n';
  let start = 0;
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let partStart = -1;
  let partLine = 0;
  let rows = 0;
  let images = 0;
  const part = (end: number): CsvPart => ({
    text: `${header}${eol}${body.slice(partStart, end)}`,
    rows,
    lineOffset: partLine - 1 - headerLines,
  });
  for (let i = 0; i <= body.length; i++) {
    const c = i < body.length ? body.charCodeAt(i) : 10;
    if (c === 34) quoted = !quoted;
    if (c !== 10) continue;
    if (quoted && i < body.length) {
      line += 1; // a line break inside quotes: same record, next line
      continue;
    }
    const record = body.slice(start, i).replace(/\r$/, '');
    if (header === undefined) {
      if (record.trim()) {
        header = record;
        headerLines = line - recordLine + 1;
        eol = body.charCodeAt(i - 1) === 13 ? '\r\n' : '\n'; // the file's own line break
      }
    } else if (record.trim()) {
      const hasImage = /https?:\/\/(?!(?:www\.)?chat\.whatsapp\.com)/i.test(record);
      if (
        partStart >= 0 &&
        (rows >= limits.maxRows ||
          start - partStart + record.length > limits.maxChars ||
          (hasImage && images >= limits.maxImages))
      ) {
        yield part(start);
        partStart = -1;
      }
      if (partStart < 0) {
        partStart = start;
        partLine = recordLine;
        rows = 0;
        images = 0;
      }
      rows += 1;
      if (hasImage) images += 1;
    }
    start = i + 1;
    line += 1;
    recordLine = line;
    quoted = false;
  }
  if (partStart >= 0 && rows) yield part(body.length);
}

/** Text without NUL and other control characters (newlines kept when `multiline`). */
export function cleanText(value: string, multiline = false): string {
  return (multiline ? multiLine(value) : singleLine(value)).trim();
}
