import '../../../lib/zod-config.ts';
import { useState, type SubmitEvent } from 'react';
import { CONTACT_ERROR_KEYS, CONTACT_FIELDS, ZContactRequest, type ContactField } from '@kolikko/core/schemas/public';
import { ApiError } from '../../../lib/api-client.ts';
import type { FieldErrors } from '../../../lib/form-errors.ts';
import { sendContactMessage } from '../api/send-contact.ts';

/** The form's states (spec section 4): sending shows a loader, success a thank-you panel. */
export type ContactStatus = 'idle' | 'sending' | 'success' | 'error';

type Values = Record<ContactField, string>;

const EMPTY: Values = { name: '', email: '', subject: '', message: '' };

/** Each field's element id, to move the focus to the first field in error. */
export const CONTACT_FIELD_ID: Record<ContactField, string> = {
  name: 'contact-name',
  email: 'contact-email',
  subject: 'contact-subject',
  message: 'contact-message',
};

/** The translation key of a schema message (core's keys); anything else reads "check this field". */
const errorKey = (message: string | undefined) =>
  `contact.errors.${CONTACT_ERROR_KEYS.find((key) => key === message) ?? 'invalid'}`;

/** The key of a field the server refused: what the form checks itself, or else "check this field". */
function serverFieldError(field: ContactField, values: Values): string {
  const parsed = ZContactRequest.shape[field].safeParse(values[field]);
  if (!parsed.success) return errorKey(parsed.error.issues[0]?.message);
  return errorKey(field === 'email' ? 'email_invalid' : undefined);
}

function isContactField(value: string | undefined): value is ContactField {
  return CONTACT_FIELDS.some((field) => field === value);
}

function focusField(field: ContactField): void {
  document.getElementById(CONTACT_FIELD_ID[field])?.focus();
}

/**
 * The contact form (spec sections 3 to 5): checked on submit with core's schema, each error under
 * its field and cleared when that field is edited; the focus moves to the first field in error. A
 * field the server refuses goes under that field; any other failure is the error state, and the
 * form keeps what was written.
 */
export function useContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({});
  const [status, setStatus] = useState<ContactStatus>('idle');
  /** The failure's code when the form is in the error state (SERVER.TRY_AGAIN says to wait). */
  const [failure, setFailure] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState('');

  function update(field: ContactField, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => (previous[field] === undefined ? previous : { ...previous, [field]: undefined }));
  }

  async function send(request: Values) {
    setStatus('sending');
    try {
      await sendContactMessage(request);
      setSentTo(request.email);
      setStatus('success');
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (error instanceof ApiError && error.errorCode === 'VALIDATION.INVALID_INPUT' && isContactField(field)) {
        setErrors({ [field]: serverFieldError(field, values) });
        setStatus('idle');
        focusField(field);
        return;
      }
      setFailure(error instanceof ApiError ? error.errorCode : 'SERVER.ERROR');
      setStatus('error');
    }
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const parsed = ZContactRequest.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors<ContactField> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && isContactField(field) && found[field] === undefined) found[field] = errorKey(issue.message);
      }
      setErrors(found);
      const first = CONTACT_FIELDS.find((field) => found[field] !== undefined);
      if (first) focusField(first);
      return;
    }
    const { name, email, subject, message } = parsed.data;
    void send({ name, email, subject, message });
  }

  /** Back to an empty form after a message went (the thank-you panel's "send another"). */
  function reset() {
    setValues(EMPTY);
    setErrors({});
    setFailure(undefined);
    setStatus('idle');
  }

  return { values, errors, status, failure, sentTo, update, handleSubmit, reset };
}
