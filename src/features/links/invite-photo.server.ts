// A group's WhatsApp photo, fetched only from WhatsApp's image hosts (or the local stand-in) with
// time and size caps: copied into the site's own image storage through the upload pipeline (the
// signed pps URL expires, and hot-linking would hand our visitors to WhatsApp), or shrunk to a small
// inline picture for the submit form's preview (stored nowhere).
import { GROUP_THUMBNAIL_SIZE, IMAGE_MAX_BYTES } from '#src/features/images/group-image.ts';
import {
  prepareImageBytes,
  saveImage,
  imageUrl as storedImageUrl,
} from '#src/features/images/stored-images.server.ts';
import { sniffImage, toWebp } from '#src/lib/images.server.ts';
import { readBounded } from '#src/lib/read-bounded.server.ts';
import { checkInvite, type InviteCheck, isWhatsAppImageUrl, whatsappBase } from './invite-check.server.ts';

const PHOTO_TIMEOUT_MS = 5_000;

export interface PhotoOptions {
  signal?: AbortSignal;
  /** another origin standing in for WhatsApp's image host (tests); defaults to whatsappBase() */
  base?: string;
}

/** The photo's bytes, or null when the URL is not on WhatsApp's image hosts or the fetch fails. */
async function fetchInvitePhoto(imageUrl: string, options: PhotoOptions): Promise<Uint8Array | null> {
  let url: URL;
  try {
    url = new URL(imageUrl);
  } catch {
    return null;
  }
  const base = options.base ? new URL(options.base) : whatsappBase();
  if (!isWhatsAppImageUrl(url, base)) return null;
  const timeout = AbortSignal.timeout(PHOTO_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      redirect: 'error',
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      headers: { accept: 'image/jpeg,image/png,image/*' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const bytes = await readBounded(response.body, IMAGE_MAX_BYTES, {
      declared: response.headers.get('content-length'),
    });
    return bytes?.byteLength ? new Uint8Array(bytes) : null;
  } catch {
    return null;
  }
}

/**
 * Copy an invite photo into the image store: its key (for deleteImage) and its public URL (the value
 * of `groups.image`), or null when the URL is not on WhatsApp's image hosts or the picture cannot be
 * fetched or read. Never throws.
 */
export async function copyInvitePhoto(
  imageUrl: string,
  options: PhotoOptions = {},
): Promise<{ key: string; url: string } | null> {
  const bytes = await fetchInvitePhoto(imageUrl, options);
  const prepared = bytes && (await prepareImageBytes(bytes));
  if (!prepared) return null;
  const key = await saveImage(prepared);
  return { key, url: storedImageUrl(key) };
}

/** The photo as a small inline WebP (a data: URL) for the submit form's preview, or null. */
export async function invitePhotoDataUrl(
  imageUrl: string,
  options: PhotoOptions = {},
): Promise<string | null> {
  const bytes = await fetchInvitePhoto(imageUrl, options);
  if (!bytes || !sniffImage(bytes)) return null;
  const small = await toWebp(bytes, GROUP_THUMBNAIL_SIZE, GROUP_THUMBNAIL_SIZE);
  return small ? `data:image/webp;base64,${small.toString('base64')}` : null;
}

/**
 * Check a link and, when it is live and shows a photo, copy the photo (a group approved without a
 * picture gets its WhatsApp one). Unknown or dead: no photo, and nothing else changes.
 */
export async function checkAndCopyPhoto(
  link: string,
  options: PhotoOptions = {},
): Promise<{ check: InviteCheck; photo: { key: string; url: string } | null }> {
  const check = await checkInvite(link, options);
  const photo =
    check.status === 'live' && check.imageUrl ? await copyInvitePhoto(check.imageUrl, options) : null;
  return { check, photo };
}
