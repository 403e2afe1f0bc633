import { randomBytes } from 'node:crypto';
import { AppError } from '@kolikko/core/errors';
import { IMAGE_MAX_BYTES, IMAGE_MAX_DIMENSION_PX, IMAGE_MAX_INPUT_PIXELS } from '@kolikko/core/limits';
import type * as SharpModule from 'sharp';

export interface StoredImage {
  /** `<32 hex>.<ext>`: the "path" of the API. */
  name: string;
  mime: string;
  ext: string;
  bytes: Buffer;
}

/** The formats we accept and what each is re-encoded to (a gif becomes a still png). */
const OUTPUT = {
  jpeg: { format: 'jpeg', ext: 'jpg', mime: 'image/jpeg' },
  png: { format: 'png', ext: 'png', mime: 'image/png' },
  webp: { format: 'webp', ext: 'webp', mime: 'image/webp' },
  gif: { format: 'png', ext: 'png', mime: 'image/png' },
} as const;

function isAccepted(format: string | undefined): format is keyof typeof OUTPUT {
  return format !== undefined && Object.hasOwn(OUTPUT, format);
}

/** A fresh random name keeping the extension (spec section 5). */
export function randomImageName(ext: string): string {
  return `${randomBytes(16).toString('hex')}.${ext}`;
}

let sharpModule: Promise<typeof SharpModule> | undefined;

/** libvips costs about 18 MB of memory: loaded on the first upload, not at start-up. */
async function loadSharp() {
  sharpModule ??= import('sharp');
  return (await sharpModule).default;
}

/**
 * Checks that the bytes really are a JPEG, PNG, WebP or GIF by decoding them (the file name
 * and the declared type count for nothing), and re-encodes them: rotated upright, scaled to fit
 * IMAGE_MAX_DIMENSION_PX, with no metadata (EXIF, GPS, comments) carried over. Anything else,
 * SVG included, is MISC.UPLOAD_FAIL; more than 5 MB is IMAGE.TOO_BIG_FILE.
 */
export async function reencodeImage(input: Buffer): Promise<StoredImage> {
  if (input.length > IMAGE_MAX_BYTES) throw new AppError('IMAGE.TOO_BIG_FILE');
  const sharp = await loadSharp();
  try {
    const source = sharp(input, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await source.metadata();
    if (!isAccepted(format)) throw new AppError('MISC.UPLOAD_FAIL');
    const out = OUTPUT[format];
    const bytes = await source
      .rotate()
      .resize({ width: IMAGE_MAX_DIMENSION_PX, height: IMAGE_MAX_DIMENSION_PX, fit: 'inside', withoutEnlargement: true })
      .toFormat(out.format)
      .toBuffer();
    return { name: randomImageName(out.ext), mime: out.mime, ext: out.ext, bytes };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('MISC.UPLOAD_FAIL');
  }
}
