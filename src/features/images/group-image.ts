// Submitted group pictures are stored twice: the full one (800 px wide, for sharing and og:image) and a
// square thumbnail for every place the site shows them (cards, the group page, related groups: at most
// 96 CSS px, so 192 px covers 2x screens). Pictures from elsewhere (CSV import) are used as they are.
// The one place that knows how a stored picture's address looks (/api/images/<uuid>.webp).
import { UUID_SOURCE } from '#src/lib/ids.ts';
import { identiconUrl } from './identicon.ts';

export const GROUP_THUMBNAIL_SIZE = 192;

/** A picture stored by the site, served by functions/images.ts. */
const STORED = new RegExp(`^/api/images/(${UUID_SOURCE}\\.webp)$`);

/** The public address of a stored picture. */
export function imageUrl(key: string): string {
  return `/api/images/${key}`;
}

/** The stored key of a picture's address, or null (no picture, or one from elsewhere). */
export function storedImageKey(image: string | null | undefined): string | null {
  return image ? (STORED.exec(image)?.[1] ?? null) : null;
}

/** The stored name of the thumbnail of a full image's key. */
export function thumbnailKey(key: string): string {
  return key.replace(/\.webp$/, `-${GROUP_THUMBNAIL_SIZE}.webp`);
}

/** The address to show a group's picture at card size. */
export function groupThumbnail(image: string): string {
  const key = storedImageKey(image);
  return key ? imageUrl(thumbnailKey(key)) : image;
}

/** What a card shows for a group: its picture's thumbnail, or its identicon when it has none. */
export function groupAvatar(group: { id: string; image: string | null }): string {
  return group.image ? groupThumbnail(group.image) : identiconUrl(group.id);
}

/** A group picture sent by a form: the cap and the messages. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The cap as people read it ('5MB'), for hints and messages. */
export const IMAGE_MAX_LABEL = `${IMAGE_MAX_BYTES / (1024 * 1024)}MB`;
export const IMAGE_TOO_LARGE_MESSAGE = `A imagem não pode ter mais que ${IMAGE_MAX_LABEL}`;
export const IMAGE_TYPE_MESSAGE = 'O arquivo deve ser uma imagem';
