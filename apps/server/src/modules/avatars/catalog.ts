import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { CharacterType } from '@kolikko/core/enumerations';
import { CHARACTER_DEFAULTS } from '@kolikko/core/limits';
import { SKIN_TONE_IDS, type SkinTone } from '@kolikko/core/enumerations';
import { DEFAULT_SKIN_TONE } from '@kolikko/core/skin-tones';
import { characterPrice } from '@kolikko/core/rules/characters';
import { ZCharacterPath, ZLocalizedName, type TActionImage, type TCharacterImage } from '@kolikko/core/schemas/characters';
import { faceInTone } from './skin-tones.ts';

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
  /**
   * A file of the manifest, by its path; nothing else is ever served. A face comes in a skin tone
   * (the default one when none is asked for); a hair or action picture is the same in every tone.
   */
  file(path: string, tone?: SkinTone): CharacterFile | undefined;
  /** Whether the path is a part of that layer (a hair is not a face). */
  has(type: CharacterType, path: string): boolean;
}

const assets = new URL('../../../assets/characters/', import.meta.url);
const folders = { faces: 'faces', hairs: 'hairs', actions: 'actions' } as const;

function characterFile(bytes: Buffer): CharacterFile {
  return { bytes, mime: 'image/svg+xml', etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
}

/**
 * The avatar art (apps/server/assets/characters): manifest.json names every face, hair and action
 * picture; the files are read once at start-up and served from memory. A missing file, a path
 * listed twice or a missing default stops the server from starting. Each face is kept in every
 * skin tone (skin-tones.ts: the files draw their skin with CSS variables the tone fills in).
 */
export function loadCharacterCatalog(dir: URL = assets): CharacterCatalog {
  const manifest = ZManifest.parse(JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')));
  const files = new Map<string, CharacterFile>();
  const faces = new Map<string, Map<SkinTone, CharacterFile>>();
  const byType = { face: new Set<string>(), hair: new Set<string>() };
  for (const key of ['faces', 'hairs', 'actions'] as const) {
    for (const entry of manifest[key]) {
      if (files.has(entry.path)) throw new Error(`character manifest lists ${entry.path} twice`);
      const bytes = readFileSync(new URL(`${folders[key]}/${entry.path}`, dir));
      files.set(entry.path, characterFile(bytes));
      if (key === 'faces') {
        byType.face.add(entry.path);
        const svg = bytes.toString('utf8');
        if (!svg.includes('var(--skin)')) throw new Error(`the face ${entry.path} does not draw its skin with the tone (var(--skin))`);
        faces.set(entry.path, new Map(SKIN_TONE_IDS.map((tone) => [tone, characterFile(Buffer.from(faceInTone(svg, tone)))])));
      }
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
    file: (path, tone = DEFAULT_SKIN_TONE) => faces.get(path)?.get(tone) ?? files.get(path),
    has: (type, path) => byType[type].has(path),
  };
}
