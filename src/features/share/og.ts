// Where a group page's share picture (og:image) lives. Pure: the build and the function agree on it.
import { storedImageKey } from '../images/group-image.ts';
import { hash } from '../images/identicon.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/**
 * The share picture of a group: a 1200x630 card drawn on demand (/og/<id>/<version>.png) with its title,
 * category, the site's name and its picture when the site stores one. The version changes whenever
 * what the card shows changes, so the CDN may keep each address for good. A picture from elsewhere
 * (CSV import) is used as it is: the site never fetches other servers' addresses for a card. An adult
 * (18+) group's card is neutral: no title, no picture, like its page before the age confirmation.
 */
export function ogImageOf(group: {
  id: string;
  title: string;
  category: string;
  image: string | null;
  adult?: boolean;
}): {
  path: string;
  width?: number;
  height?: number;
} {
  if (!group.adult && group.image && !storedImageKey(group.image) && /^https?:\/\//.test(group.image))
    return { path: group.image };
  const shown = group.adult
    ? `adult\n${group.category}`
    : `${group.title}\n${group.category}\n${group.image ?? ''}`;
  const version = hash(shown).toString(36);
  return { path: `/og/${group.id}/${version}.png`, width: OG_WIDTH, height: OG_HEIGHT };
}
