import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

/** Logs in through the login screen and waits for the area's home. */
export async function logIn(page: Page, area: 'teacher' | 'student', user: { username: string; password: string }) {
  await page.goto(`/${area}/login`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(`/${area}/home`);
}

/** A browser context of its own (its own cookies, optionally a phone's) with a page signed in to the area. */
export async function signedInPage(
  browser: Browser,
  area: 'teacher' | 'student',
  user: { username: string; password: string },
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await logIn(page, area, user);
  return { context, page };
}
