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
import type { Db, Tx } from '#db/client.ts';
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
import { groupTagSlugs, tagFinder, writeGroupTags } from '#src/features/tags/tags.server.ts';
import {
  adultTagMessage,
  MAX_GROUP_TAGS,
  parseTagsField,
  TAGS_TOO_MANY,
  UNKNOWN_TAG_FILTER,
} from '#src/features/tags/tags.ts';
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
  tooManyTags: TAGS_TOO_MANY,
  unknownTag: (name: string) => UNKNOWN_TAG_FILTER(name.slice(0, 60)),
  adultTag: adultTagMessage,
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
  /** the row's tags (#43), checked against the vocabulary */
  tagIds: number[];
  group: NewGroup & { title: string; categoryId: number; inviteCode: string };
}

/** One import as it runs: what it found so far and what it needs to judge the next row. */
interface ImportRun {
  db: Db;
  retry: boolean;
  offset: number;
  imageDeadline: number;
  findCategory: (text: string) => { id: number; adult: boolean } | undefined;
  findTag: Awaited<ReturnType<typeof tagFinder>>;
  header?: string[];
  seenCodes: Map<string, number>;
  failures: ImportFailure[];
  warnings: ImportWarning[];
  total: number;
  success: number;
  /** a parse error that ended the file (an unclosed quote): where, when csv-parse knew */
  fatal?: { lines?: number };
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
  const { list: cats, find: findCategory } = await categoryFinder(db);
  if (!cats.length)
    throw new AppError('CONFLICT', 'Cadastre ao menos uma categoria antes de importar grupos.');
  const run: ImportRun = {
    db,
    retry: options.retry ?? false,
    offset: options.lineOffset ?? 0,
    imageDeadline: Date.now() + IMPORT_IMAGE_BUDGET_MS,
    findCategory,
    findTag: await tagFinder(db),
    seenCodes: new Map(),
    failures: [],
    warnings: [],
    total: 0,
    success: 0,
  };
  let batch: Candidate[] = [];
  try {
    for await (const { record, row } of csvRecords(source, run)) {
      if (!run.header) {
        run.header = record.map(normaliseHeader);
        if (!CSV_REQUIRED.every((column) => run.header!.includes(column)))
          throw new AppError('BAD_REQUEST', CSV_MESSAGES.missingColumns);
        continue;
      }
      run.total += 1;
      const candidate = validateRow(run, record, row);
      if (candidate) batch.push(candidate);
      if (batch.length >= IMPORT_BATCH_ROWS) {
        await writeBatch(run, batch);
        batch = [];
      }
    }
    await writeBatch(run, batch);
  } catch (error) {
    if (error instanceof MultipartError)
      throw error.tooLarge
        ? new AppError('PAYLOAD_TOO_LARGE', CSV_MESSAGES.tooLarge)
        : new AppError('BAD_REQUEST', CSV_MESSAGES.unreadable);
    throw error;
  } finally {
    if (run.success) await requestRebuild(db, `importação CSV (${run.success} grupos)`);
  }
  return importResult(run);
}

/**
 * The file's records with their line numbers. The file is fed to csv-parse chunk by chunk; the records
 * of each chunk are collected by on_record and handed out before the next chunk is read, so memory
 * holds one chunk and one batch, and a fatal parse error (an unclosed quote) never drops records
 * parsed before it. A broken record is reported; a fatal error ends the records (run.fatal).
 */
async function* csvRecords(
  source: AsyncIterable<Buffer>,
  run: ImportRun,
): AsyncGenerator<{ record: string[]; row: number }> {
  const parsed: { record: string[]; row: number }[] = [];
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: 64 * 1024,
    skip_records_with_error: true,
    on_record: (record: string[], context) => {
      parsed.push({ record, row: context.lines + run.offset });
      return null;
    },
    on_skip: (error) => {
      const lines = (error as { lines?: number } | undefined)?.lines;
      run.failures.push({
        row: lines === undefined ? 0 : lines + run.offset,
        error: CSV_MESSAGES.unreadable,
      });
      return undefined;
    },
  });
  parser.on('error', (error) => {
    run.fatal = error as { lines?: number };
  });
  parser.resume();
  const feed = (chunk: Buffer | null) =>
    new Promise<void>((resolve) => {
      if (run.fatal) return resolve();
      parser.once('error', () => resolve());
      if (chunk === null) parser.end(() => resolve());
      else parser.write(chunk, () => resolve());
    });
  try {
    for await (const chunk of source) {
      await feed(chunk);
      while (parsed.length) yield parsed.shift()!;
      if (run.fatal) break;
    }
    if (!run.fatal) await feed(null);
    while (parsed.length) yield parsed.shift()!;
  } finally {
    parser.destroy();
  }
}

