import { ApiError } from './api-client.ts';
import { hasText } from './i18n.ts';

/**
 * The translation key of an error code; unknown codes read as the generic server error. A code
 * is known when the texts have it: the locale tests give every code of the catalogue
 * (@kolikko/core/errors) a text in both languages, and the catalogue itself stays off the first
 * load (0.7 KB, issue 13).
 */
export function errorMessageKey(code: string): string {
  const key = `errors.${code}`;
  return hasText(key) ? key : 'errors.SERVER.ERROR';
}

/** The error code of a failed call; anything that is not an API answer reads as the server error. */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.errorCode : 'SERVER.ERROR';
}
