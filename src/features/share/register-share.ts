// Counting a share, from the page's delegated listener and from the 'Compartilhar Grupo' dialog.
import { postBeacon } from '#src/lib/beacon.ts';

/** Register one share of a group on a platform (best effort). */
export function registerShare(groupId: string, platform: string) {
  postBeacon(`/api/groups/${encodeURIComponent(groupId)}/share`, { platform });
}
