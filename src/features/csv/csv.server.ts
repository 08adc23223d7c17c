// CSV import and export of groups, in ONE format (CSV_COLUMNS in csv.ts: same columns, headers and
// cell encodings both ways, so an export imports back unchanged). The import is streamed through
// csv-parse and written in batches, each in one transaction; bad rows are reported with their line and
// a pt-BR reason, good rows kept, and image addresses go through the image pipeline (csv-images).
// A big file arrives as several requests (the admin screen splits it, see splitCsv), each well inside
// a function's time limit; `lineOffset` keeps the line numbers those of the whole file.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import Busboy from '@fastify/busboy';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { asc, desc, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { groupCategory } from '#db/joins.ts';
import { categories, groups } from '#db/schema.ts';
import {
  categoryFinder,
  groupsByInvite,
  insertGroups,
  type NewGroup,
  withTitleSlugs,
} from '#src/features/groups/group-writes.server.ts';
import { INVITE_LINK_MESSAGE, normalizeInviteLink } from '#src/features/groups/groups.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { countLabel, formatCount } from '#src/lib/format.ts';
import { AppError, isUnavailable } from '#src/lib/http.server.ts';
import { visibleLength } from '#src/lib/text.ts';
import { CSV_MAX_BYTES, CSV_MESSAGES } from './csv.schema.ts';
import {
  CSV_HEADER,
  CSV_REQUIRED,
  type CsvColumn,
  cleanText,
  decodeDate,
  decodeStatus,
  encodeDate,
  encodeStatus,
  neutraliseCell,
  normaliseHeader,
  restoreCell,
} from './csv.ts';
import { importImages } from './csv-images.server.ts';

/** Rows written per transaction. */
export const IMPORT_BATCH_ROWS = 500;
/** A request stops downloading pictures after this long (the rest are dropped with a warning). */
export const IMPORT_IMAGE_BUDGET_MS = 15_000;

export const IMPORT_ROW_MESSAGES = {
  missingTitle: 'Título é obrigatório',
  longTitle: 'O título deve ter no máximo 200 caracteres',
  badLink: `Link inválido: ${INVITE_LINK_MESSAGE}`,
  longDescription: 'A descrição deve ter no máximo 5000 caracteres',
  missingCategory: 'Categoria é obrigatória: informe o nome ou o slug de uma categoria cadastrada',
  unknownCategory: (name: string) => `Categoria não encontrada: ${name.slice(0, 60)}`,
  repeatedLink: (line: number) => `Link duplicado no arquivo (mesmo link da linha ${line})`,
  existingLink: 'Grupo duplicado: já existe um grupo com este link',
  badStatus: 'Status inválido: use Aprovado ou Pendente',
  badDate: 'Data de criação inválida: use o formato 2026-01-31T12:00:00.000Z',
  notSaved: 'Não foi possível gravar esta linha',
} as const;

export interface ImportFailure {
  row: number;
  error: string;
}
export interface ImportWarning {
  row: number;
  warning: string;
}
export interface ImportResult {
  results: {
    total: number;
    success: number;
    failed: number;
    failures: ImportFailure[];
    warnings: ImportWarning[];
  };
  message: string;
}

/** A multipart body the upload cannot be read from: too large (413) or malformed (400). */
class MultipartError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

/** The file's bytes; whatever goes wrong reading them is a MultipartError. */
async function* guarded(stream: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) yield chunk as Buffer;
  } catch (error) {
    throw error instanceof MultipartError ? error : new MultipartError('corpo multipart malformado');
  }
}

/**
 * Find the file field `field` in a multipart body and stream its bytes (@fastify/busboy: the body is
 * parsed as it arrives, with backpressure, never held whole). Resolves null when the body has no such
 * file. The content throws MultipartError when more than `limit` bytes of the file arrive or the body
 * breaks off.
 */
