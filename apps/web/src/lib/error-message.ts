import { isErrorCode } from '@kolikko/core/errors';
import { ApiError } from './api-client.ts';

/** The translation key of an error code; unknown codes read as the generic server error. */
export function errorMessageKey(code: string): string {
  return isErrorCode(code) ? `errors.${code}` : 'errors.SERVER.ERROR';
}

/** The error code of a failed call; anything that is not an API answer reads as the server error. */
export function errorCodeOf(error: unknown): string {
  return error instanceof ApiError ? error.errorCode : 'SERVER.ERROR';
}
