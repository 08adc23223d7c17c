// Pure CSV helpers: THE file format (columns, header names and cell encodings, one definition for
// export and import), the browser's splitter of a big file into request-sized parts, and a streaming
// reader of one file field of a multipart body (the CSV is parsed as it arrives, never held whole).
import { multiLine, singleLine } from '#src/lib/text.ts';

/**
 * The columns of the groups CSV, in file order: the export writes exactly these headers and the import
 * reads them (headers matched by normaliseHeader, in any order; `required` ones must be present).
 * titulo/descricao/categoria are text; link an invite link; imagem one of our image paths or an
 * http(s) address to fetch; status 'Aprovado' or 'Pendente'; data_criacao an ISO 8601 instant.
 */
export const CSV_COLUMNS = [
  { key: 'titulo', required: true },
  { key: 'descricao', required: false },
  { key: 'link', required: true },
  { key: 'categoria', required: false },
  { key: 'imagem', required: false },
  { key: 'status', required: false },
  { key: 'data_criacao', required: false },
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
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_');
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

export class MultipartError extends Error {}

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

function headerValue(headers: string, name: string, attribute: string): string | undefined {
  const line = headers.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name}:`));
  if (!line) return undefined;
  const match = new RegExp(`;\\s*${attribute}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(line);
  return match?.[1];
}

/**
 * Find the file field `field` in a multipart body and stream its bytes. Resolves null when the body has
 * no such field. Throws MultipartError when more than `limit` bytes of the file arrive or the body is
 * malformed.
 */
export async function openMultipartFile(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  field: string,
  limit: number,
): Promise<{ filename: string; content: AsyncGenerator<Buffer> } | null> {
  const reader = body.getReader();
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // A leading CRLF lets the first boundary be found with the same delimiter as the others.
  let buffer = Buffer.from('\r\n');
  let ended = false;

  async function more(): Promise<boolean> {
    if (ended) return false;
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    buffer = Buffer.concat([buffer, value]);
    return true;
  }

  async function skipPast(needle: Buffer): Promise<boolean> {
    for (;;) {
      const at = buffer.indexOf(needle);
      if (at >= 0) {
        buffer = buffer.subarray(at + needle.length);
        return true;
      }
      // Keep only what could still be the start of the needle.
      buffer = buffer.subarray(Math.max(0, buffer.length - needle.length + 1));
      if (!(await more())) return false;
    }
  }

  if (!(await skipPast(delimiter))) return null;
  for (;;) {
    while (buffer.length < 2) if (!(await more())) return null;
    if (buffer.subarray(0, 2).toString() === '--') return null; // closing boundary: no such field
    const headerEnd = Buffer.from('\r\n\r\n');
    let at = buffer.indexOf(headerEnd);
    while (at < 0) {
      if (buffer.length > 16 * 1024) throw new MultipartError('cabeçalho de parte grande demais');
      if (!(await more())) throw new MultipartError('corpo multipart incompleto');
      at = buffer.indexOf(headerEnd);
    }
    const headers = buffer.subarray(2, at).toString('utf8');
    buffer = buffer.subarray(at + headerEnd.length);
    const name = headerValue(headers, 'content-disposition', 'name');
    const filename = headerValue(headers, 'content-disposition', 'filename');
    if (name === field && filename !== undefined) {
      async function* content(): AsyncGenerator<Buffer> {
        let size = 0;
        for (;;) {
          const found = buffer.indexOf(delimiter);
          const safe = found >= 0 ? found : Math.max(0, buffer.length - delimiter.length + 1);
          if (safe > 0) {
            size += safe;
            if (size > limit) {
              await reader.cancel().catch(() => {});
              throw new MultipartError('arquivo grande demais');
            }
            yield buffer.subarray(0, safe);
            buffer = buffer.subarray(safe);
          }
          if (found >= 0) {
            await reader.cancel().catch(() => {});
            return;
          }
          if (!(await more())) throw new MultipartError('corpo multipart incompleto');
        }
      }
      return { filename, content: content() };
    }
    if (!(await skipPast(delimiter))) return null;
  }
}