function openMultipartFile(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  field: string,
  limit: number,
): Promise<{ filename: string; content: AsyncIterable<Buffer> } | null> {
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: { fileSize: limit, fieldSize: 64 * 1024, parts: 100, headerSize: 16 * 1024 },
      });
    } catch {
      reject(new MultipartError('cabeçalho multipart inválido'));
      return;
    }
    const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>);
    let file: Readable | undefined;
    const broken = (error: MultipartError) => {
      source.destroy();
      if (file) file.destroy(error);
      else reject(error);
    };
    parser.on('file', (name, stream, filename) => {
      // busboy emits a body that breaks off as an error on the current file: never unhandled.
      stream.on('error', () => {});
      if (file || name !== field) {
        stream.resume();
        return;
      }
      file = stream;
      // busboy marks the file truncated and ends it quietly: the upload must fail instead.
      stream.on('limit', () => broken(new MultipartError('arquivo grande demais', true)));
      stream.on('close', () => source.destroy()); // the rest of the body is not needed
      resolve({ filename, content: guarded(stream) });
    });
    parser.on('error', () => broken(new MultipartError('corpo multipart malformado')));
    parser.on('finish', () => {
      if (!file) resolve(null);
    });
    source.on('error', () => broken(new MultipartError('corpo multipart interrompido')));
    source.pipe(parser);
  });
}

/** The CSV file of an import request (multipart field csvFile), streamed; 400 with the spec's messages. */
export async function csvUpload(req: Request): Promise<AsyncIterable<Buffer>> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > CSV_MAX_BYTES + 64 * 1024) throw new AppError('PAYLOAD_TOO_LARGE', CSV_MESSAGES.tooLarge);
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !req.body)
    throw new AppError('BAD_REQUEST', CSV_MESSAGES.noFile);
  const file = await openMultipartFile(req.body, contentType, 'csvFile', CSV_MAX_BYTES).catch((error) => {
    if (error instanceof MultipartError) throw new AppError('BAD_REQUEST', CSV_MESSAGES.unreadable);
    throw error;
  });
  if (!file?.filename) throw new AppError('BAD_REQUEST', CSV_MESSAGES.noFile);
  if (!file.filename.toLowerCase().endsWith('.csv'))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', CSV_MESSAGES.wrongFormat);
  return file.content;
}

/** A valid row waiting for its batch: the group to write, less its picture and title slug. */
interface Candidate {
  row: number;
  imageCell: string;
  group: NewGroup & { title: string; categoryId: number; inviteCode: string };
}

/**
 * Import groups from a CSV stream. Rows are validated as they are parsed and written IMPORT_BATCH_ROWS
 * at a time in one transaction (a batch the database refuses is retried row by row, so one bad row
 * never costs the others and nothing is half-written). `lineOffset` is added to every reported line.
 */
