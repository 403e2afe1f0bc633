import { escapeHtml } from '../../platform/html.ts';
import type { Mail } from '../../platform/mail.ts';
import type { PageLanguage } from '../../platform/page-language.ts';
import type { NewContactMessage } from './contact.repo.ts';

/** One line, for a header: the form's inputs are single-line, but a request may carry line breaks. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The page's language as the operator's mail names it. */
const LANGUAGE_NAMES: Record<PageLanguage, string> = { en: 'English (en)', fi: 'Finnish (fi)', sv: 'Swedish (sv)' };

/**
 * A contact message as mailed to the operator (CONTACT_TO), in English: the operator reads it, and
 * answering it (Reply-To) writes to the visitor. It names the language of the pages the visitor
 * wrote from, the language to answer in.
 */
export function contactMail(to: string, message: NewContactMessage, language: PageLanguage, sentAt: Date, publicUrl: string): Mail {
  const name = oneLine(message.name);
  const subject = oneLine(message.subject);
  const from = `${name} <${message.email}>`;
  const written = LANGUAGE_NAMES[language];
  const footer = `Sent through the contact form of ${publicUrl} at ${sentAt.toISOString()}. Reply to this e-mail to answer ${name}.`;
  return {
    to,
    replyTo: message.email,
    subject: `Kolikko contact: ${subject}`,
    text: [`From: ${from}`, `Subject: ${subject}`, `Language: ${written}`, '', message.message, '', '--', footer].join('\n'),
    html:
      `<p><strong>From:</strong> ${escapeHtml(from)}<br><strong>Subject:</strong> ${escapeHtml(subject)}<br><strong>Language:</strong> ${written}</p>` +
      `<p style="white-space: pre-wrap">${escapeHtml(message.message)}</p>` +
      `<hr><p>${escapeHtml(footer)}</p>`,
  };
}