/** A row checked cell by cell: the group to write, or undefined with the row's failure recorded. */
function validateRow(run: ImportRun, record: string[], row: number): Candidate | undefined {
  const cell = (name: CsvColumn) => {
    const index = run.header!.indexOf(name);
    return restoreCell(index >= 0 ? (record[index] ?? '') : '');
  };
  const fail = (error: string) => {
    run.failures.push({ row, error });
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
  const category = run.findCategory(categoryText);
  if (!category) return fail(IMPORT_ROW_MESSAGES.unknownCategory(categoryText));
  const approved = decodeStatus(cell('status'));
  if (approved === null) return fail(IMPORT_ROW_MESSAGES.badStatus);
  const createdAt = decodeDate(cell('data_criacao'));
  if (createdAt === null) return fail(IMPORT_ROW_MESSAGES.badDate);
  const tagIds = rowTags(run, cleanText(cell('tags')), category.adult);
  if (typeof tagIds === 'string') return fail(tagIds);
  const earlier = run.seenCodes.get(invite.code);
  if (earlier !== undefined) return fail(IMPORT_ROW_MESSAGES.repeatedLink(earlier));
  run.seenCodes.set(invite.code, row);
  return {
    row,
    tagIds,
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

/** A row's tags cell (slugs or names, comma-separated) as tag ids, or the row's pt-BR failure. */
function rowTags(run: ImportRun, text: string, adultCategory: boolean): number[] | string {
  const names = parseTagsField(text);
  if (names.length > MAX_GROUP_TAGS) return IMPORT_ROW_MESSAGES.tooManyTags;
  const ids: number[] = [];
  for (const name of names) {
    const tag = run.findTag(name);
    if (!tag) return IMPORT_ROW_MESSAGES.unknownTag(name);
    if (tag.adult && !adultCategory) return IMPORT_ROW_MESSAGES.adultTag(tag.name);
    ids.push(tag.id);
  }
  return ids;
}

/** Insert groups and the tags of the ones written, in the caller's transaction. */
async function insertWithTags(tx: Tx, records: Parameters<typeof insertGroups>[1], rows: Candidate[]) {
  const done = await insertGroups(tx, records);
  for (const [i, record] of records.entries())
    if (done.has(record.inviteCode) && rows[i]!.tagIds.length)
      await writeGroupTags(tx, record.id, rows[i]!.tagIds);
  return done;
}

/** Write a batch of valid rows: links already listed are reported first, then pictures, then one insert. */
async function writeBatch(run: ImportRun, batch: Candidate[]) {
  if (!batch.length) return;
  // Links already in the catalogue are reported before any picture is downloaded for them.
  const taken = await groupsByInvite(
    run.db,
    batch.map((r) => r.group.inviteCode),
  );
  const rows = batch.filter((r) => {
    const found = taken.get(r.group.inviteCode);
    if (!found) return true;
    // A part sent again after its answer was lost: the rows it already wrote count as imported.
    if (run.retry && found.title === r.group.title && found.categoryId === r.group.categoryId)
      run.success += 1;
    else run.failures.push({ row: r.row, error: IMPORT_ROW_MESSAGES.existingLink });
    return false;
  });
  if (!rows.length) return;
  const images = await importImages(
    rows.map((r) => r.imageCell),
    run.imageDeadline,
  );
  for (const [i, image] of images.entries())
    if (image.warning) run.warnings.push({ row: rows[i]!.row, warning: image.warning });
  const records = await withTitleSlugs(
    run.db,
    rows.map((r, i) => ({ ...r.group, image: images[i]!.image })),
  );
  await insertBatch(run, rows, records);
}

/** One transaction for the batch; when the database refuses it, each row alone, to keep the good ones. */
async function insertBatch(run: ImportRun, rows: Candidate[], records: Parameters<typeof insertGroups>[1]) {
  try {
    const done = await run.db.transaction((tx) => insertWithTags(tx, records, rows));
    for (const r of rows)
      if (!done.has(r.group.inviteCode))
        run.failures.push({ row: r.row, error: IMPORT_ROW_MESSAGES.existingLink });
    run.success += done.size;
  } catch (error) {
    // The database gone is no row's fault: the import stops with the pt-BR 503, not a row per row.
    if (isUnavailable(error)) throw error;
    // The batch left nothing behind (one transaction); each row is tried alone to keep the good ones.
    const reason = (error as { cause?: { message?: string } }).cause?.message ?? String(error).slice(0, 200);
    console.warn(`[csv] batch refused, retrying row by row: ${reason}`);
    for (const [i, record] of records.entries()) {
      try {
        const one = await run.db.transaction((tx) => insertWithTags(tx, [record], [rows[i]!]));
        if (one.size) run.success += 1;
        else run.failures.push({ row: rows[i]!.row, error: IMPORT_ROW_MESSAGES.existingLink });
      } catch (rowError) {
        if (isUnavailable(rowError)) throw rowError;
        run.failures.push({ row: rows[i]!.row, error: IMPORT_ROW_MESSAGES.notSaved });
      }
    }
  }
}

/** The import's answer: counts, failures and warnings in line order, and the pt-BR summary. */
function importResult(run: ImportRun): ImportResult {
  const { total, success, failures, warnings, fatal, offset } = run;
  if (fatal)
    failures.push({
      row: fatal.lines !== undefined ? fatal.lines + offset : total + 2 + offset,
      error: CSV_MESSAGES.unreadable,
    });
  if (!run.header) throw new AppError('BAD_REQUEST', CSV_MESSAGES.missingColumns);
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
      tags: groupTagSlugs,
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
    tags: (r) => r.tags ?? '',
  };
  const columns = CSV_HEADER as CsvColumn[];
  const csv = stringify([CSV_HEADER, ...rows.map((r) => columns.map((c) => cells[c](r)))], {
    cast: { string: (value) => neutraliseCell(value) },
    quoted_match: /[\r\n]/,
  });
  return `\uFEFF${csv}`;
}
