const SOFT_HYPHEN = '\u00AD';
const VOWELS = new Set('aeiouyäöå');

const isVowel = (letter: string | undefined) => letter !== undefined && VOWELS.has(letter.toLowerCase());

/**
 * Finnish words with soft hyphens at their syllables, so a long name in a narrow tile breaks as
 * "Hammas-rakovirne", never "Hammasrak/ovirne". The rule of Finnish syllables: a consonant
 * followed by a vowel starts a syllable. Two letters at least stay before a break and three after
 * it ("suo-ra" and "pal-lo" looked broken for nothing in a tile). Browsers only
 * hyphenate `hyphens: auto` text with a dictionary of the language, which Chromium on Linux and
 * many phones do not have for Finnish; soft hyphens work everywhere and show only at a break.
 */
export function hyphenateFinnish(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => {
    const letters = [...word];
    let out = '';
    let start = 0;
    for (let i = 2; i <= letters.length - 3; i++) {
      if (isVowel(letters[i]) || !isVowel(letters[i + 1])) continue;
      const syllable = letters.slice(start, i);
      if (!syllable.some((letter) => isVowel(letter))) continue;
      out += syllable.join('') + SOFT_HYPHEN;
      start = i;
    }
    return out + letters.slice(start).join('');
  });
}
