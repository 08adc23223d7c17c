// Group images: checked and re-encoded by src/lib/images.server.ts (type by magic bytes, WebP without
// metadata), then kept in Netlify Blobs and served by functions/images.ts.
import { randomUUID } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { AppError } from '#src/lib/http.server.ts';
import { sniffImage, toWebp } from '#src/lib/images.server.ts';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE } from './submission.schema.ts';

export const IMAGE_STORE = 'images';
/** Card and page size: wide enough for the group page, small enough for cards. */
const MAX_WIDTH = 800;

/** Validate and re-encode an upload; a clear 4xx for anything that is not a real small image. */
export async function prepareImage(file: File): Promise<Buffer> {
  if (file.size > IMAGE_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE, { image: IMAGE_TOO_LARGE_MESSAGE });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  // The form accepts JPG, PNG or GIF (spec section 5).
  const webp = kind && kind !== 'webp' ? await toWebp(bytes, MAX_WIDTH) : null;
  if (!webp) throw new AppError('BAD_REQUEST', IMAGE_TYPE_MESSAGE, { image: IMAGE_TYPE_MESSAGE });
  return webp;
}

function store() {
  // Default (eventual) consistency: keys are random and written once, so a stale read is only a brief 404.
  return getStore(IMAGE_STORE);
}

/** Store a prepared WebP; returns its key. */
export async function saveImage(webp: Buffer): Promise<string> {
  const key = `${randomUUID()}.webp`;
  await store().set(key, new Uint8Array(webp).buffer as ArrayBuffer, {
    metadata: { contentType: 'image/webp' },
  });
  return key;
}

export async function deleteImage(key: string): Promise<void> {
  await store().delete(key);
}

export async function readImage(key: string): Promise<ArrayBuffer | null> {
  return store().get(key, { type: 'arrayBuffer' });
}

/** The public URL of a stored image. */
export function imageUrl(key: string): string {
  return `/api/images/${key}`;
}
