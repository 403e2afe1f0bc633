import { expect, test } from '@playwright/test';
import { createGroup, createTeacher, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';

test.describe('nobody signed in', () => {
  test('the teacher area sends to the teacher login with the no-auth message, and the parameter is removed', async ({ page }) => {
    for (const path of ['/teacher/home', '/teacher/groups', '/teacher/todos', '/teacher/profile', '/teacher/shop/coins']) {
      await page.goto(path);
      await expect(page).toHaveURL('/teacher/login');
      await expect(page.getByRole('alert')).toContainText(text('en', 'errors.AUTH.NO_AUTH'));
    }
  });

  test('the student area sends to the student login', async ({ page }) => {
    for (const path of ['/student/home', '/student/todos', '/student/history', '/student/profile', '/student/rewards']) {
      await page.goto(path);
      await expect(page).toHaveURL('/student/login');
      await expect(page.getByRole('alert')).toContainText(text('en', 'errors.AUTH.NO_AUTH'));
    }
  });

  test('an unknown user type goes to the front page, an unknown path shows it', async ({ page }) => {
    await page.goto('/parent/login');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Create your first group' })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByRole('link', { name: 'Create your first group' })).toBeVisible();
  });

  test('login?success=true and login?error=<other> show their messages and are removed', async ({ page }) => {
    await page.goto('/teacher/login?success=true');
    await expect(page).toHaveURL('/teacher/login');
    await expect(page.getByRole('status')).toContainText(text('en', 'success.EMAIL_VERIFIED'));
    await page.goto('/teacher/login?error=SOMETHING.ELSE');
    await expect(page).toHaveURL('/teacher/login');
    await expect(page.getByRole('alert')).toContainText(text('en', 'errors.SERVER.ERROR'));
  });
});

test('a signed-in teacher is kept out of the student area and away from public pages', async ({ page, request }) => {
  const teacher = await createTeacher(request);
  await page.goto('/teacher/login');
  await page.getByLabel('Username').fill(teacher.username);
  await page.getByLabel('Password', { exact: true }).fill(teacher.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/teacher/home');
  for (const path of ['/student/home', '/student/profile', '/', '/teacher/login', '/student/signup', '/about']) {
    await page.goto(path);
    await expect(page).toHaveURL('/teacher/home');
  }
});

test('a signed-in student is kept out of the teacher area and away from public pages', async ({ page, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const username = uniqueName('kid');
  expect((await request.post('/api/signup/member', { data: { username, group_name: group.name, password: 'carrot1' } })).status()).toBe(201);
  await page.goto('/student/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('carrot1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/student/home');
  for (const path of ['/teacher/home', '/teacher/groups', '/', '/student/login', '/contact']) {
    await page.goto(path);
    await expect(page).toHaveURL('/student/home');
  }
});

test('a session ended on the server sends the next request to the login page', async ({ page, request, context }) => {
  const teacher = await createTeacher(request);
  await page.goto('/teacher/login');
  await page.getByLabel('Username').fill(teacher.username);
  await page.getByLabel('Password', { exact: true }).fill(teacher.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/teacher/home');
  // End the session from outside the page (as a password reset elsewhere would).
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === 'kolikko_session');
  expect(session).toBeDefined();
  await request.get('/api/logout', { headers: { cookie: `kolikko_session=${session?.value}` } });
  await page.reload();
  await expect(page).toHaveURL('/teacher/login');
});
