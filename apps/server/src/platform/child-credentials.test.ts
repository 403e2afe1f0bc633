import { describe, expect, it } from 'vitest';
import { BADGE_TOKEN_BYTES, PASSWORD_RECOMMENDED_LENGTH } from '@kolikko/core/limits';
import { ZPassword } from '@kolikko/core/schemas/fields';
import { newBadgeToken, newChildPassword, type Pick } from './child-credentials.ts';

/** Picks the given indexes in turn (each taken modulo the range asked for). */
function picking(...indexes: number[]): Pick {
  let i = 0;
  return (n) => (indexes[i++ % indexes.length] ?? 0) % n;
}

describe('newChildPassword', () => {
  it('is three consonant-vowel syllables, a hyphen and two digits, without look-alike characters', () => {
    for (let i = 0; i < 2000; i += 1) {
      const password = newChildPassword();
      expect(password).toMatch(/^(?:[hjkmnprstv][aeiou]){3}-[2-9]{2}$/);
      expect(password.length).toBeGreaterThanOrEqual(PASSWORD_RECOMMENDED_LENGTH);
      expect(password).not.toMatch(/[l10IO]/);
      expect(ZPassword.safeParse(password).success).toBe(true);
    }
  });

  it('spells what the picks say: "mukava-42" from m, u, k, a, v, a, 4, 2', () => {
    // Indexes in 'hjkmnprstv', 'aeiou' and '23456789'.
    expect(newChildPassword(picking(3, 4, 2, 0, 9, 0, 2, 0))).toBe('mukava-42');
  });

  it('draws again when the syllables spell a word not to be read aloud to a class', () => {
    // k-u-s-i-... first (refused), then m-u-k-a-v-a.
    const pick = picking(2, 4, 7, 2, 9, 0, 2, 0, 3, 4, 2, 0, 9, 0, 2, 0);
    expect(newChildPassword(pick)).toBe('mukava-42');
  });

  it('rarely repeats: thousands of passwords are nearly all different', () => {
    const drawn = new Set(Array.from({ length: 5000 }, () => newChildPassword()));
    // 8 million passwords: 5,000 draws repeat about 1.5 times on average.
    expect(drawn.size).toBeGreaterThan(4985);
  });
});

describe('newBadgeToken', () => {
  it(`is ${BADGE_TOKEN_BYTES} random bytes in base64url, fresh each time`, () => {
    const tokens = Array.from({ length: 1000 }, () => newBadgeToken());
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(BADGE_TOKEN_BYTES);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
