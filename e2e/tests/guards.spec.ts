import { expect, test, type Page } from '@playwright/test';
import { createGroup, createTeacher, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';

/** Every address the app's router moves to (it replaces the entry with the login's), kept on the window. */
async function recordAddresses(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { seenAddresses: seen });
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url !== undefined && url !== null) seen.push(String(url));
        original(data, unused, url);
      };
    }
  });
}

async function seenAddresses(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { seenAddresses: string[] }).seenAddresses);
}

test.describe('nobody signed in', () => {
  // Issue 14: a visitor who never signed in here is sent to log in, not told a session ended.
  test('the teacher area sends to the teacher login, without the no-auth message', async ({ page }) => {
    await recordAddresses(page);
    for (const path of ['/teacher/home', '/teacher/groups', '/teacher/todos', '/teacher/profile', '/teacher/shop/coins']) {
      await page.goto(path);
      await expect(page).toHaveURL('/teacher/login');
      await expect(page.getByLabel('Username')).toBeVisible();
      expect(await seenAddresses(page)).not.toContainEqual(expect.stringContaining('error='));
      await expect(page.getByText(text('en', 'errors.AUTH.NO_AUTH'))).toHaveCount(0);
    }
  });

  test('the student area sends to the student login, without the no-auth message', async ({ page }) => {
    await recordAddresses(page);
    for (const path of ['/student/home', '/student/todos', '/student/history', '/student/profile', '/student/rewards']) {
      await page.goto(path);
      await expect(page).toHaveURL('/student/login');
      await expect(page.getByLabel('Username')).toBeVisible();
      expect(await seenAddresses(page)).not.toContainEqual(expect.stringContaining('error='));
      await expect(page.getByText(text('en', 'errors.AUTH.NO_AUTH'))).toHaveCount(0);
    }
  });

  test('login?error=AUTH.NO_AUTH still shows the no-auth message and is removed', async ({ page }) => {
    await page.goto('/teacher/login?error=AUTH.NO_AUTH');
    await expect(page).toHaveURL('/teacher/login');
    await expect(page.getByRole('alert')).toContainText(text('en', 'errors.AUTH.NO_AUTH'));
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
  // End the session from outside the page (as a password reset elsewhere would), with the app
  // closed meanwhile: an open app hears of it on its live connection and may leave for the login
  // page before the next request, which is what this test is about (and the session-expiry test
  // below, the open page's side).
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === 'kolikko_session');
  expect(session).toBeDefined();
  await page.goto('about:blank');
  await request.get('/api/logout', { headers: { cookie: `kolikko_session=${session?.value}` } });
  await page.goto('/teacher/home');
  await expect(page).toHaveURL('/teacher/login');
  // This browser had the session, so it is told the session ended (once it signs out itself, it is not).
  await expect(page.getByRole('alert')).toContainText(text('en', 'errors.AUTH.NO_AUTH'));
  await page.getByLabel('Username').fill(teacher.username);
  await page.getByLabel('Password', { exact: true }).fill(teacher.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/teacher/home');
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL('/teacher/login');
  await page.goto('/teacher/groups');
  await expect(page).toHaveURL('/teacher/login');
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.getByText(text('en', 'errors.AUTH.NO_AUTH'))).toHaveCount(0);
});

test('a session that expires while the page is open sends to the login page with the no-auth message', async ({ page, context }) => {
  const teacher = await createTeacher(page.request);
  await page.goto('/teacher/login');
  await page.getByLabel('Username').fill(teacher.username);
  await page.getByLabel('Password', { exact: true }).fill(teacher.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/teacher/home');
  // The home page's own reads done first (a teacher without a group also asks for lists shared
  // with it, after its groups), so the click below makes the next request.
  await page.waitForLoadState('networkidle');
  // The cookie goes as an expired one would: the next request the page makes is a 401. That may
  // be the page's own (a refetch, the socket) before the click below: then the link has gone with
  // the page, and the login page is what counts either way. The wait ends with whichever comes
  // first, since the banner hides after BANNER_AUTO_HIDE_MS and a click left waiting for a link
  // that is gone would outlast it.
  await context.clearCookies();
  const onLoginPage = page.waitForURL(/\/teacher\/login(\?|$)/);
  await Promise.race([
    onLoginPage,
    page
      .getByRole('link', { name: 'Groups' })
      .first()
      .click({ timeout: 15_000 })
      .catch(() => undefined),
  ]);
  await onLoginPage;
  await expect(page).toHaveURL('/teacher/login');
  await expect(page.getByRole('alert')).toContainText(text('en', 'errors.AUTH.NO_AUTH'));
});
