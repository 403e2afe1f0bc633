import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';

export const ZApiError = z.object({
  errorCode: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  field: z.string().optional(),
  /** Numbers the message is about (MISC.TEACHER_OUT_OF_COINS: needed and available coins; a 429 of the auth limits: retryAfterSeconds). */
  details: z.record(z.string(), z.number()).optional(),
  /** USER.USERNAME_TAKEN in a group: a free name the student may take instead. */
  suggestion: z.string().optional(),
  /** A class list with no acceptable line: each line, its name and why it was refused. */
  refused: z.array(z.object({ line: z.number().int(), username: z.string(), errorCode: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]) })).optional(),
});
