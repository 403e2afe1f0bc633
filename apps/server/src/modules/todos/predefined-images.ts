import { readFileSync } from 'node:fs';
import { PREDEFINED_TODO_IMAGES, type PredefinedTodoImage } from '@kolikko/core/enumerations';
import { randomImageName, type StoredImage } from '../../platform/images.ts';

/** The predefined todo images (our own SVGs in ./predefined), read once at start-up. */
const files = new Map<string, Buffer>(PREDEFINED_TODO_IMAGES.map((name) => [name, readFileSync(new URL(`./predefined/${name}`, import.meta.url))]));

export function predefinedImageFile(name: string): { bytes: Buffer; mime: string } | undefined {
  const bytes = files.get(name);
  return bytes ? { bytes, mime: 'image/svg+xml' } : undefined;
}

/** A copy of a predefined image for one todo, under a fresh random name like any upload. */
export function predefinedImage(name: PredefinedTodoImage): StoredImage {
  const file = predefinedImageFile(name);
  if (!file) throw new Error(`predefined image ${name} is missing`);
  return { name: randomImageName('svg'), mime: file.mime, ext: 'svg', bytes: file.bytes };
}
