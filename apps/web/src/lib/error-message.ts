import { isErrorCode } from '@kolikko/core/errors';

/** The translation key of an error code; unknown codes read as the generic server error. */
export function errorMessageKey(code: string): string {
  return isErrorCode(code) ? `errors.${code}` : 'errors.SERVER.ERROR';
}
