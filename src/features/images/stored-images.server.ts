// Group images: checked and re-encoded by src/lib/images.server.ts (type by magic bytes, WebP without
// metadata), then kept in Netlify Blobs and served by functions/images.ts.
import { randomUUID } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import {
  GROUP_THUMBNAIL_SIZE,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  thumbnailKey,
} from '#src/features/images/group-image.ts';
import { AppError } from '#src/lib/http.server.ts';
import { sniffImage, toWebp } from '#src/lib/images.server.ts';

export const IMAGE_STORE = 'images';
/** Shared and shown large (og:image): at most this wide. */
const FULL_WIDTH = 800;

export interface PreparedImage {
  full: Buffer;
  thumbnail: Buffer;
}

/** Validate and re-encode an upload in both sizes; a clear 4xx for anything that is not a real small image. */
export async function prepareImage(file: File): Promise<PreparedImage> {
  if (file.size > IMAGE_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE, { image: IMAGE_TOO_LARGE_MESSAGE });
  const prepared = await prepareImageBytes(new Uint8Array(await file.arrayBuffer()));
  if (!prepared) throw new AppError('BAD_REQUEST', IMAGE_TYPE_MESSAGE, { image: IMAGE_TYPE_MESSAGE });
  return prepared;
}

/** Both sizes of a picture's bytes (JPG, PNG or GIF), or null when they are not one. */
export async function prepareImageBytes(bytes: Uint8Array): Promise<PreparedImage | null> {
  const kind = sniffImage(bytes);
  // The form accepts JPG, PNG or GIF (spec section 5).
  const full = kind && kind !== 'webp' ? await toWebp(bytes, FULL_WIDTH) : null;
  // The thumbnail is cut from the 800 px picture: decoding it is cheaper than the upload (up to 5 MB).
  const thumbnail = full && (await toWebp(full, GROUP_THUMBNAIL_SIZE, GROUP_THUMBNAIL_SIZE));
  return full && thumbnail ? { full, thumbnail } : null;
}

function store() {
  // Default (eventual) consistency: keys are random and written once, so a stale read is only a brief 404.
  return getStore(IMAGE_STORE);
}

/** Store both sizes of a prepared image; returns the key of the full one. */
export async function saveImage(image: PreparedImage): Promise<string> {
  const key = `${randomUUID()}.webp`;
  const put = (name: string, bytes: Buffer) =>
    store().set(name, new Uint8Array(bytes).buffer as ArrayBuffer, {
      metadata: { contentType: 'image/webp' },
    });
  await Promise.all([put(key, image.full), put(thumbnailKey(key), image.thumbnail)]);
  return key;
}

export async function deleteImage(key: string): Promise<void> {
  await Promise.all([store().delete(key), store().delete(thumbnailKey(key))]);
}

export async function readImage(key: string): Promise<ArrayBuffer | null> {
  return store().get(key, { type: 'arrayBuffer' });
}

export { imageUrl } from '#src/features/images/group-image.ts';
