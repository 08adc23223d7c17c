// The invite preview's request and answer, shared by POST /api/invite-preview and the submit form.
import { z } from 'zod';
import { type GroupType, INVITE_LINK_MESSAGE, normalizeInviteLink } from '#src/features/groups/groups.ts';
import { singleLineText } from '#src/lib/text.ts';

/** A group's invite link as a form sends it (the submission, an owner's edit, 'Atualizar link'). */
export const InviteLinkField = singleLineText({ error: INVITE_LINK_MESSAGE })
  .trim()
  .refine((v) => normalizeInviteLink(v) !== null, INVITE_LINK_MESSAGE);

export const DEAD_LINK_MESSAGE = 'Este link de convite foi revogado ou não existe.';
export const PREVIEW_TOO_MANY_MESSAGE =
  'Muitas verificações de link em pouco tempo. Aguarde alguns minutos e tente novamente.';

export const InvitePreviewSchema = z.object({
  link: z
    .string({ error: INVITE_LINK_MESSAGE })
    .trim()
    .max(500, INVITE_LINK_MESSAGE)
    .refine((v) => normalizeInviteLink(v) !== null, INVITE_LINK_MESSAGE),
});

/** What the form learns about a link. `imageUrl` is a small inline picture, for display only. */
export interface InvitePreview {
  status: 'live' | 'dead' | 'unknown';
  type: GroupType;
  title?: string;
  imageUrl?: string;
  followers?: number;
}
