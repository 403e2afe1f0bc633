import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';

export const ZApiError = z.object({
  errorCode: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  field: z.string().optional(),
  /** Numbers the message is about (MISC.TEACHER_OUT_OF_COINS: needed and available coins; a 429 of the auth limits: retryAfterSeconds). */
  details: z.record(z.string(), z.number()).optional(),
});
