import { describe, expect, it } from 'vitest';
import { sortByUsername } from './names.ts';

const names = (xs: string[], language?: string) => sortByUsername(xs.map((username) => ({ username })), language).map((x) => x.username);

describe('sortByUsername', () => {
  it('reads numbers as numbers, ignores case, and keeps each language alphabet', () => {
    expect(names(['oppilas10', 'oppilas2', 'Oppilas1', 'oppilas21'])).toEqual(['Oppilas1', 'oppilas2', 'oppilas10', 'oppilas21']);
    expect(names(['Örkki', 'Zeta', 'Anna'], 'fi')).toEqual(['Anna', 'Zeta', 'Örkki']);
    expect(names(['Örkki', 'Zeta', 'Anna'], 'en')).toEqual(['Anna', 'Örkki', 'Zeta']);
  });
});
