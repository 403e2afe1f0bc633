import { useState, type SubmitEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorCode } from '../../../lib/banner.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { firstErrorField, issuesToFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { focusField, useFieldErrors } from './use-field-errors.ts';

type Parsed<Request> = { success: true; data: Request } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** A signup form's fields: its own, then a password and its confirmation. */
type SignupField<Field extends string> = Field | 'password' | 'passwordConfirm';

interface SignupFormOptions<Field extends string, Request> {
  /** Every field, in form order. */
  fields: readonly SignupField<Field>[];
  /** Each field's element id, to move the focus to the first field in error. */
  fieldIds: Record<SignupField<Field>, string>;
  initial: Record<SignupField<Field>, string>;
  /** Server codes that belong under one field rather than in the banner. */
  serverFields: Partial<Record<string, SignupField<Field>>>;
  /** Checks the values with the request's schema from core. */
  parse: (values: Record<SignupField<Field>, string>) => Parsed<Request>;
  /** Sends the request; `onError` gets what failed. */
  send: (request: Request, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  pending: boolean;
  onSuccess: () => void;
  /** Sees every refusal the server answered, before it is shown (the student form keeps a suggested name). */
  onRefused?: (error: ApiError) => void;
}

/**
 * The state and submission of a signup form (teacher or student): every field must be filled
 * and the terms accepted before it sends; the schema's errors and a confirmation that does not
 * match go under their fields, and the focus moves to the first; a server code that belongs to a
 * field goes under it, any other to the banner.
 */
export function useSignupForm<Field extends string, Request>(options: SignupFormOptions<Field, Request>) {
  type AnyField = SignupField<Field>;
  const { fields, fieldIds, serverFields, parse, send, pending, onSuccess, onRefused } = options;
  const [values, setValues] = useState<Record<AnyField, string>>(options.initial);
  const [accepted, setAccepted] = useState(false);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const { errors, setErrors, setFieldError, clearFieldError } = useFieldErrors<AnyField>();

  const isIncomplete = fields.some((field) => values[field].trim() === '') || !accepted;

  function update(field: AnyField, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    clearFieldError(field);
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isIncomplete || pending) return;
    const parsed = parse(values);
    const found: FieldErrors<AnyField> = parsed.success ? {} : issuesToFieldErrors<AnyField>(parsed.error.issues, fields);
    if (values.password !== values.passwordConfirm) found.passwordConfirm = 'auth.passwordsDoNotMatch';
    const first = firstErrorField(found, fields);
    if (!parsed.success || first !== undefined) {
      setErrors(found);
      if (first !== undefined) focusField(fieldIds[first]);
      return;
    }
    send(parsed.data, {
      onSuccess,
      onError: (error) => {
        if (error instanceof ApiError) onRefused?.(error);
        const code = error instanceof ApiError ? error.errorCode : 'SERVER.ERROR';
        const field = serverFields[code];
        if (field) {
          setFieldError(field, errorMessageKey(code));
          focusField(fieldIds[field]);
        } else {
          showErrorCode(code);
        }
      },
    });
  }

  return { values, update, errors, accepted, setAccepted, passwordVisible, setPasswordVisible, isIncomplete, handleSubmit };
}
