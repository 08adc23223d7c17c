// Submitted group pictures are stored twice: the full one (800 px wide, for sharing and og:image) and a
// square thumbnail for every place the site shows them (cards, the group page, related groups: at most
// 96 CSS px, so 192 px covers 2x screens). Pictures from elsewhere (CSV import) are used as they are.
import { identiconUrl } from './identicon.ts';

export const GROUP_THUMBNAIL_SIZE = 192;

const STORED = /^\/api\/images\/([0-9a-f-]{36})\.webp$/;

/** The stored name of the thumbnail of a full image's key. */
export function thumbnailKey(key: string): string {
  return key.replace(/\.webp$/, `-${GROUP_THUMBNAIL_SIZE}.webp`);
}

/** The address to show a group's picture at card size. */
export function groupThumbnail(image: string): string {
  const stored = STORED.exec(image);
  return stored ? `/api/images/${thumbnailKey(`${stored[1]}.webp`)}` : image;
}

/** What a card shows for a group: its picture's thumbnail, or its identicon when it has none. */
export function groupAvatar(group: { id: string; image: string | null }): string {
  return group.image ? groupThumbnail(group.image) : identiconUrl(group.id);
}
