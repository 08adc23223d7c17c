// CSV import (streamed through csv-parse, row by row: bad rows are reported, good rows kept) and
// export (csv-stringify, formula-looking cells neutralised).
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { categories, groups } from '#db/schema.ts';
import {
  INVITE_LINK_MESSAGE,
  normalizeInviteLink,
  slugify,
  titleSlugFor,
} from '#src/features/groups/groups.ts';
import { requestRebuild } from '#src/features/rebuilds/rebuilds.server.ts';
import { formatDate } from '#src/lib/format.ts';
import { AppError } from '#src/lib/http.server.ts';
import { CSV_MESSAGES } from './admin.schema.ts';
import {
  cleanText,
  MultipartError,
  multipartBoundary,
  neutraliseCell,
  normaliseHeader,
  openMultipartFile,
} from './csv.ts';

export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 5000;
/** Imported `imagem` cells are file names under this path (spec: "prefixed by a storage base path"). */
export const IMPORT_IMAGE_BASE = '/uploads/groups/';
const IMAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.(?:jpe?g|png|webp|gif)$/i;

export interface ImportFailure {
  row: number;
  error: string;
}
export interface ImportResult {
  results: { total: number; success: number; failed: number; failures: ImportFailure[] };
  message: string;
}

/** The CSV file of an import request (multipart field csvFile), streamed; 400 with the spec's messages. */
export async function csvUpload(req: Request): Promise<AsyncIterable<Buffer>> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > CSV_MAX_BYTES + 64 * 1024) throw new AppError('PAYLOAD_TOO_LARGE', CSV_MESSAGES.tooLarge);
  const boundary = multipartBoundary(req.headers.get('content-type'));
  if (!boundary || !req.body) throw new AppError('BAD_REQUEST', CSV_MESSAGES.noFile);
  const file = await openMultipartFile(req.body, boundary, 'csvFile', CSV_MAX_BYTES).catch((error) => {
    if (error instanceof MultipartError) throw new AppError('BAD_REQUEST', CSV_MESSAGES.unreadable);
    throw error;
  });
  if (!file?.filename) throw new AppError('BAD_REQUEST', CSV_MESSAGES.noFile);
  if (!file.filename.toLowerCase().endsWith('.csv'))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', CSV_MESSAGES.wrongFormat);
  return file.content;
}

const REQUIRED = ['titulo', 'imagem', 'link'] as const;

