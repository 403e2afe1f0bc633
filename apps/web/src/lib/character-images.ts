import { CHARACTER_DEFAULTS } from '@kolikko/core/limits';
import type { CharacterType } from '@kolikko/core/enumerations';
import type { TCharacterImage } from '@kolikko/core/schemas/characters';
import type { Language } from './i18n.ts';

/** Where the character art and history pictures are read from (spec section 7: GET images/{path}). */
const API_BASE = '/api';

/**
 * Faces, hairs and action pictures share one namespace of file names on the server, so one
 * address serves each of them. A face is drawn in a skin tone (issue 33): the server fills the
 * tone into the picture, each tone at an address of its own.
 */
export function characterImageUrl(path: string, tone?: string): string {
  return `${API_BASE}/images/${encodeURIComponent(path)}${tone ? `?tone=${encodeURIComponent(tone)}` : ''}`;
}

export interface CharacterLook {
  face: string;
  hair: string;
  /** The skin tone the face draws its skin in; none: the server's default. */
  tone?: string | undefined;
}

/** The parts a user shows: a face or hair never chosen (null) is the free default. */
export function lookOf(face: string | null, hair: string | null, tone?: string): CharacterLook {
  return { face: face ?? CHARACTER_DEFAULTS.face, hair: hair ?? CHARACTER_DEFAULTS.hair, tone };
}

/** The look with one part changed: what the preview shows while a part is tried on. */
export function withPart(look: CharacterLook, type: CharacterType, path: string): CharacterLook {
  return type === 'face' ? { ...look, face: path } : { ...look, hair: path };
}

/** A part's name in the language of the page. */
export function partName(name: TCharacterImage['name'], language: Language): string {
  // The server names the parts in its languages, English always.
  const named: Partial<Record<Language, string>> = name;
  return named[language] ?? name.en;
}
