import { randomBytes, randomInt } from 'node:crypto';
import { BADGE_TOKEN_BYTES } from '@kolikko/core/limits';

/**
 * Letters a six-year-old knows and a teacher can read aloud in Finnish or English without
 * spelling them out: no l (it passes for 1 or I), none of the letters Finnish words rarely have
 * (b, c, d, f, g, q, w, x, z), no y (a vowel in Finnish, a consonant in English).
 */
const CONSONANTS = 'hjkmnprstv';
const VOWELS = 'aeiou';
/** No 0 or 1: they pass for o, l and I. */
const DIGITS = '23456789';
const SYLLABLES = 3;

/**
 * Words the syllables can spell that a teacher would not read aloud to a class (Finnish, Swedish
 * and English swearing or slurs a consonant-vowel word can hold); a password holding one is drawn again.
 */
const UNSAYABLE = ['homo', 'hora', 'kusi', 'kuse', 'nusi', 'penis', 'pimu', 'vitu'];

/** A whole number in [0, n): crypto's unless a test gives its own. */
export type Pick = (n: number) => number;

const secureInt: Pick = (n) => randomInt(n);

function draw(pick: Pick): string {
  let word = '';
  for (let i = 0; i < SYLLABLES; i += 1) word += `${CONSONANTS[pick(CONSONANTS.length)]}${VOWELS[pick(VOWELS.length)]}`;
  return `${word}-${DIGITS[pick(DIGITS.length)]}${DIGITS[pick(DIGITS.length)]}`;
}

/**
 * A generated student password ("mukava-42"): three consonant-vowel syllables, a hyphen and two
 * digits, 9 characters, typed by a child and read aloud by a teacher. 10^3 * 5^3 * 8^2 = 8 million
 * passwords (23 bits): guessing one is bounded by the login limits per account, as a password a
 * child chose is.
 */
export function newChildPassword(pick: Pick = secureInt): string {
  for (;;) {
    const password = draw(pick);
    if (!UNSAYABLE.some((word) => password.includes(word))) return password;
  }
}

/** A badge's secret (BADGE_TOKEN_BYTES random bytes, base64url): the database keeps only its SHA-256 (platform/tokens.ts). */
export function newBadgeToken(): string {
  return randomBytes(BADGE_TOKEN_BYTES).toString('base64url');
}
