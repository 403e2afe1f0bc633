import { describe, expect, it } from 'vitest';
import { hyphenateFinnish } from './hyphenate.ts';

const shown = (text: string) => hyphenateFinnish(text).replaceAll('\u00AD', '-');

describe('hyphenateFinnish', () => {
  it('marks the syllables of Finnish words with soft hyphens', () => {
    expect(shown('Hammasrakovirne')).toBe('Ham-mas-ra-ko-virne');
    expect(shown('Supersankari')).toBe('Su-per-san-kari');
    expect(shown('Aurinkoinen hymy')).toBe('Au-rin-koi-nen hymy');
    expect(shown('Sateenkaari-irokeesi')).toBe('Sa-teen-kaari-iro-keesi');
    expect(shown('Polkkatukka ja rusetti')).toBe('Polk-ka-tukka ja ru-setti');
    expect(shown('Purukumipallo')).toBe('Pu-ru-ku-mi-pallo');
  });

  it('keeps two letters before a break and three after it, and leaves a word without a break where none fits', () => {
    expect(shown('Iso virne')).toBe('Iso virne');
    expect(shown('Ujo')).toBe('Ujo');
    expect(shown('Afro')).toBe('Afro');
    expect(shown('suora')).toBe('suora');
    expect(shown('strategia')).toBe('stra-te-gia');
    expect(hyphenateFinnish('Kihara').replaceAll('\u00AD', '')).toBe('Kihara');
  });
});
