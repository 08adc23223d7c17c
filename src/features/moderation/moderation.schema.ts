// The admin's group moderation: list filters, the edit dialog, featuring by days; shared by the admin
// islands and the functions. No server imports: islands load this file.
import { z } from 'zod';
import type { HoldReason } from '#db/schema.ts';
import type { LinkAnswer } from '#src/features/links/link-health.ts';
import { boolish } from '#src/lib/form-values.ts';
import { multiLineText, singleLineText, visibleText } from '#src/lib/text.ts';
import { TagsField } from '../tags/tags.ts';

export const ADMIN_PAGE_SIZE = 15;
export const FEATURE_DURATIONS = [1, 7, 30] as const;
export const QUICK_FEATURE_DAYS = 30;
/** The edit dialog's default when a group is newly featured. */
export const EDIT_FEATURE_DAYS = 7;
export const GROUP_STATUS_FILTERS = ['all', 'pending', 'approved', 'featured', 'dead_link'] as const;
export type GroupStatusFilter = (typeof GROUP_STATUS_FILTERS)[number];

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
    title: visibleText(1, 'O título é obrigatório').max(200, 'O título deve ter no máximo 200 caracteres'),
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
    /** the group's tags (slugs), replacing its current ones (#43) */
    tags: TagsField,
  })
  .partial();
export type GroupEdit = z.infer<typeof GroupEditSchema>;

export const FeatureSchema = z.object({ days: featureDays.default(QUICK_FEATURE_DAYS) });

/** PATCH /api/admin/groups/{id}/feature-undo: the days a feature action added and the end it answered. */
export const FeatureUndoSchema = z.object({
  days: featureDays,
  until: z.iso.datetime({ error: 'Data do destaque inválida', offset: true }),
});
export type FeatureUndo = z.infer<typeof FeatureUndoSchema>;

export const FEATURE_PENDING_MESSAGE = 'Aprove o grupo antes de destacá-lo.';
export const FEATURE_UNDO_CHANGED_MESSAGE =
  'O destaque deste grupo mudou desde então (um pagamento ou outra pessoa da equipe). Ajuste-o em Editar.';

/** 'Excluir' of an approved group with an owner removes it: the reason goes by e-mail to the owner. */
export const RemoveGroupSchema = z.object({
  reason: singleLineText().trim().max(1000, 'Escreva no máximo 1000 caracteres').optional(),
});

export const TITLE_NOT_FOUND = 'Título não encontrado';
export const DUPLICATE_LINK = 'Já existe um grupo com este link';

/** A row of the admin's group list (GET /api/admin/groups). */
export interface AdminGroup {
  id: string;
  title: string;
  description: string;
  link: string;
  type: 'group' | 'channel';
  followers: number | null;
  image: string | null;
  cliques: number;
  approved: boolean;
  featured: boolean;
  featuredUntil: string | null;
  /** set while a hold pauses the featuring (the days until featuredUntil are kept) */
  featuringPausedAt: string | null;
  hidden: boolean;
  hiddenReason: HoldReason | null;
  owned: boolean;
  linkStatus: LinkAnswer;
  linkCheckedAt: string | null;
  linkLiveAt: string | null;
  createdAt: string;
  category: string;
  path: string;
  /** the account that sent it, in the list (null: sent without an account) */
  sender?: { name: string; email: string } | null;
  /** the tags' slugs (#43) */
  tags?: string[];
}
