import type { SkinTone } from '@kolikko/core/enumerations';
import { DEFAULT_SKIN_TONE, SKIN_TONES, isSkinTone, type SkinTonePalette } from '@kolikko/core/skin-tones';

/**
 * The tone each face was drawn in before the skin tone was a choice of its own (issue 33). A user
 * who has not chosen a tone (skin_tone null) shows the one of the face it wears, so nobody's
 * character changed colour when tones came; the first face change or tone choice then writes
 * it down (`toneToKeep`), and from then on a face never changes the skin.
 */
export const DRAWN_IN: Readonly<Record<string, SkinTone>> = {
  'face-01.svg': 'tone-3',
  'face-02.svg': 'tone-6',
  'face-03.svg': 'tone-1',
  'face-04.svg': 'tone-5',
  'face-05.svg': 'tone-4',
  'face-06.svg': 'tone-7',
  'face-07.svg': 'tone-2',
  'face-08.svg': 'tone-8',
  'face-09.svg': 'tone-4',
  'face-10.svg': 'tone-7',
  'face-11.svg': 'tone-1',
  'face-12.svg': 'tone-6',
  'face-13.svg': 'tone-3',
  'face-14.svg': 'tone-8',
  'face-15.svg': 'tone-2',
  'face-16.svg': 'tone-5',
};

/** The tone a user's faces draw their skin with: the one chosen, else the one its face was drawn in. */
export function skinToneOf(user: { skinTone: string | null; face: string | null }): SkinTone {
  if (isSkinTone(user.skinTone)) return user.skinTone;
  return (user.face ? DRAWN_IN[user.face] : undefined) ?? DEFAULT_SKIN_TONE;
}

/**
 * What to write with a face change: the tone the user shows now while none is written down, so
 * the new face keeps it; undefined when one is (nothing to change).
 */
export function toneToKeep(user: { skinTone: string | null; face: string | null }): SkinTone | undefined {
  return isSkinTone(user.skinTone) ? undefined : skinToneOf(user);
}

const paletteOf = new Map<string, SkinTonePalette>(SKIN_TONES.map((tone) => [tone.id, tone]));

/**
 * A face's SVG in a tone. The face files draw their skin through classes (`f-skin`, `s-line`...)
 * whose colours are CSS variables (`--skin`, `--skin-shade`, `--skin-line`, `--skin-blush`) and
 * name no colour; the tone's values go in as the first thing inside the root element. An <img>
 * cannot pass a variable into its picture, so the server does, once per face and tone at start-up.
 */
export function faceInTone(svg: string, tone: SkinTone): string {
  const palette = paletteOf.get(tone);
  if (!palette) throw new Error(`no palette for ${tone}`);
  const root = /^(?:<\?xml[^>]*>\s*)?<svg\b[^>]*>/.exec(svg);
  if (!root) throw new Error('a face file must start with its <svg> element');
  const vars = `<style>:root{--skin:${palette.skin};--skin-shade:${palette.shade};--skin-line:${palette.line};--skin-blush:${palette.blush}}</style>`;
  return svg.slice(0, root[0].length) + vars + svg.slice(root[0].length);
}
