// Group submission fields, shared by the /enviar form and POST /api/groups.
import { z } from 'zod';
import { InviteLinkField } from '#src/features/links/links.schema.ts';
import { multiLineText, singleLineText, visibleText } from '#src/lib/text.ts';
import { TagsField } from '../tags/tags.ts';

/**
 * How soon a sent group is reviewed, as /enviar's success screen promises it: the team's moderation
 * pace, stated once (change it here when the pace changes).
 */
export const MODERATION_TIME = 'em geral em até 24 horas';

/** The shortest description a group may have: sending it and the owner's edit share the rule. */
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_SHORT_MESSAGE = `A descrição deve ter pelo menos ${DESCRIPTION_MIN} caracteres: conte do que o grupo trata`;

export const SubmissionSchema = z.object({
  title: visibleText(1, 'O título é obrigatório', { error: 'O título é obrigatório' }).max(
    120,
    'O título deve ter no máximo 120 caracteres',
  ),
  description: multiLineText({ error: 'A descrição é obrigatória' })
    .trim()
    .min(1, 'A descrição é obrigatória')
    .min(DESCRIPTION_MIN, DESCRIPTION_SHORT_MESSAGE)
    .max(2000, 'A descrição deve ter no máximo 2000 caracteres'),
  link: InviteLinkField,
  category: singleLineText({ error: 'A categoria é obrigatória' }).trim().min(1, 'A categoria é obrigatória'),
  /** comma-separated tag slugs, at most MAX_GROUP_TAGS (#43); checked against the vocabulary server-side */
  tags: TagsField.optional(),
});
export type SubmissionInput = z.input<typeof SubmissionSchema>;

/** An owner's edit from the panel: the same rules, each field optional (the form sends them all). */
export const OwnerGroupEditSchema = SubmissionSchema.partial();
export type OwnerGroupEditInput = z.input<typeof OwnerGroupEditSchema>;

export const FOLLOW_EXPIRED_MESSAGE =
  'Não foi possível ligar o grupo à sua conta: o convite para acompanhá-lo expirou ou não é deste grupo.';

/** POST /api/user/groups/{id}/follow: the token the anonymous submission answered with. */
export const FollowSchema = z.object({
  token: z
    .string({ error: FOLLOW_EXPIRED_MESSAGE })
    .min(1, FOLLOW_EXPIRED_MESSAGE)
    .max(2000, FOLLOW_EXPIRED_MESSAGE),
});
