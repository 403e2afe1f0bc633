import type { TOkResponse } from '@kolikko/core/schemas/auth';
import type { TContactRequest } from '@kolikko/core/schemas/public';
import { apiRequest } from '../../../lib/api-client.ts';
import { solveCaptcha } from '../../../lib/captcha.ts';

/**
 * Sends a contact form message as form data (spec section 7: POST public/contact), with the
 * captcha solved first as teacher signup does.
 */
export async function sendContactMessage(message: Omit<TContactRequest, 'captcha'>): Promise<TOkResponse> {
  const captcha = await solveCaptcha();
  const form = new FormData();
  for (const [name, value] of Object.entries(message)) form.append(name, value);
  if (captcha) form.append('captcha', captcha);
  return apiRequest<TOkResponse>('/public/contact', { method: 'POST', form });
}
