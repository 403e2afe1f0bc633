import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

/** Logs in through the login screen and waits for the area's home. */
export async function logIn(page: Page, area: 'teacher' | 'student', user: { username: string; password: string }) {
  await page.goto(`/${area}/login`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`/${area}/home`);
}

/**
 * Signs the context in through the API, as the login screen's own call does: its session cookie
 * is the context's. For tests of something else than the login screen (logIn() tests that one),
 * it spares the browser two page loads.
 */
export async function signIn(context: BrowserContext, area: 'teacher' | 'student', user: { username: string; password: string }) {
  const response = await context.request.post(area === 'teacher' ? '/api/login/admin' : '/api/login/member', {
    data: { loginName: user.username, password: user.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A browser context of its own (its own cookies, optionally a phone's) signed in to the area,
 * with a page open at `at` (the area's home unless told) once the area's layout is on screen.
 */
export async function signedInPage(
  browser: Browser,
  area: 'teacher' | 'student',
  user: { username: string; password: string },
  options: BrowserContextOptions = {},
  at = `/${area}/home`,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  await signIn(context, area, user);
  const page = await context.newPage();
  await page.goto(at);
  // The area's layout is on screen (its main landmark), as it was at the end of a login: not the
  // page the server sent while the app's code loads.
  await page.locator('#main').waitFor();
  return { context, page };
}
