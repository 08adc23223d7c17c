// Group submission fields, shared by the /enviar form and POST /api/groups.
import { z } from 'zod';
import { InviteLinkField } from '#src/features/links/links.schema.ts';
import { multiLineText, singleLineText, visibleText } from '#src/lib/text.ts';

export const SubmissionSchema = z.object({
  title: visibleText(1, 'O título é obrigatório', { error: 'O título é obrigatório' }).max(
    120,
    'O título deve ter no máximo 120 caracteres',
  ),
  description: multiLineText({ error: 'A descrição é obrigatória' })
    .trim()
    .min(1, 'A descrição é obrigatória')
    .max(2000, 'A descrição deve ter no máximo 2000 caracteres'),
  link: InviteLinkField,
  category: singleLineText({ error: 'A categoria é obrigatória' }).trim().min(1, 'A categoria é obrigatória'),
});
export type SubmissionInput = z.input<typeof SubmissionSchema>;

/** An owner's edit from the panel: the same rules, each field optional (the form sends them all). */
export const OwnerGroupEditSchema = SubmissionSchema.partial();
export type OwnerGroupEditInput = z.input<typeof OwnerGroupEditSchema>;
