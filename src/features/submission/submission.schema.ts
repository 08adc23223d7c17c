// Group submission fields, shared by the /enviar form and POST /api/groups.
import { z } from 'zod';
import { INVITE_LINK_MESSAGE, normalizeInviteLink } from '#src/features/groups/groups.ts';
import { multiLineText, singleLineText } from '#src/lib/text.ts';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TOO_LARGE_MESSAGE = 'A imagem não pode ter mais que 5MB';
export const IMAGE_TYPE_MESSAGE = 'O arquivo deve ser uma imagem';

export const SubmissionSchema = z.object({
  title: singleLineText({ error: 'O título é obrigatório' })
    .trim()
    .min(1, 'O título é obrigatório')
    .max(120, 'O título deve ter no máximo 120 caracteres'),
  description: multiLineText({ error: 'A descrição é obrigatória' })
    .trim()
    .min(1, 'A descrição é obrigatória')
    .max(2000, 'A descrição deve ter no máximo 2000 caracteres'),
  link: singleLineText({ error: INVITE_LINK_MESSAGE })
    .trim()
    .refine((v) => normalizeInviteLink(v) !== null, INVITE_LINK_MESSAGE),
  category: singleLineText({ error: 'A categoria é obrigatória' }).trim().min(1, 'A categoria é obrigatória'),
});
export type SubmissionInput = z.input<typeof SubmissionSchema>;

/** An owner's edit from the panel: the same rules, each field optional (the form sends them all). */
export const OwnerGroupEditSchema = SubmissionSchema.partial();
export type OwnerGroupEditInput = z.input<typeof OwnerGroupEditSchema>;
