// Admin uploads: advertisement images and PWA icons, validated by magic bytes and dimensions,
// re-encoded with sharp (orientation applied, metadata dropped), stored in Netlify Blobs under a
// content hash and served by functions/admin-uploads.ts with long cache headers.
// TODO(accounts): when src/features/submission/images.server.ts lands, storeAdImage can delegate its
// validation and re-encoding to it; callers only depend on storeAdImage's signature.
import { createHash } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import sharp from 'sharp';
import { AppError } from '#src/lib/http.server.ts';

export const UPLOADS_STORE = 'admin-uploads';
export const UPLOADS_PATH = '/uploads';
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MESSAGES = {
  tooLarge: 'A imagem não pode ter mais que 5MB',
  notImage: 'O arquivo deve ser uma imagem',
  iconNotPng: 'O ícone deve ser uma imagem PNG',
  iconSize: (size: number) => `O ícone deve ter exatamente ${size}x${size} pixels`,
} as const;

/** The store of admin uploads (strong consistency: the admin sees the file right after saving). */
export function uploadsStore() {
  return getStore({ name: UPLOADS_STORE, consistency: 'strong' });
}

type Kind = 'jpeg' | 'png' | 'webp' | 'gif';

/** The picture type from its first bytes, never from the name or the declared type. */
export function sniffImage(bytes: Uint8Array): Kind | null {
  const b = Buffer.from(bytes.subarray(0, 12));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return 'gif';
  return null;
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
  if (!sniffImage(bytes))
    throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.notImage, { image: IMAGE_MESSAGES.notImage });
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: 1200, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.notImage, { image: IMAGE_MESSAGES.notImage });
  }
  return put('ads', webp, 'webp', 'image/webp');
}

/** Validate a PWA icon (PNG by magic bytes, exactly size x size), re-encode it and store it. */
export async function storePwaIcon(file: Blob, size: 192 | 512): Promise<string> {
  if (file.size > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (sniffImage(bytes) !== 'png') throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.iconNotPng);
  let png: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 });
    const meta = await image.metadata();
    if (meta.format !== 'png') throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.iconNotPng);
    if (meta.width !== size || meta.height !== size)
      throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.iconSize(size));
    png = await image.png({ compressionLevel: 9 }).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.iconNotPng);
  }
  return put('pwa', png, 'png', 'image/png');
}

/** A stored upload and its content type, or null. */
export async function readUpload(key: string): Promise<{ body: ArrayBuffer; contentType: string } | null> {
  const found = await uploadsStore().getWithMetadata(key, { type: 'arrayBuffer' });
  if (!found) return null;
  const contentType =
    typeof found.metadata.contentType === 'string' ? found.metadata.contentType : 'application/octet-stream';
  return { body: found.data, contentType };
}

/** The multipart body of a request, read with a size limit (413 beyond it, never a half-read body). */
export async function readFormData(req: Request, limit: number): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(type))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Envie os dados como formulário (multipart/form-data).');
  const declared = Number(req.headers.get('content-length') ?? 0);
  const tooLarge = new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
  if (declared > limit) throw tooLarge;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (req.body) {
    const reader = req.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw tooLarge;
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new AppError('BAD_REQUEST', 'Formulário inválido.');
  }
}
