// The 'Link verificado em dd/MM/yyyy' badge of cards and group pages. Pure: islands and pages use it.
// A date, not 'há 2 dias': static HTML stays true between builds.
import { formatDate } from '#src/lib/format.ts';

export const LINK_VERIFIED_PREFIX = 'Link verificado em';

/** The badge's date (Brasília time) when the last conclusive check was live, else null. */
export function linkVerifiedDate(group: { linkStatus: string; linkLiveAt: string | null }): string | null {
  if (group.linkStatus !== 'live' || !group.linkLiveAt) return null;
  return formatDate(group.linkLiveAt) || null;
}
