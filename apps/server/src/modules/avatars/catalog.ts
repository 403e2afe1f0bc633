import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { CharacterType } from '@kolikko/core/enumerations';
import { CHARACTER_DEFAULTS } from '@kolikko/core/limits';
import { characterPrice } from '@kolikko/core/rules/characters';
import { ZCharacterPath, ZLocalizedName, type TActionImage, type TCharacterImage } from '@kolikko/core/schemas/characters';

const ZEntry = z.object({ path: ZCharacterPath, name: ZLocalizedName });
const ZManifest = z.object({ faces: z.array(ZEntry), hairs: z.array(ZEntry), actions: z.array(ZEntry) });

export interface CharacterFile {
  bytes: Buffer;
  mime: 'image/svg+xml';
  /** A strong validator of the bytes, so a browser revalidates cheaply once its copy is stale. */
  etag: string;
}

export interface CharacterCatalog {
  faces: TCharacterImage[];
  hairs: TCharacterImage[];
  actions: TActionImage[];
  /** A file of the manifest, by its path; nothing else is ever served. */
  file(path: string): CharacterFile | undefined;
  /** Whether the path is a part of that layer (a hair is not a face). */
  has(type: CharacterType, path: string): boolean;
}

const assets = new URL('../../../assets/characters/', import.meta.url);
const folders = { faces: 'faces', hairs: 'hairs', actions: 'actions' } as const;

/**
 * The avatar art (apps/server/assets/characters): manifest.json names every face, hair and action
 * picture; the files are read once at start-up and served from memory. A missing file, a path
 * listed twice or a missing default stops the server from starting.
 */
export function loadCharacterCatalog(dir: URL = assets): CharacterCatalog {
  const manifest = ZManifest.parse(JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')));
  const files = new Map<string, CharacterFile>();
  const byType = { face: new Set<string>(), hair: new Set<string>() };
  for (const key of ['faces', 'hairs', 'actions'] as const) {
    for (const entry of manifest[key]) {
      if (files.has(entry.path)) throw new Error(`character manifest lists ${entry.path} twice`);
      const bytes = readFileSync(new URL(`${folders[key]}/${entry.path}`, dir));
      files.set(entry.path, { bytes, mime: 'image/svg+xml', etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` });
      if (key === 'faces') byType.face.add(entry.path);
      if (key === 'hairs') byType.hair.add(entry.path);
    }
  }
  for (const type of ['face', 'hair'] as const) {
    if (!byType[type].has(CHARACTER_DEFAULTS[type])) throw new Error(`the default ${type} ${CHARACTER_DEFAULTS[type]} is not in the manifest`);
  }
  return {
    faces: manifest.faces.map((e) => ({ path: e.path, name: e.name, price: characterPrice('face', e.path) })),
    hairs: manifest.hairs.map((e) => ({ path: e.path, name: e.name, price: characterPrice('hair', e.path) })),
    actions: manifest.actions.map((e) => ({ path: e.path, name: e.name })),
    file: (path) => files.get(path),
    has: (type, path) => byType[type].has(path),
  };
}
