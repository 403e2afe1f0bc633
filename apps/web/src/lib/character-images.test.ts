// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHARACTER_DEFAULTS } from '@kolikko/core/limits';
import { characterImageUrl, lookOf, partName, withPart } from './character-images.ts';

describe('lookOf', () => {
  it('shows the free defaults for a face or hair never chosen', () => {
    expect(lookOf(null, null)).toEqual({ face: CHARACTER_DEFAULTS.face, hair: CHARACTER_DEFAULTS.hair });
    expect(lookOf('face-04.svg', null, 'tone-6')).toEqual({ face: 'face-04.svg', hair: CHARACTER_DEFAULTS.hair, tone: 'tone-6' });
  });
});

describe('withPart', () => {
  it('changes only the layer of the part tried on: a new face keeps the skin tone', () => {
    const look = lookOf('face-02.svg', 'hair-03.svg', 'tone-2');
    expect(withPart(look, 'hair', 'hair-09.svg')).toEqual({ face: 'face-02.svg', hair: 'hair-09.svg', tone: 'tone-2' });
    expect(withPart(look, 'face', 'face-07.svg')).toEqual({ face: 'face-07.svg', hair: 'hair-03.svg', tone: 'tone-2' });
  });
});

describe('characterImageUrl and partName', () => {
  it('reads every picture from one address by its file name, named in the page language', () => {
    expect(characterImageUrl('face-01.svg')).toBe('/api/images/face-01.svg');
    expect(characterImageUrl('face-01.svg', 'tone-8')).toBe('/api/images/face-01.svg?tone=tone-8');
    const wink = { en: 'Wink', fi: 'Silmänisku', sv: 'Blinkning' };
    expect(partName(wink, 'fi')).toBe('Silmänisku');
    expect(partName(wink, 'sv')).toBe('Blinkning');
    expect(partName(wink, 'en')).toBe('Wink');
  });
});
