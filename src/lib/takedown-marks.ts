// The marks our own components write around a group in the HTML, for the takedown edge (decision
// 0015): a meta tag naming a group page's group, and comments around each card (or block of cards) in
// a list. Only UUIDs go in, and user text is always escaped, so no group's text can make or end a mark.

/** The meta tag a group page carries (Base.astro), naming its group. */
export const GROUP_META_NAME = 'takedown-group';

const UUID_ONLY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The comments around HTML that shows these groups: the edge cuts it out when one is held. */
export function takedownRegion(ids: readonly string[]): { open: string; close: string } {
  const valid = ids.filter((id) => UUID_ONLY.test(id));
  return { open: `<!--takedown:${valid.join(' ')}-->`, close: '<!--/takedown-->' };
}

/** A group page's meta tag, or '' when the id is not a UUID. */
export function groupMetaTag(id: string | undefined): string {
  return id && UUID_ONLY.test(id) ? `<meta name="${GROUP_META_NAME}" content="${id}">` : '';
}
