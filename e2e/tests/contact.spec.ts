import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { outbox, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';

/** Where the e2e server mails contact messages (CONTACT_TO in e2e/playwright.config.ts). */
const CONTACT_TO = 'contact@kolikko.test';
const FIELDS = ['name', 'email', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];

/** Axe's serious and critical findings on the page as it is now, as "rule: target" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`));
}

const input = (page: Page, field: Field): Locator => page.locator(`#contact-${field}`);

/** The field's error as a person reads it, and as assistive technology is told (aria-invalid, aria-describedby). */
async function expectError(page: Page, field: Field, message: string | null): Promise<void> {
  const box = input(page, field);
  if (message === null) {
    await expect(box).not.toHaveAttribute('aria-invalid', 'true');
    return;
  }
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  const described = (await box.getAttribute('aria-describedby')) ?? '';
  const errorId = described.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, `aria-describedby of ${field}: ${described}`).toBeTruthy();
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(message);
}

async function openContact(page: Page, lang: 'en' | 'fi'): Promise<void> {
  await page.addInitScript((language) => localStorage.setItem('language', language), lang);
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: text(lang, 'contact.title') })).toBeVisible();
}

test('a visitor sends the contact form: errors per field, each cleared by its own edit, then success and the mail in the outbox', async ({ page, request }) => {
  await openContact(page, 'en');
  const submit = page.getByRole('button', { name: text('en', 'contact.submit') });

  // Everything empty: every field says what it needs, and the focus goes to the first.
  await submit.click();
  await expectError(page, 'name', text('en', 'contact.errors.name_required'));
  await expectError(page, 'email', text('en', 'contact.errors.email_required'));
  await expectError(page, 'subject', text('en', 'contact.errors.subject_required'));
  await expectError(page, 'message', text('en', 'contact.errors.message_required'));
  await expect(input(page, 'name')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // Typing in a field clears its error only.
  const subject = `Licences ${uniqueName('q')}`;
  const typed: Record<Field, string> = { name: 'Maija Opettaja', email: 'maija.school.test', subject, message: 'Can our whole school use Kolikko?\nThanks!' };
  for (const [i, field] of FIELDS.entries()) {
    await input(page, field).fill(typed[field]);
    await expectError(page, field, null);
    for (const later of FIELDS.slice(i + 1)) await expect(input(page, later)).toHaveAttribute('aria-invalid', 'true');
  }

  // A bad address is caught on submit, the focus on it; the other fields keep what was typed.
  await submit.click();
  await expectError(page, 'email', text('en', 'contact.errors.email_invalid'));
  await expect(input(page, 'email')).toBeFocused();
  for (const field of ['name', 'subject', 'message'] as const) {
    await expectError(page, field, null);
    await expect(input(page, field)).toHaveValue(typed[field]);
  }
  await input(page, 'email').fill('maija@school.test');
  await expectError(page, 'email', null);

  // Sending: the button is disabled and says so until the server answers (held here until checked).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/public/contact', async (route) => {
    await held;
    await route.continue();
  });
  await submit.click(); // solves the real ALTCHA challenge in the browser first (CAPTCHA=on)
  const sending = page.getByRole('button', { name: text('en', 'contact.sending') });
  await expect(sending).toBeDisabled();
  release();

  const success = page.getByTestId('contact-success');
  await expect(success.getByRole('heading', { name: text('en', 'contact.success.title') })).toBeFocused();
  await expect(success).toContainText(text('en', 'contact.success.body', { email: 'maija@school.test' }));
  expect(await seriousViolations(page)).toEqual([]);

  await expect
    .poll(async () => (await outbox(request)).filter((m) => m.to === CONTACT_TO && m.subject.includes(subject)).length)
    .toBe(1);
  const mail = (await outbox(request)).find((m) => m.to === CONTACT_TO && m.subject.includes(subject));
  expect(mail?.text).toContain('From: Maija Opettaja <maija@school.test>');
  expect(mail?.text).toContain('Can our whole school use Kolikko?\nThanks!');

  // "Send another": an empty form again, ready to type in.
  await page.unroute('**/api/public/contact');
  await success.getByRole('button', { name: text('en', 'contact.success.another') }).click();
  await expect(input(page, 'name')).toBeFocused();
  for (const field of FIELDS) await expect(input(page, field)).toHaveValue('');
});

test('a failed send shows the generic error and keeps the text; a field the server refuses is shown under it', async ({ page }) => {
  await openContact(page, 'en');
  const form = { name: 'Pekka', email: 'pekka@school.test', subject: 'Hello', message: 'A question.' };
  for (const field of FIELDS) await input(page, field).fill(form[field]);

  await page.route('**/api/public/contact', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errorCode: 'SERVER.ERROR', message: 'Something went wrong' }) }),
  );
  await page.getByRole('button', { name: text('en', 'contact.submit') }).click();
  const failure = page.getByTestId('contact-error');
  await expect(failure).toHaveText(text('en', 'contact.error'));
  await expect(failure).toHaveAttribute('role', 'alert');
  for (const field of FIELDS) await expect(input(page, field)).toHaveValue(form[field]);
  await expect(page.getByRole('button', { name: text('en', 'contact.submit') })).toBeEnabled();

  await page.unroute('**/api/public/contact');
  await page.route('**/api/public/contact', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ errorCode: 'VALIDATION.INVALID_INPUT', message: 'Invalid email', field: 'email' }) }),
  );
  await page.getByRole('button', { name: text('en', 'contact.submit') }).click();
  await expectError(page, 'email', text('en', 'contact.errors.email_invalid'));
  await expect(input(page, 'email')).toBeFocused();
});

test('the contact page in Finnish: its texts and errors, and nothing serious for axe', async ({ page }) => {
  await openContact(page, 'fi');
  await expect(page.getByTestId('contact-students')).toContainText(text('fi', 'contact.students.body'));
  await page.getByRole('button', { name: text('fi', 'contact.submit') }).click();
  await expectError(page, 'name', text('fi', 'contact.errors.name_required'));
  await expectError(page, 'email', text('fi', 'contact.errors.email_required'));
  await expectError(page, 'subject', text('fi', 'contact.errors.subject_required'));
  await expectError(page, 'message', text('fi', 'contact.errors.message_required'));
  expect(await seriousViolations(page)).toEqual([]);
  await input(page, 'email').fill('ei-osoite');
  await page.getByRole('button', { name: text('fi', 'contact.submit') }).click();
  await expectError(page, 'email', text('fi', 'contact.errors.email_invalid'));
});
