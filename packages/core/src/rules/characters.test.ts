import { describe, expect, it } from 'vitest';
import { CHARACTER_DEFAULTS } from '../limits.ts';
import { characterPrice, decideUnlock, ownsCharacterPart, pickStarterPart } from './characters.ts';

describe('character parts (spec sections 5 and 9)', () => {
  it('a face costs 3 and a hair 1; the defaults are free and owned by everyone', () => {
    expect(characterPrice('face', 'face-05.svg')).toBe(3);
    expect(characterPrice('hair', 'hair-05.svg')).toBe(1);
    expect(characterPrice('face', CHARACTER_DEFAULTS.face)).toBe(0);
    expect(characterPrice('hair', CHARACTER_DEFAULTS.hair)).toBe(0);
    expect(ownsCharacterPart('face', CHARACTER_DEFAULTS.face, [])).toBe(true);
    // The default face is not a free hair.
    expect(characterPrice('hair', CHARACTER_DEFAULTS.face)).toBe(1);
    expect(ownsCharacterPart('face', 'face-05.svg', ['face-05.svg'])).toBe(true);
    expect(ownsCharacterPart('face', 'face-06.svg', ['face-05.svg'])).toBe(false);
  });

  it('unlocks once: owned parts charge nothing, an unaffordable one is refused', () => {
    expect(decideUnlock({ type: 'face', path: 'face-05.svg', unlocked: [], coins: 3 })).toEqual({ ok: true, charge: 3 });
    expect(decideUnlock({ type: 'face', path: 'face-05.svg', unlocked: ['face-05.svg'], coins: 0 })).toEqual({ ok: true, charge: 0 });
    expect(decideUnlock({ type: 'hair', path: CHARACTER_DEFAULTS.hair, unlocked: [], coins: 0 })).toEqual({ ok: true, charge: 0 });
    expect(decideUnlock({ type: 'face', path: 'face-05.svg', unlocked: [], coins: 2 })).toEqual({ ok: false, error: 'MISC.OUT_OF_COINS' });
    expect(decideUnlock({ type: 'hair', path: 'hair-05.svg', unlocked: [], coins: 1 })).toEqual({ ok: true, charge: 1 });
  });

  it("a starter part is one the classmates wear least, picked at random among those", () => {
    const parts = ['a.svg', 'b.svg', 'c.svg'];
    expect(pickStarterPart(parts, ['a.svg', 'b.svg', null], () => 0.99)).toBe('c.svg');
    expect(pickStarterPart(parts, [], () => 0)).toBe('a.svg');
    expect(pickStarterPart(parts, [], () => 0.999)).toBe('c.svg');
    // Every part worn once: any of them again, by the random number.
    expect(pickStarterPart(parts, ['a.svg', 'b.svg', 'c.svg', 'a.svg'], () => 0.5)).toBe('c.svg');
    // A part no longer in the catalogue does not count.
    expect(pickStarterPart(['a.svg'], ['gone.svg'], () => 0.5)).toBe('a.svg');
  });
});
