// Uploads from the admin: advertisement images and PWA icons, checked and re-encoded by
// src/lib/images.server.ts (type by magic bytes, metadata dropped), icons also by their size, stored
// in Netlify Blobs under a content hash and served by functions/admin-uploads.ts with long cache headers.
import { createHash } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { AppError, readForm } from '#src/lib/http.server.ts';
import { pngSize, recompressPng, sniffImage, toWebp } from '#src/lib/images.server.ts';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE } from './group-image.ts';

export const UPLOADS_STORE = 'admin-uploads';
export const UPLOADS_PATH = '/uploads';
export const IMAGE_MESSAGES = {
  tooLarge: IMAGE_TOO_LARGE_MESSAGE,
  notImage: IMAGE_TYPE_MESSAGE,
  iconNotPng: 'O ícone deve ser uma imagem PNG',
  iconSize: (size: number) => `O ícone deve ter exatamente ${size}x${size} pixels`,
} as const;

/** The store of admin uploads (strong consistency: the admin sees the file right after saving). */
export function uploadsStore() {
  return getStore({ name: UPLOADS_STORE, consistency: 'strong' });
}

async function put(folder: string, bytes: Buffer, extension: string, contentType: string): Promise<string> {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const key = `${folder}/${hash}.${extension}`;
  await uploadsStore().set(key, new Uint8Array(bytes).buffer as ArrayBuffer, { metadata: { contentType } });
  return `${UPLOADS_PATH}/${key}`;
}

/** Validate, re-encode to WebP (at most 1200 px wide) and store an ad image; returns its public path. */
export async function storeAdImage(file: Blob): Promise<string> {
  if (file.size > IMAGE_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge, { image: IMAGE_MESSAGES.tooLarge });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const webp = sniffImage(bytes) ? await toWebp(bytes, 1200) : null;
  if (!webp) throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.notImage, { image: IMAGE_MESSAGES.notImage });
  return put('ads', webp, 'webp', 'image/webp');
}

/** Validate a PWA icon (PNG by magic bytes, exactly size x size), re-encode it and store it. */
export async function storePwaIcon(file: Blob, size: 192 | 512): Promise<string> {
  if (file.size > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const found = sniffImage(bytes) === 'png' ? await pngSize(bytes) : null;
  if (!found) throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.iconNotPng);
  if (found.width !== size || found.height !== size)
    throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.iconSize(size));
  return put('pwa', await recompressPng(bytes), 'png', 'image/png');
}

/** A stored upload and its content type, or null. */
export async function readUpload(key: string): Promise<{ body: ArrayBuffer; contentType: string } | null> {
  const found = await uploadsStore().getWithMetadata(key, { type: 'arrayBuffer' });
  if (!found) return null;
  const contentType =
    typeof found.metadata.contentType === 'string' ? found.metadata.contentType : 'application/octet-stream';
  return { body: found.data, contentType };
}

/** An admin form with an image, read with a size limit (413 beyond it, never a half-read body). */
export function readFormData(req: Request, limit: number): Promise<FormData> {
  return readForm(req, limit, new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge));
}
