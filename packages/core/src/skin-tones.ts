import { SKIN_TONE_IDS, type SkinTone } from './enumerations.ts';

/**
 * Skin tones (issue 33): a choice of its own, free, that every face draws its skin with, so a new
 * face never changes the skin. From light to deep; each tone has the colours a face needs: the
 * skin, its shade (neck, inner ear), its outline (head, brows, nose, freckles) and a blush that
 * reads on it. These are the eight skin palettes the faces were first drawn in.
 */
export interface SkinTonePalette {
  id: SkinTone;
  skin: string;
  shade: string;
  line: string;
  blush: string;
}

export const SKIN_TONES: readonly SkinTonePalette[] = [
  { id: 'tone-1', skin: '#ffe3cc', shade: '#f4c6a4', line: '#c98b68', blush: '#ff8a9a' },
  { id: 'tone-2', skin: '#fcd2ad', shade: '#eeb68a', line: '#b57650', blush: '#ff7d8f' },
  { id: 'tone-3', skin: '#f0bd8c', shade: '#de9f6c', line: '#a5673d', blush: '#ff7b86' },
  { id: 'tone-4', skin: '#dca06b', shade: '#c5834d', line: '#8a5028', blush: '#f2667a' },
  { id: 'tone-5', skin: '#c4844e', shade: '#a96a38', line: '#6e3f18', blush: '#e8566c' },
  { id: 'tone-6', skin: '#a2683b', shade: '#86522a', line: '#52301a', blush: '#e0516a' },
  { id: 'tone-7', skin: '#7e4829', shade: '#67391f', line: '#3a2011', blush: '#d9485f' },
  { id: 'tone-8', skin: '#5c3420', shade: '#4a2916', line: '#26140a', blush: '#d0455e' },
];

/**
 * The tone of a user who never chose one and wears the default face: the one that face was drawn
 * in, a middle tone (null in the database; see skinToneOf on the server for the other faces).
 */
export const DEFAULT_SKIN_TONE: SkinTone = 'tone-3';

export function isSkinTone(value: unknown): value is SkinTone {
  return (SKIN_TONE_IDS as readonly unknown[]).includes(value);
}