export async function importGroups(
  db: Db,
  source: AsyncIterable<Buffer>,
  options: { lineOffset?: number; retry?: boolean } = {},
): Promise<ImportResult> {
  const offset = options.lineOffset ?? 0;
  const imageDeadline = Date.now() + IMPORT_IMAGE_BUDGET_MS;
  const { list: cats, find: findCategory } = await categoryFinder(db);
  if (!cats.length)
    throw new AppError('CONFLICT', 'Cadastre ao menos uma categoria antes de importar grupos.');

  // The file is fed to csv-parse chunk by chunk; the records of each chunk are collected by on_record
  // and handled before the next chunk is read, so memory holds one chunk and one batch, and a fatal
  // parse error (an unclosed quote) never drops records parsed before it. A broken record is reported.
  const failures: ImportFailure[] = [];
  const warnings: ImportWarning[] = [];
  const parsed: { record: string[]; row: number }[] = [];
  let fatal: { lines?: number } | undefined;
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: 64 * 1024,
    skip_records_with_error: true,
    on_record: (record: string[], context) => {
      parsed.push({ record, row: context.lines + offset });
      return null;
    },
    on_skip: (error) => {
      const lines = (error as { lines?: number } | undefined)?.lines;
      failures.push({ row: lines === undefined ? 0 : lines + offset, error: CSV_MESSAGES.unreadable });
      return undefined;
    },
  });
  parser.on('error', (error) => {
    fatal = error as { lines?: number };
  });
  parser.resume();
  const feed = (chunk: Buffer | null) =>
    new Promise<void>((resolve) => {
      if (fatal) return resolve();
      parser.once('error', () => resolve());
      if (chunk === null) parser.end(() => resolve());
      else parser.write(chunk, () => resolve());
    });

  const seenCodes = new Map<string, number>();
  let header: string[] | undefined;
  let total = 0;
  let success = 0;
  let batch: Candidate[] = [];

  function validate(record: string[], row: number): Candidate | undefined {
    const cell = (name: CsvColumn) => {
      const index = header!.indexOf(name);
      return restoreCell(index >= 0 ? (record[index] ?? '') : '');
    };
    const fail = (error: string) => {
      failures.push({ row, error });
      return undefined;
    };
    const title = cleanText(cell('titulo'));
    if (!visibleLength(title)) return fail(IMPORT_ROW_MESSAGES.missingTitle);
    if (title.length > 200) return fail(IMPORT_ROW_MESSAGES.longTitle);
    const invite = normalizeInviteLink(cleanText(cell('link')));
    if (!invite) return fail(IMPORT_ROW_MESSAGES.badLink);
    const description = cleanText(cell('descricao'), true) || title;
    if (description.length > 5000) return fail(IMPORT_ROW_MESSAGES.longDescription);
    const categoryText = cleanText(cell('categoria'));
    // Never a category picked for the row: one left blank is refused, as one not found is.
    if (!categoryText) return fail(IMPORT_ROW_MESSAGES.missingCategory);
    const category = findCategory(categoryText);
    if (!category) return fail(IMPORT_ROW_MESSAGES.unknownCategory(categoryText));
    const approved = decodeStatus(cell('status'));
    if (approved === null) return fail(IMPORT_ROW_MESSAGES.badStatus);
    const createdAt = decodeDate(cell('data_criacao'));
    if (createdAt === null) return fail(IMPORT_ROW_MESSAGES.badDate);
    const earlier = seenCodes.get(invite.code);
    if (earlier !== undefined) return fail(IMPORT_ROW_MESSAGES.repeatedLink(earlier));
    seenCodes.set(invite.code, row);
    return {
      row,
      imageCell: cleanText(cell('imagem')),
      group: {
        id: randomUUID(),
        title,
        description,
        link: invite.link,
        inviteCode: invite.code,
        type: invite.type,
        categoryId: category.id,
        approved,
        ...(createdAt ? { createdAt } : {}),
      },
    };
  }

  async function flush() {
    if (!batch.length) return;
    let rows = batch;
    batch = [];
    // Links already in the catalogue are reported before any picture is downloaded for them.
    const taken = await groupsByInvite(
      db,
      rows.map((r) => r.group.inviteCode),
    );
    rows = rows.filter((r) => {
      const found = taken.get(r.group.inviteCode);
      if (!found) return true;
      // A part sent again after its answer was lost: the rows it already wrote count as imported.
      if (options.retry && found.title === r.group.title && found.categoryId === r.group.categoryId)
        success += 1;
      else failures.push({ row: r.row, error: IMPORT_ROW_MESSAGES.existingLink });
      return false;
    });
    if (!rows.length) return;
    const images = await importImages(
      rows.map((r) => r.imageCell),
      imageDeadline,
    );
    for (const [i, image] of images.entries())
      if (image.warning) warnings.push({ row: rows[i]!.row, warning: image.warning });
    const records = await withTitleSlugs(
      db,
      rows.map((r, i) => ({ ...r.group, image: images[i]!.image })),
    );
    try {
      const done = await db.transaction((tx) => insertGroups(tx, records));
      for (const r of rows)
        if (!done.has(r.group.inviteCode))
          failures.push({ row: r.row, error: IMPORT_ROW_MESSAGES.existingLink });
      success += done.size;
    } catch (error) {
      // The database gone is no row's fault: the import stops with the pt-BR 503, not a row per row.
      if (isUnavailable(error)) throw error;
      // The batch left nothing behind (one transaction); each row is tried alone to keep the good ones.
      const reason =
        (error as { cause?: { message?: string } }).cause?.message ?? String(error).slice(0, 200);
      console.warn(`[csv] batch refused, retrying row by row: ${reason}`);
      for (const [i, record] of records.entries()) {
        try {
          if ((await insertGroups(db, [record])).size) success += 1;
          else failures.push({ row: rows[i]!.row, error: IMPORT_ROW_MESSAGES.existingLink });
        } catch (rowError) {
          if (isUnavailable(rowError)) throw rowError;
          failures.push({ row: rows[i]!.row, error: IMPORT_ROW_MESSAGES.notSaved });
        }
      }
    }
  }

  async function handle(record: string[], row: number) {
    if (!header) {
      header = record.map(normaliseHeader);
      if (!CSV_REQUIRED.every((column) => header!.includes(column)))
        throw new AppError('BAD_REQUEST', CSV_MESSAGES.missingColumns);
      return;
    }
    total += 1;
    const candidate = validate(record, row);
    if (candidate) batch.push(candidate);
    if (batch.length >= IMPORT_BATCH_ROWS) await flush();
  }

  async function drain() {
    while (parsed.length) {
      const next = parsed.shift()!;
      await handle(next.record, next.row);
    }
  }

  try {
    for await (const chunk of source) {
      await feed(chunk);
      await drain();
      if (fatal) break;
    }
    if (!fatal) await feed(null);
    await drain();
    await flush();
  } catch (error) {
    if (error instanceof MultipartError)
      throw error.tooLarge
        ? new AppError('PAYLOAD_TOO_LARGE', CSV_MESSAGES.tooLarge)
        : new AppError('BAD_REQUEST', CSV_MESSAGES.unreadable);
    throw error;
  } finally {
    parser.destroy();
    if (success) await requestRebuild(db, `importação CSV (${success} grupos)`);
  }
  if (fatal)
    failures.push({
      row: fatal.lines !== undefined ? fatal.lines + offset : total + 2 + offset,
      error: CSV_MESSAGES.unreadable,
    });
  if (!header) throw new AppError('BAD_REQUEST', CSV_MESSAGES.missingColumns);
  failures.sort((a, b) => a.row - b.row);
  warnings.sort((a, b) => a.row - b.row);
  const failed = total - success;
  return {
    results: { total, success, failed, failures, warnings },
    message:
      success === total && !failures.length
        ? `${countLabel(success, 'grupo importado', 'grupos importados')} com sucesso`
        : `${formatCount(success)} de ${countLabel(total, 'grupo importado', 'grupos importados')}; ${countLabel(failures.length, 'linha com erro', 'linhas com erro')}`,
  };
}

