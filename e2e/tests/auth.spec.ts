import { expect, test } from '@playwright/test';
import { createGroup, createTeacher, mailedLink, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { logIn } from '../support/session.ts';


test('a new teacher signs up, verifies the e-mail, logs in, switches to Finnish and logs out', async ({ page, request }) => {
  const username = uniqueName('ella');
  const email = `${username}@school.test`;
  await page.goto('/teacher/signup');
  const submit = page.getByRole('button', { name: 'Sign up' });
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await expect(submit).toBeDisabled(); // the terms are not accepted yet
  await page.getByRole('checkbox').check();
  await expect(submit).toBeEnabled();
  await submit.click(); // solves the real ALTCHA challenge in the browser (CAPTCHA=on)

  await expect(page).toHaveURL('/teacher/login');
  await expect(page.getByRole('status')).toContainText(text('en', 'success.SIGNUP_CONFIRM_EMAIL'));

  // Logging in before verifying is refused, and sends a fresh link.
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText(text('en', 'errors.EMAIL.NOT_VERIFIED'));

  await page.goto(await mailedLink(request, email, '/api/verify-email'));
  await expect(page).toHaveURL('/teacher/login'); // ?success=true is read and removed
  await expect(page.getByRole('status')).toContainText(text('en', 'success.EMAIL_VERIFIED'));

  await page.getByLabel('Username').fill(email); // the e-mail works as a login name too
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/teacher/home');
  await expect(page.getByRole('heading', { name: text('en', 'teacher.home.welcome', { username }) })).toBeVisible();
  await expect(page.getByTestId('coin-balance').first()).toContainText('300');

  await page.getByRole('button', { name: 'FI', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: text('fi', 'teacher.home.welcome', { username }) })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: text('fi', 'teacher.home.welcome', { username }) })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fi');

  await page.getByRole('button', { name: text('fi', 'common.logout') }).first().click();
  await expect(page).toHaveURL('/teacher/login');
  await page.goto('/teacher/home');
  await expect(page).toHaveURL('/teacher/login');
  // Issue 14: a teacher who logged out is not told the session ended.
  await expect(page.getByLabel(text('fi', 'auth.fields.username'))).toBeVisible();
  await expect(page.getByText(text('fi', 'errors.AUTH.NO_AUTH'))).toHaveCount(0);
});

test('a student joins a group through an old join link (the group name) and is signed in at once', async ({ page, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const username = uniqueName('kid');

  await page.goto(`/student/signup?group=${encodeURIComponent(group.name)}`);
  await expect(page.getByLabel('Class code')).toHaveValue(group.name);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('carrot1');
  await page.getByLabel('Confirm password').fill('carrot2');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Join group' }).click();
  await expect(page.getByText(text('en', 'auth.passwordsDoNotMatch'))).toBeVisible();
  await expect(page.getByLabel('Confirm password')).toBeFocused();
  await page.getByLabel('Confirm password').fill('carrot1');
  await page.getByRole('button', { name: 'Join group' }).click();
  await expect(page).toHaveURL('/student/home');
  await expect(page.getByRole('status')).toContainText(text('en', 'success.REGISTRATION_SUCCESS'));
  await expect(page.getByRole('link', { name: 'Tasks' }).first()).toBeVisible();

  // The nickname and password chosen at signup sign the student in next time.
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL('/student/login');
  await expect(page.getByTestId('student-password-note')).toBeVisible();
  await logIn(page, 'student', { username, password: 'carrot1' });
  await expect(page.getByRole('link', { name: 'Tasks' }).first()).toBeVisible();
});

test('a locked group refuses a student with the translated GROUP.LOCKED text', async ({ page, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher, { locked: true });
  await page.goto('/student/signup');
  await page.getByRole('button', { name: 'FI', exact: true }).first().click();
  await page.getByLabel(text('fi', 'auth.fields.classCode')).fill(group.name);
  await page.getByLabel(text('fi', 'auth.fields.username')).fill(uniqueName('kid'));
  await page.getByLabel(text('fi', 'auth.fields.password'), { exact: true }).fill('carrot1');
  await page.getByLabel(text('fi', 'auth.fields.passwordConfirm')).fill('carrot1');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: text('fi', 'auth.signup.submit.student') }).click();
  await expect(page.getByText(text('fi', 'errors.GROUP.LOCKED'))).toBeVisible();
  await expect(page.getByLabel(text('fi', 'auth.fields.classCode'))).toBeFocused();
  await expect(page).toHaveURL(/\/student\/signup/);
});

test('a teacher resets a forgotten password through the e-mailed link', async ({ page, request }) => {
  const teacher = await createTeacher(request);
  await page.goto('/teacher/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/teacher/forgot-password');
  await page.getByLabel('E-mail').fill(teacher.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(text('en', 'success.PASSWORD_RESET_LINK_SENT'));

  const link = await mailedLink(request, teacher.email, '/teacher/change-password');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('brandnew1');
  await page.getByLabel('Confirm new password').fill('brandnew1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL('/teacher/login');
  await expect(page.getByRole('status')).toContainText(text('en', 'success.PASSWORD_RESET'));
  await logIn(page, 'teacher', { username: teacher.username, password: 'brandnew1' });

  // The used link fails and sends the teacher back to ask for a new one.
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another1');
  await page.getByLabel('Confirm new password').fill('another1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL('/teacher/forgot-password');
  await expect(page.getByRole('alert')).toContainText(text('en', 'errors.AUTH.INVALID_TOKEN'));
});

test('wrong credentials show the login-failed text and keep the user on the page', async ({ page }) => {
  await page.goto('/student/login');
  const button = page.getByRole('button', { name: 'Log in' });
  await expect(button).toBeDisabled();
  await page.getByLabel('Username').fill('nobody-here');
  await expect(button).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill('whatever1');
  await button.click();
  await expect(page.getByRole('alert')).toContainText(text('en', 'errors.AUTH.LOGIN_FAILED'));
  await expect(page).toHaveURL('/student/login');
});
