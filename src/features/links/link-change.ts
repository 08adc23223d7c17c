// What a new invite link changes on a group, whoever changes it: the owner's edit, the owner's
// 'Atualizar link', an admin's edit (and the coming claim flow). One rule, so no path forgets a part.
import type { groups } from '#db/schema.ts';
import type { InviteLink } from '#src/features/groups/groups.ts';
import { newLinkCheckState, type PolicyAnswer } from './check-policy.ts';

/**
 * The columns to set for a group's new link: the link itself; a fresh check state from the answer the
 * new link got (the old link's dead answers never count against it, so one dead answer cannot hide it
 * again at once, #35); and a group its dead link hid comes back. Whether the group goes back to
 * moderation stays the caller's rule.
 */
export function linkChange(
  invite: InviteLink,
  answer: PolicyAnswer,
  current: { hiddenReason: string | null },
  now: Date,
): Partial<typeof groups.$inferInsert> {
  return {
    link: invite.link,
    inviteCode: invite.code,
    type: invite.type,
    ...newLinkCheckState(answer, now),
    ...(current.hiddenReason === 'dead_link' ? { hiddenAt: null, hiddenReason: null } : {}),
  };
}
