import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MAX_DIMENSION_PX } from '@kolikko/core/limits';
import { reencodeImage } from './images.ts';

/** A small JPEG carrying EXIF with GPS coordinates and a camera make. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'SpyCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 0/1' } })
    .toBuffer();
}

describe('reencodeImage', () => {
  it('re-encodes a JPEG without its EXIF and GPS, rotated upright, under a random name', async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect([before.exif !== undefined, before.orientation]).toEqual([true, 6]);
    expect(input.includes(Buffer.from('SpyCam'))).toBe(true);

    const out = await reencodeImage(input);
    expect(out.mime).toBe('image/jpeg');
    expect(out.name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const after = await sharp(out.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(out.bytes.includes(Buffer.from('SpyCam'))).toBe(false);
    // Orientation 6 means "rotate 90 degrees": the stored image is upright, so taller than wide.
    expect([after.width, after.height]).toEqual([20, 40]);
    expect((await reencodeImage(input)).name).not.toBe(out.name);
  });

  it('keeps png and webp, turns gif into png, and scales a huge image down', async () => {
    const base = () => sharp({ create: { width: 8, height: 8, channels: 4, background: '#0c0' } });
    expect((await reencodeImage(await base().png().toBuffer())).ext).toBe('png');
    expect((await reencodeImage(await base().webp().toBuffer())).ext).toBe('webp');
    const gif = await reencodeImage(await base().gif().toBuffer());
    expect([gif.ext, gif.mime, (await sharp(gif.bytes).metadata()).format]).toEqual(['png', 'image/png', 'png']);
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#00c' } }).png().toBuffer();
    const scaled = await sharp((await reencodeImage(big)).bytes).metadata();
    expect([scaled.width, scaled.height]).toEqual([IMAGE_MAX_DIMENSION_PX, IMAGE_MAX_DIMENSION_PX / 4]);
  });

  it.each([
    ['a script', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['an html page', Buffer.from('<html><script>alert(1)</script></html>')],
    ['an svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>')],
    ['a truncated png', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s with MISC.UPLOAD_FAIL', async (_name, bytes) => {
    await expect(reencodeImage(bytes)).rejects.toMatchObject({ code: 'MISC.UPLOAD_FAIL' });
  });

  it('refuses more than 5 MB with IMAGE.TOO_BIG_FILE', async () => {
    await expect(reencodeImage(Buffer.alloc(IMAGE_MAX_BYTES + 1))).rejects.toMatchObject({ code: 'IMAGE.TOO_BIG_FILE' });
  });
});
