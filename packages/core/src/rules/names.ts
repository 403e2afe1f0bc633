/**
 * Students in natural order (issue 33): numbers in a name read as numbers (oppilas2 before
 * oppilas10), case and accents aside, in the reader's language's alphabet (Finnish sorts å, ä
 * and ö after z). The server lists them in Finnish order, the app's default language; a page
 * sorts them again in its own language.
 */
const collators = new Map<string, Intl.Collator>();

export function nameCollator(language = 'fi'): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
    collators.set(language, collator);
  }
  return collator;
}

/** A copy in natural order of username; ties keep their order (Array.prototype.sort is stable). */
export function sortByUsername<T extends { username: string }>(items: readonly T[], language = 'fi'): T[] {
  const { compare } = nameCollator(language);
  return [...items].sort((a, b) => compare(a.username, b.username));
}
