import { z } from 'zod';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, CONTACT_SUBJECT_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../limits.ts';

/**
 * The public site's calls (no sign-in): the contact form and the site's facts.
 *
 * The contact form's rules are spec section 5's. Each failure's message is the form's own
 * per-field message key (`name_required`, `email_invalid`, ...; `too_long` for a field past its
 * bound, which the form's inputs do not allow): the web shows it under its field, and the server
 * answers 400 VALIDATION.INVALID_INPUT naming the field (apps/server/src/plugins/errors.ts).
 */
export const CONTACT_ERROR_KEYS = ['name_required', 'email_required', 'email_invalid', 'subject_required', 'message_required', 'too_long'] as const;
export type ContactErrorKey = (typeof CONTACT_ERROR_KEYS)[number];

const key = (k: ContactErrorKey) => ({ error: k });

/** A required text: trimmed, not empty, at most `max` characters. */
const requiredText = (missing: ContactErrorKey, max: number) => z.string(key(missing)).trim().min(1, key(missing)).max(max, key('too_long'));

export const ZContactRequest = z.object({
  name: requiredText('name_required', CONTACT_NAME_MAX_LENGTH),
  /** Where the answer goes (the mail's Reply-To). */
  email: z.string(key('email_required')).trim().min(1, key('email_required')).max(EMAIL_MAX_LENGTH, key('email_invalid')).pipe(z.email(key('email_invalid'))),
  subject: requiredText('subject_required', CONTACT_SUBJECT_MAX_LENGTH),
  message: requiredText('message_required', CONTACT_MESSAGE_MAX_LENGTH),
  /** The ALTCHA payload (base64 JSON) the browser solved; required unless CAPTCHA=off. */
  captcha: z.string().max(4096).optional(),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;
/** The form's fields, in form order. */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * GET /api/public/site: the operator's facts from the server's configuration, each null when not
 * configured (the legal texts name the data controller; the front page links the research study
 * in the reader's language only when there is one).
 */
export const ZSiteFacts = z.object({
  company: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    email: z.string().nullable(),
  }),
  research_pdf: z.object({
    en: z.string().nullable(),
    fi: z.string().nullable(),
    sv: z.string().nullable(),
  }),
});
export type TSiteFacts = z.infer<typeof ZSiteFacts>;
