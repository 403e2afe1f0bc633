import { errorMessageKey } from './error-message.ts';

/** Field name to the translation key of its error. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Turns schema issues into per-field messages. The core schemas use error codes as their
 * messages, so each one translates through the error catalogue; the first issue of a field wins.
 */
export function issuesToFieldErrors<Field extends string>(
  issues: readonly Issue[],
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field !== undefined && errors[field] === undefined) errors[field] = errorMessageKey(issue.message);
  }
  return errors;
}

/** The first field, in form order, that has an error. */
export function firstErrorField<Field extends string>(errors: FieldErrors<Field>, order: readonly Field[]): Field | undefined {
  return order.find((field) => errors[field] !== undefined);
}
