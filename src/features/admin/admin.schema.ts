// Admin input rules and their pt-BR messages (spec sections 5, 8 and 9), shared by the admin islands
// and the functions. No server imports: islands load this file.
import { z } from 'zod';
import { GROUP_NOT_FOUND } from '#src/lib/ids.ts';
import { multiLineText, singleLineText } from '#src/lib/text.ts';
import type { LinkAnswer } from '../links/link-health.ts';

export const ADMIN_PAGE_SIZE = 15;
export const ADS_PAGE_SIZE = 6;
export const FEATURE_DURATIONS = [1, 7, 30] as const;
export const QUICK_FEATURE_DAYS = 30;
/** The edit dialog's default when a group is newly featured. */
export const EDIT_FEATURE_DAYS = 7;
export const GROUP_STATUS_FILTERS = ['all', 'pending', 'approved', 'featured', 'dead_link'] as const;
export type GroupStatusFilter = (typeof GROUP_STATUS_FILTERS)[number];

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

export const AdminGroupsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  limit: z.coerce.number().int().min(1).max(100).catch(ADMIN_PAGE_SIZE),
  search: singleLineText().trim().max(200).optional(),
  status: z.enum(GROUP_STATUS_FILTERS).catch('all'),
  approved: boolish.optional().catch(undefined),
  featured: boolish.optional().catch(undefined),
});

const featureDays = z.coerce
  .number()
  .int()
  .refine(
    (d) => (FEATURE_DURATIONS as readonly number[]).includes(d),
    'Duração inválida: escolha 1, 7 ou 30 dias',
  );

export const GroupEditSchema = z
  .object({
    title: singleLineText()
      .trim()
      .min(1, 'O título é obrigatório')
      .max(200, 'O título deve ter no máximo 200 caracteres'),
    description: multiLineText()
      .trim()
      .min(1, 'A descrição é obrigatória')
      .max(5000, 'A descrição deve ter no máximo 5000 caracteres'),
    link: singleLineText().trim().min(1, 'O link é obrigatório').max(500),
    category: singleLineText().trim().min(1, 'A categoria é obrigatória').max(100),
    approved: z.boolean(),
    featured: z.boolean(),
    /** Days to add to the featuring by the server's rule (extendFeaturedEnd); never an end date. */
    featureDays: featureDays,
    /** Only null (unfeature): an end date computed elsewhere would overwrite paid time. */
    featuredUntil: z.null({ error: 'Informe a duração do destaque em dias (1, 7 ou 30)' }),
  })
  .partial();
export type GroupEdit = z.infer<typeof GroupEditSchema>;

export const FeatureSchema = z.object({ days: featureDays.default(QUICK_FEATURE_DAYS) });

export const ADMIN_MESSAGES = {
  groupNotFound: GROUP_NOT_FOUND,
  titleNotFound: 'Título não encontrado',
  duplicateLink: 'Já existe um grupo com este link',
  categoryNotFound: 'Categoria não encontrada',
  categoryInUse:
    'Não é possível excluir uma categoria que possui grupos. Mova ou exclua os grupos dela antes de excluí-la.',
  categoryDuplicate: 'Já existe uma categoria com este nome ou slug',
  adNotFound: 'Anúncio não encontrado',
  planNotFound: 'Plano não encontrado',
  reportNotFound: 'Nenhuma denúncia pendente para este grupo',
} as const;

// --- Advertisements ---------------------------------------------------------------------------

const adFields = {
  title: singleLineText()
    .trim()
    .min(1, 'O título é obrigatório')
    .max(120, 'O título deve ter no máximo 120 caracteres'),
  description: multiLineText()
    .trim()
    .min(1, 'A descrição é obrigatória')
    .max(500, 'A descrição deve ter no máximo 500 caracteres'),
  link: singleLineText()
    .trim()
    .max(500)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'O link deve ser uma URL válida'),
  active: boolish,
};
export const AdFormSchema = z.object({ ...adFields, active: adFields.active.default(true) });
/** PATCH: any subset, no defaults. */
export const AdPatchSchema = z.object(adFields).partial();
export type AdForm = z.output<typeof AdFormSchema>;
export type AdPatch = z.output<typeof AdPatchSchema>;

// --- Feature plans ------------------------------------------------------------------------------

