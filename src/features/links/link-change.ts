// What a new invite link changes on a group, whoever changes it: the owner's edit, the owner's
// 'Atualizar link', an admin's edit (and the coming claim flow). One rule, so no path forgets a part.
import type { groups } from '#db/schema.ts';
import { type InviteLink, WHATSAPP_TITLE_MAX } from '#src/features/groups/groups.ts';
import { singleLine } from '#src/lib/text.ts';
import { newLinkCheckState, type PolicyAnswer } from './check-policy.ts';

/** The lift reason of a dead link's hold when the group gets a new link (the caller lifts it, #40). */
export const NEW_LINK_LIFT = 'Link de convite trocado';
/** The lift reason of a dead link's hold when a check finds the link working. */
export const LINK_LIVE_AGAIN = 'O link voltou a funcionar';

/** A name WhatsApp showed, as stored ('No WhatsApp: …'): one line, trimmed, at most WHATSAPP_TITLE_MAX. */
export function storedWhatsappTitle(title: string | undefined): string | null {
  const line = singleLine(title ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return line ? line.slice(0, WHATSAPP_TITLE_MAX) : null;
}

/**
 * The columns to set for a group's new link: the link itself and a fresh check state from the answer
 * the new link got (the old link's dead answers never count against it, so one dead answer cannot hide
 * it again at once, #35). The caller lifts the dead link's hold in the same transaction (liftHolds with
 * NEW_LINK_LIFT), and whether the group goes back to moderation stays its rule.
 */
export function linkChange(
  invite: InviteLink,
  answer: PolicyAnswer,
  now: Date,
  /** the name WhatsApp showed for the new link, when the answer was live */
  title?: string,
): Partial<typeof groups.$inferInsert> {
  return {
    link: invite.link,
    inviteCode: invite.code,
    type: invite.type,
    ...newLinkCheckState(answer, now),
    // the old link's name says nothing of the new one
    whatsappTitle: answer === 'live' ? storedWhatsappTitle(title) : null,
  };
}
