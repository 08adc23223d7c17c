// The CSV import's query and messages, shared by the admin screen and the import function. No server
// imports: islands load this file.
import { z } from 'zod';

/** POST /api/admin/groups/import: a part of a bigger file says where its lines are in the whole file. */
export const CsvImportQuerySchema = z.object({
  lineOffset: z.coerce.number().int().min(0).max(100_000_000).default(0),
  /** '1' when the screen sends a part again after losing its answer (see importGroups). */
  retry: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
});

/** The most one part of a CSV import may be (the admin screen sends a big file in parts). */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;

export const CSV_MESSAGES = {
  noFile: 'Por favor, selecione um arquivo CSV para importar',
  wrongFormat: 'Por favor, selecione um arquivo CSV',
  wrongFormatTitle: 'Formato inválido',
  missingColumns: 'O arquivo deve ter ao menos as colunas titulo, link e categoria',
  tooLarge: `O arquivo CSV pode ter no máximo ${CSV_MAX_BYTES / (1024 * 1024)}MB`,
  /** the admin screen sends a big file in parts; the file itself may be this large */
  tooLargeFile: 'O arquivo CSV pode ter no máximo 100MB',
  unreadable: 'Não foi possível ler o arquivo CSV. Verifique se ele está no formato correto.',
} as const;
