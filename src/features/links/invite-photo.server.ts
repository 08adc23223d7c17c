// A group's WhatsApp photo copied into the site's own image storage: the signed pps URL expires,
// and hot-linking would leak our visitors to WhatsApp. Fetched only from WhatsApp's image hosts (or
// the local stand-in), with time and size caps, then through the same pipeline as an upload.

import {
  prepareImageBytes,
  saveImage,
  imageUrl as storedImageUrl,
} from '#src/features/submission/images.server.ts';
import { IMAGE_MAX_BYTES } from '#src/features/submission/submission.schema.ts';
import { isWhatsAppImageUrl, whatsappBase } from './invite-check.server.ts';

const PHOTO_TIMEOUT_MS = 5_000;

/**
 * Copy an invite photo into the image store: its key (for deleteImage) and its public URL (the value
 * of `groups.image`), or null when the URL is not on WhatsApp's image hosts or the picture cannot be
 * fetched or read. Never throws.
 */
export async function copyInvitePhoto(
  imageUrl: string,
  options: { signal?: AbortSignal; base?: string } = {},
): Promise<{ key: string; url: string } | null> {
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
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return null;
    }
    if (Number(response.headers.get('content-length') ?? 0) > IMAGE_MAX_BYTES) {
      await response.body.cancel();
      return null;
    }
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > IMAGE_MAX_BYTES) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
    const prepared = await prepareImageBytes(new Uint8Array(Buffer.concat(chunks)));
    if (!prepared) return null;
    const key = await saveImage(prepared);
    return { key, url: storedImageUrl(key) };
  } catch {
    return null;
  }
}
