import { useCallback, useState } from 'react';
import type { FieldErrors } from '../../../lib/form-errors.ts';

/**
 * Per-field error keys of a form; editing a field clears its own error. Forms check their fields
 * on submit, not on blur: a message appearing on blur pushes the controls below it down, so the
 * click that caused the blur would miss its target.
 */
export function useFieldErrors<Field extends string>() {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const setFieldError = useCallback((field: Field, key: string | undefined) => {
    setErrors((previous) => ({ ...previous, [field]: key }));
  }, []);
  const clearFieldError = useCallback((field: Field) => {
    setErrors((previous) => (previous[field] === undefined ? previous : { ...previous, [field]: undefined }));
  }, []);
  return { errors, setErrors, setFieldError, clearFieldError };
}

/** Moves focus to an invalid field so keyboard and screen reader users land on the problem. */
export function focusField(id: string): void {
  document.getElementById(id)?.focus();
}
