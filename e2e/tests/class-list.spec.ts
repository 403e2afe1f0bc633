import { expect, test } from '@playwright/test';
import { createGroup, createTeacher, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { logIn } from '../support/session.ts';

const CLASSMATES = [
  'Aada', 'Eino', 'Helmi', 'Onni', 'Siiri-Änni', 'Leevi', 'Ellen', 'Vilho', 'Isla', 'Toivo', 'Lilja', 'Aatos',
  'Hilla', 'Eetu', 'Venla', 'Otto', 'Åsa', 'Niilo', 'Pihla', 'Elias', 'Kerttu', 'Väinö-Olavi',
];

test('a teacher pastes a class list of 25, sees the marks, creates the students and prints their badges; one signs in', async ({ page, browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  // The student who signs in at the end: a name no other test's student has, with letters a Finnish class has.
  const signer = uniqueName('Väinö');
  // 25 lines: 23 names, one of them twice, and one that is no nickname.
  const lines = [...CLASSMATES.slice(0, 10), 'Eino', signer, 'x', ...CLASSMATES.slice(10)];
  expect(lines).toHaveLength(25);

  await page.addInitScript(() => {
    const calls: number[] = [];
    Object.assign(window, { printCalls: calls });
    window.print = () => void calls.push(Date.now());
  });
  const printCalls = () => page.evaluate(() => (Reflect.get(window, 'printCalls') as number[]).length);
  await logIn(page, 'teacher', teacher);
  await page.goto('/teacher/groups');
  // A new group is empty: the class list is offered beside the join instructions.
  await page.getByTestId('class-list-offer').getByRole('button', { name: text('en', 'groups.classList.open') }).click();
  const dialog = page.getByRole('dialog', { name: text('en', 'groups.classList.title', { name: group.name }) });
  await dialog.getByLabel(text('en', 'groups.classList.label')).fill(lines.join('\n'));

  const rows = dialog.getByTestId('class-list-row');
  await expect(rows).toHaveCount(25);
  await expect(dialog.locator('[data-testid=class-list-row][data-mark=ok]')).toHaveCount(23);
  await expect(rows.nth(10)).toHaveAttribute('data-mark', 'twice');
  await expect(rows.nth(10)).toContainText(text('en', 'groups.classList.marks.twice'));
  await expect(rows.nth(12)).toHaveAttribute('data-mark', 'invalid');
  await expect(rows.nth(12)).toContainText(text('en', 'groups.classList.marks.invalid'));
  await expect(dialog.getByTestId('class-list-summary')).toHaveText(text('en', 'groups.classList.summary_other', { count: 25, ok: 23 }));

  await dialog.getByRole('button', { name: text('en', 'groups.classList.create_other', { count: 23 }) }).click();
  const result = dialog.getByTestId('class-list-result');
  await expect(result.getByText(text('en', 'groups.classList.created_other', { count: 23, name: group.name }))).toBeVisible();
  await expect(result.getByTestId('created-password')).toHaveCount(23);
  await expect(result.getByTestId('refused-line')).toHaveText([
    text('en', 'groups.classList.refusedLine', { line: 11, username: 'Eino', reason: text('en', 'groups.classList.marks.twice') }),
    text('en', 'groups.classList.refusedLine', { line: 13, username: 'x', reason: text('en', 'groups.classList.marks.invalid') }),
  ]);
  const signerRow = result.getByTestId('created-student').filter({ hasText: signer });
  const password = (await signerRow.getByTestId('created-password').textContent())?.trim() ?? '';
  expect(password.length).toBeGreaterThanOrEqual(6);

  // The badges: a card for each new student, each with its QR code, then the print dialog.
  await result.getByRole('button', { name: text('en', 'groups.classList.printBadges') }).click();
  const sheet = page.getByTestId('badge-sheet');
  await expect(sheet.getByTestId('badge-card')).toHaveCount(23);
  await expect(sheet.getByTestId('badge-qr')).toHaveCount(23);
  await expect(sheet.getByTestId('badge-card').filter({ hasText: signer }).getByTestId('badge-qr')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await expect.poll(printCalls).toBe(1);
  // Printed, the sheet is all there is on the paper: the app and the dialog are left out.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet.getByTestId('badge-card').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // The passwords sheet: a strip a student.
  await result.getByRole('button', { name: text('en', 'groups.classList.printPasswords') }).click();
  await expect(page.getByTestId('password-sheet').locator('tbody tr')).toHaveCount(23);
  await expect.poll(printCalls).toBe(2);

  await result.getByRole('button', { name: text('en', 'groups.classList.done') }).click();
  await expect(page.getByTestId('member-grid').locator('[data-testid^=member-card-]')).toHaveCount(23);

  // The student signs in with the password shown.
  const student = await browser.newContext();
  const studentPage = await student.newPage();
  await logIn(studentPage, 'student', { username: signer, password });
  await expect(studentPage.getByText(signer).first()).toBeVisible();
  await student.close();
});
