/** The languages the server writes in: the web's three. */
export type PageLanguage = 'en' | 'fi' | 'sv';

/**
 * The language of the page a request came from: the first of its Accept-Language header (the web
 * sends its page's language there, apps/web/src/lib/api-client.ts) when it is one of ours;
 * English otherwise.
 */
export function pageLanguage(acceptLanguage: string | undefined): PageLanguage {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  if (first === 'fi' || first.startsWith('fi-')) return 'fi';
  // A Finland-Swedish browser usually sends sv-FI.
  if (first === 'sv' || first.startsWith('sv-')) return 'sv';
  return 'en';
}
