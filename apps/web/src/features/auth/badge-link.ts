/** Where a badge's link opens (issue 31): `${origin}/student/badge#<token>`, the secret after the `#`, never in the query. */
export const BADGE_PATH = '/student/badge';

/** A badge secret's characters (base64url) and a sane length; the server judges the rest. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

/** The secret of an address's fragment (`#<token>`), or null. */
export function badgeTokenOfHash(hash: string): string | null {
  const token = hash.startsWith('#') ? hash.slice(1) : hash;
  return TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * The secret of a scanned text when it is a badge link of this site (`origin`), else null: a
 * join QR code, another site's link, or any other text is not a badge.
 */
export function badgeTokenOfLink(text: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname !== BADGE_PATH || url.search !== '') return null;
  return badgeTokenOfHash(url.hash);
}
