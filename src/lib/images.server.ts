// The one place that decides what an uploaded picture is and re-encodes it: the type comes from the
// first bytes (never the file name or the declared type), and sharp rewrites it as WebP with the
// EXIF orientation applied and every metadata block (GPS, camera) dropped. Group submissions and
// admin uploads each add their own limits and pt-BR messages on top.
import sharp from 'sharp';

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif';

/** Decompression-bomb guard: no upload may decode to more pixels than this. */
const MAX_INPUT_PIXELS = 40_000_000;

/** The picture type from its first bytes, or null. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const b = Buffer.from(bytes.subarray(0, 12));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('latin1', 0, 6))) return 'gif';
  return null;
}

/**
 * Re-encode as WebP at most `width` wide, or cropped to cover width x height when a height is given;
 * null when the bytes do not decode as an image.
 */
export async function toWebp(bytes: Uint8Array, width: number, height?: number): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize({ width, height, fit: height ? 'cover' : 'inside', withoutEnlargement: !height })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** Read a PNG's size; null when it does not decode as a PNG. */
export async function pngSize(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return meta.format === 'png' && meta.width && meta.height
      ? { width: meta.width, height: meta.height }
      : null;
  } catch {
    return null;
  }
}

/** Re-encode a PNG losslessly with metadata dropped. */
export function recompressPng(bytes: Uint8Array): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).png({ compressionLevel: 9 }).toBuffer();
}