/** Import groups from a CSV stream; each valid row is inserted (approved) on its own. */
export async function importGroups(db: Db, source: AsyncIterable<Buffer>): Promise<ImportResult> {
  const cats = await db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  if (!cats.length)
    throw new AppError('CONFLICT', 'Cadastre ao menos uma categoria antes de importar grupos.');
  const byKey = new Map<string, (typeof cats)[number]>();
  for (const c of cats) {
    byKey.set(slugify(c.name), c);
    byKey.set(c.slug, c);
  }
  const defaultCategory = cats[0]!;
  const slugsByCategory = new Map<number, Set<string>>();
  async function takenSlugs(categoryId: number) {
    let set = slugsByCategory.get(categoryId);
    if (!set) {
      const rows = await db
        .select({ slug: groups.titleSlug })
        .from(groups)
        .where(eq(groups.categoryId, categoryId));
      set = new Set(rows.map((r) => r.slug));
      slugsByCategory.set(categoryId, set);
    }
    return set;
  }

  // The file is fed to csv-parse chunk by chunk; the records of each chunk are collected by on_record
  // and imported before the next chunk is read, so memory holds one chunk, and a fatal parse error
  // (an unclosed quote) never drops records parsed before it. A broken record is skipped and reported.
  const failures: ImportFailure[] = [];
  const parsed: { record: string[]; row: number }[] = [];
  let fatal: { lines?: number } | undefined;
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: 64 * 1024,
    skip_records_with_error: true,
    on_record: (record: string[], context) => {
      parsed.push({ record, row: context.lines });
      return null;
    },
    on_skip: (error) => {
      failures.push({
        row: (error as { lines?: number } | undefined)?.lines ?? 0,
        error: CSV_MESSAGES.unreadable,
      });
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
  let inserted = false;
  let stopped = false;

  async function importRecord(record: string[], row: number) {
    if (!header) {
      header = record.map(normaliseHeader);
      if (!REQUIRED.every((column) => header!.includes(column)))
        throw new AppError('BAD_REQUEST', CSV_MESSAGES.missingColumns);
      return;
    }
    if (total >= CSV_MAX_ROWS) {
      failures.push({ row, error: CSV_MESSAGES.tooManyRows });
      stopped = true;
      return;
    }
    total += 1;
    const cell = (name: string) => {
      const index = header!.indexOf(name);
      return index >= 0 ? (record[index] ?? '') : '';
    };
    const fail = (error: string) => {
      failures.push({ row, error });
    };

    const title = cleanText(cell('titulo'));
    if (!title) return fail('Título é obrigatório');
    if (title.length > 200) return fail('O título deve ter no máximo 200 caracteres');
    const invite = normalizeInviteLink(cleanText(cell('link')));
    if (!invite) return fail(`Link inválido: ${INVITE_LINK_MESSAGE}`);
    const image = cleanText(cell('imagem'));
    if (image && !IMAGE_NAME.test(image))
      return fail('Imagem inválida: informe só o nome do arquivo (.jpg, .png, .webp ou .gif)');
    const description = cleanText(cell('descricao'), true) || title;
    if (description.length > 5000) return fail('A descrição deve ter no máximo 5000 caracteres');
    const categoryText = cleanText(cell('categoria'));
    const category = categoryText ? byKey.get(slugify(categoryText)) : defaultCategory;
    if (!category) return fail(`Categoria não encontrada: ${categoryText.slice(0, 60)}`);
    const earlier = seenCodes.get(invite.code);
    if (earlier !== undefined) return fail(`Link duplicado no arquivo (mesmo link da linha ${earlier})`);
    seenCodes.set(invite.code, row);

    const id = randomUUID();
    const taken = await takenSlugs(category.id);
    const titleSlug = titleSlugFor(title, id, (slug) => taken.has(slug));
    const [created] = await db
      .insert(groups)
      .values({
        id,
        title,
        description,
        link: invite.link,
        inviteCode: invite.code,
        type: invite.type,
        categoryId: category.id,
        titleSlug,
        image: image ? `${IMPORT_IMAGE_BASE}${image}` : null,
        approved: true,
      })
      .onConflictDoNothing({ target: groups.inviteCode })
      .returning({ id: groups.id });
    if (!created) return fail('Grupo duplicado: já existe um grupo com este link');
    taken.add(titleSlug);
    success += 1;
    inserted = true;
  }

  async function drain() {
    while (parsed.length && !stopped) {
      const next = parsed.shift()!;
      await importRecord(next.record, next.row);
    }
    parsed.length = 0;
  }

  try {
    for await (const chunk of source) {
      await feed(chunk);
      await drain();
      if (fatal || stopped) break;
    }
    if (!fatal && !stopped) await feed(null);
    await drain();
  } catch (error) {
    if (error instanceof MultipartError) throw new AppError('PAYLOAD_TOO_LARGE', CSV_MESSAGES.tooLarge);
    throw error;
  } finally {
    parser.destroy();
    if (inserted) await requestRebuild(db, `importação CSV (${success} grupos)`);
  }
  if (fatal) failures.push({ row: fatal.lines ?? total + 2, error: CSV_MESSAGES.unreadable });
  if (!header) throw new AppError('BAD_REQUEST', CSV_MESSAGES.missingColumns);
  failures.sort((a, b) => a.row - b.row);
  const failed = total - success;
  return {
    results: { total, success, failed, failures },
    message:
      success === total && !failures.length
        ? `${success} grupo(s) importado(s) com sucesso`
        : `${success} de ${total} grupo(s) importado(s); ${failures.length} linha(s) com erro`,
  };
}

/** Every group as CSV (UTF-8 with BOM for spreadsheets): title, description, link, category, status, date. */
export async function exportGroupsCsv(db: Db): Promise<string> {
  const rows = await db
    .select({
      title: groups.title,
      description: groups.description,
      link: groups.link,
      category: categories.name,
      approved: groups.approved,
      createdAt: groups.createdAt,
    })
    .from(groups)
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .orderBy(desc(groups.createdAt), desc(groups.id));
  const records = rows.map((r) => [
    r.title,
    r.description,
    r.link,
    r.category,
    r.approved ? 'Aprovado' : 'Pendente',
    formatDate(r.createdAt),
  ]);
  const csv = stringify(
    [['titulo', 'descricao', 'link', 'categoria', 'status', 'data_criacao'], ...records],
    {
      cast: { string: (value) => neutraliseCell(value) },
      quoted_match: /[\r\n]/,
    },
  );
  return `\uFEFF${csv}`;
}