/** 'R$ 19,90', '19,90', '19.90' or a number of reais -> integer centavos; NaN when unreadable. */
export function reaisToCents(value: string | number): number {
  if (typeof value === 'number') return Math.round(value * 100);
  const cleaned = value.replace(/R\$|\s/g, '');
  const normalized = cleaned.includes(',') ? cleaned.replace(/\./g, '').replace(',', '.') : cleaned;
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return Number.NaN;
  return Math.round(Number(normalized) * 100);
}

const planFields = {
  name: singleLineText().trim().min(2, 'O nome deve ter pelo menos 2 caracteres').max(80),
  description: multiLineText().trim().max(300, 'A descrição deve ter no máximo 300 caracteres'),
  days: z.coerce
    .number({ message: 'Informe a duração em dias' })
    .int('A duração deve ser um número inteiro de dias')
    .min(1, 'A duração deve ser de pelo menos 1 dia')
    .max(365, 'A duração deve ser de no máximo 365 dias'),
  price: z
    .union([z.string(), z.number()])
    .transform(reaisToCents)
    .refine(
      (cents) => Number.isFinite(cents) && cents >= 100,
      'Informe um preço válido em R$ (mínimo R$ 1,00)',
    )
    .refine((cents) => cents < 100_000_000, 'Preço alto demais'),
  active: z.boolean(),
};

export const PlanFormSchema = z.object({
  ...planFields,
  description: planFields.description.default(''),
  active: planFields.active.default(true),
});
/** PATCH: any subset, no defaults (an activation toggle must not reset the description). */
export const PlanPatchSchema = z.object(planFields).partial();
export type PlanForm = z.input<typeof PlanFormSchema>;

// --- Reports --------------------------------------------------------------------------------------

export const REPORT_ACTIONS = ['dismiss', 'hide', 'delete'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const ReportActionSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { message: 'Ação inválida' }),
});

export const REPORT_REASON_LABELS: Record<string, string> = {
  inappropriate_content: 'Conteúdo impróprio',
  spam: 'Spam',
  scam: 'Golpe',
  illegal: 'Conteúdo ilegal',
  underage: 'Menores de idade',
  duplicate: 'Duplicado',
  other: 'Outro',
  broken_link: 'Link quebrado',
};

// --- PWA ------------------------------------------------------------------------------------------

const hexColor = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Use uma cor hexadecimal, por exemplo #25D366');

export const PwaSettingsSchema = z.object({
  enabled: z.boolean(),
  appName: singleLineText().trim().min(2, 'O nome do app deve ter pelo menos 2 caracteres').max(60),
  description: singleLineText().trim().max(300, 'A descrição deve ter no máximo 300 caracteres'),
  themeColor: hexColor,
  backgroundColor: hexColor,
});
export type PwaSettingsForm = z.infer<typeof PwaSettingsSchema>;
export const PWA_ICON_SIZES = [192, 512] as const;

// --- CSV ------------------------------------------------------------------------------------------

/** POST /api/admin/groups/import: a part of a bigger file says where its lines are in the whole file. */
export const CsvImportQuerySchema = z.object({
  lineOffset: z.coerce.number().int().min(0).max(100_000_000).default(0),
  /** '1' when the screen sends a part again after losing its answer (see importGroups). */
  retry: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
});

export const CSV_MESSAGES = {
  noFile: 'Por favor, selecione um arquivo CSV para importar',
  wrongFormat: 'Por favor, selecione um arquivo CSV',
  wrongFormatTitle: 'Formato inválido',
  missingColumns: 'O arquivo deve ter ao menos as colunas titulo e link',
  tooLarge: 'O arquivo CSV pode ter no máximo 5MB',
  /** the admin screen sends a big file in parts; the file itself may be this large */
  tooLargeFile: 'O arquivo CSV pode ter no máximo 100MB',
  unreadable: 'Não foi possível ler o arquivo CSV. Verifique se ele está no formato correto.',
} as const;

/** A row of the admin's group list (GET /api/admin/groups). */
export interface AdminGroup {
  id: string;
  title: string;
  description: string;
  link: string;
  image: string | null;
  cliques: number;
  approved: boolean;
  featured: boolean;
  featuredUntil: string | null;
  hidden: boolean;
  hiddenReason: 'reports' | 'dead_link' | 'legal_notice' | null;
  linkStatus: LinkAnswer;
  linkCheckedAt: string | null;
  linkLiveAt: string | null;
  createdAt: string;
  category: string;
  path: string;
}
