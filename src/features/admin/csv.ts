// Pure CSV helpers: header names, spreadsheet-formula neutralising, and a streaming reader of one file
// field of a multipart body (the CSV is parsed as it arrives, never held whole in memory).

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
 * apostrophe (OWASP CSV injection advice).
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Text without NUL and other control characters (newlines kept when `multiline`). */
export function cleanText(value: string, multiline = false): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const pattern = multiline ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g : /[\u0000-\u001F\u007F]/g;
  return value.replace(pattern, multiline ? '' : ' ').trim();
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
