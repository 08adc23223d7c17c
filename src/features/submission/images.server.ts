// Uploaded images: the type is decided by magic bytes (never the file name or declared type), then
// re-encoded with sharp to WebP (EXIF and other metadata dropped) and kept in Netlify Blobs.
import { randomUUID } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import sharp from 'sharp';
import { AppError } from '#src/lib/http.server.ts';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE } from './submission.schema.ts';

export const IMAGE_STORE = 'images';
/** Card and page size: wide enough for the group page, small enough for cards. */
const MAX_WIDTH = 800;

/** jpeg, png or gif from the first bytes, else null. */
export function sniffImageType(bytes: Uint8Array): 'jpeg' | 'png' | 'gif' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (
    Buffer.from(bytes.subarray(0, 6))
      .toString('latin1')
      .match(/^GIF8[79]a$/)
  )
    return 'gif';
  return null;
}

/** Validate and re-encode an upload; a clear 4xx for anything that is not a real small image. */
export async function prepareImage(file: File): Promise<Buffer> {
  if (file.size > IMAGE_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE, { image: IMAGE_TOO_LARGE_MESSAGE });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes))
    throw new AppError('BAD_REQUEST', IMAGE_TYPE_MESSAGE, { image: IMAGE_TYPE_MESSAGE });
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate() // apply EXIF orientation before the metadata is dropped
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError('BAD_REQUEST', IMAGE_TYPE_MESSAGE, { image: IMAGE_TYPE_MESSAGE });
  }
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
