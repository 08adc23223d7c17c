import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngSize, sniffImage, toWebp } from './images.server.ts';

const picture = (format: 'jpeg' | 'png' | 'webp' | 'gif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#25D366' } })
    .toFormat(format)
    .toBuffer();

describe('uploaded pictures', () => {
  it('are recognised by their first bytes, whatever they claim to be', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const)
      expect(sniffImage(await picture(format))).toBe(format);
    expect(sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('are re-encoded as WebP no wider than asked, without their EXIF (GPS, camera)', async () => {
    const withExif = await sharp(await picture('jpeg', 1600, 900))
      .withExif({ IFD0: { Make: 'Câmera do Zé', Model: 'Celular' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const webp = (await toWebp(withExif, 800))!;
    const meta = await sharp(webp).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 450 });
    expect(meta.exif).toBeUndefined();
    expect(await toWebp(new TextEncoder().encode('GIF89a but not really'), 800)).toBeNull();
  });

  it('give the size of a real PNG only', async () => {
    expect(await pngSize(await picture('png', 192, 192))).toEqual({ width: 192, height: 192 });
    expect(await pngSize(await picture('jpeg'))).toBeNull();
  });
});
