import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JOIN_CODE_ALPHABET, USERNAME_MAX_LENGTH } from '../limits.ts';
import { formatJoinCode, isValidUsername, looksLikeJoinCode, nameKey, normalizeJoinCode, parseClassList, sortClassList, suggestFreeName } from './identity.ts';

describe('names', () => {
  it('compares names without regard to case or how a letter was typed', () => {
    expect(nameKey('Väinö')).toBe(nameKey('VÄINÖ'));
    expect(nameKey('Va\u0308ino\u0308')).toBe(nameKey('väinö'));
    expect(nameKey('Åsa')).not.toBe(nameKey('Asa'));
  });

  it('accepts Latin letters with diacritics and refuses other scripts', () => {
    expect(isValidUsername('Siiri-Änni')).toBe(true);
    expect(isValidUsername('Иван')).toBe(false);
    expect(isValidUsername('ab')).toBe(false);
  });
});

describe('join codes', () => {
  it('reads a code typed in lower case, with spaces or a hyphen', () => {
    expect(normalizeJoinCode(' bcd-fgh ')).toBe('BCDFGH');
    expect(looksLikeJoinCode('bcd fgh')).toBe(true);
  });

  it('is not fooled by look-alikes or group names', () => {
    expect(looksLikeJoinCode('BCDFG0')).toBe(false);
    expect(looksLikeJoinCode('3A')).toBe(false);
    expect(looksLikeJoinCode('Class 5B')).toBe(false);
    for (const ch of '0O1IL') expect(JOIN_CODE_ALPHABET).not.toContain(ch);
  });

  it('shows a code in two halves', () => {
    expect(formatJoinCode('BCDFGH')).toBe('BCD FGH');
  });
});

describe('suggestFreeName', () => {
  it('offers the name with the smallest free number', () => {
    expect(suggestFreeName('Emma', new Set(['emma']))).toBe('Emma2');
    expect(suggestFreeName('Emma', new Set(['emma', 'emma2', 'emma3']))).toBe('Emma4');
    expect(suggestFreeName('Emma2', new Set(['emma', 'emma2']))).toBe('Emma3');
  });

  it('always answers a valid name nobody has', () => {
    const name = fc.stringMatching(/^[a-zäöå]{3,16}$/);
    fc.assert(
      fc.property(name, fc.array(name, { maxLength: 30 }), (wanted, others) => {
        const taken = new Set([wanted, ...others].map(nameKey));
        const suggestion = suggestFreeName(wanted, taken);
        expect(taken.has(nameKey(suggestion))).toBe(false);
        expect(suggestion.length).toBeLessThanOrEqual(USERNAME_MAX_LENGTH);
        expect(isValidUsername(suggestion)).toBe(true);
      }),
    );
  });
});

describe('parseClassList', () => {
  it('takes one name a line, skipping blank lines', () => {
    expect(parseClassList('Emma\n\n  Väinö \r\nÅsa\n')).toEqual([
      { line: 1, username: 'Emma' },
      { line: 2, username: 'Väinö' },
      { line: 3, username: 'Åsa' },
    ]);
  });

  it('takes the nickname column of a CSV, comma or semicolon, with quotes and a BOM', () => {
    expect(parseClassList('\uFEFFfirst;nimimerkki;class\nEmma;emma.k;3A\n"Ville; V";"ville";3A')).toEqual([
      { line: 1, username: 'emma.k' },
      { line: 2, username: 'ville' },
    ]);
    expect(parseClassList('nickname,note\nKettu,"likes ""foxes"""')).toEqual([{ line: 1, username: 'Kettu' }]);
  });

  it('takes the first cell of a CSV without a nickname header', () => {
    expect(parseClassList('Emma,3A\nVille,3A')).toEqual([
      { line: 1, username: 'Emma' },
      { line: 2, username: 'Ville' },
    ]);
  });
});

describe('sortClassList', () => {
  it('refuses bad names, names a classmate or an earlier line has, and lines past the room left, keeping the others', () => {
    const lines = parseClassList('Emma\nväinö\nVÄINÖ\nab\nKettu\nIlves\nOnni');
    const { accepted, refused } = sortClassList(lines, new Set(['emma']), 2);
    expect(accepted.map((l) => l.username)).toEqual(['väinö', 'Kettu']);
    expect(refused).toEqual([
      { line: 1, username: 'Emma', errorCode: 'USER.USERNAME_TAKEN' },
      { line: 3, username: 'VÄINÖ', errorCode: 'USER.USERNAME_TAKEN' },
      { line: 4, username: 'ab', errorCode: 'USER.INVALID_USERNAME' },
      { line: 6, username: 'Ilves', errorCode: 'GROUP.FULL' },
      { line: 7, username: 'Onni', errorCode: 'GROUP.FULL' },
    ]);
  });
});