/**
 * Every group as CSV in the import's format (UTF-8 with BOM for spreadsheets), newest first; cells
 * that look like formulas are neutralised (the import takes the apostrophe back off).
 */
export async function exportGroupsCsv(db: Db): Promise<string> {
  const rows = await db
    .select({
      title: groups.title,
      description: groups.description,
      link: groups.link,
      category: categories.name,
      image: groups.image,
      approved: groups.approved,
      createdAt: groups.createdAt,
    })
    .from(groups)
    .innerJoin(categories, groupCategory)
    // By the date as the file writes it (to the millisecond: the database keeps microseconds, which an
    // import cannot give back), then the link: ids change on import, links do not.
    .orderBy(desc(sql`date_trunc('milliseconds', ${groups.createdAt})`), asc(groups.inviteCode));
  const cells: Record<CsvColumn, (r: (typeof rows)[number]) => string> = {
    titulo: (r) => r.title,
    descricao: (r) => r.description,
    link: (r) => r.link,
    categoria: (r) => r.category,
    imagem: (r) => r.image ?? '',
    status: (r) => encodeStatus(r.approved),
    data_criacao: (r) => encodeDate(r.createdAt),
  };
  const columns = CSV_HEADER as CsvColumn[];
  const csv = stringify([CSV_HEADER, ...rows.map((r) => columns.map((c) => cells[c](r)))], {
    cast: { string: (value) => neutraliseCell(value) },
    quoted_match: /[\r\n]/,
  });
  return `\uFEFF${csv}`;
}
