import { createServer, type AddressInfo, type Server } from 'node:net';
import { shoot } from '../support/shots.ts';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startTestOidcProvider } from '../../apps/server/src/test/oidc-provider.ts';
import { createTeacher, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { pickPort, startOwnServer, type OwnServer } from '../support/own-server.ts';

/**
 * Issue 34: teacher sign-in through an OpenID provider, in the browser. A real provider
 * (oidc-provider) on a free port, which signs in whoever the test names without a form, and a
 * server of this spec's own configured with it (`school`) and with one that is down (`city`).
 * SSO_SHOTS=<dir> also saves the screens at 1280 and 390 px in both languages.
 */
const SHOTS = process.env.SSO_SHOTS;
const LABEL = 'Koulun tunnus';
const DOWN_LABEL = 'Kaupungin tunnus';

test.describe.configure({ mode: 'serial' });

let provider: Awaited<ReturnType<typeof startTestOidcProvider>>;
let server: OwnServer;
let down: Server | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await pickPort();
  // A provider that is down: every connection is dropped at once. The port stays held, so no
  // server started later (the OS may hand a port just picked to the next listener) answers there.
  down = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => down!.listen(0, '127.0.0.1', resolve));
  const downPort = (down.address() as AddressInfo).port;
  const publicUrl = `http://127.0.0.1:${port}`;
  provider = await startTestOidcProvider([{ client_id: 'kolikko', client_secret: 'e2e-secret', redirect_uris: [`${publicUrl}/api/sso/school/callback`] }]);
  server = await startOwnServer(port, {
    SSO_PROVIDERS: 'school,city',
    SSO_SCHOOL_ISSUER: provider.issuer,
    SSO_SCHOOL_CLIENT_ID: 'kolikko',
    SSO_SCHOOL_CLIENT_SECRET: 'e2e-secret',
    SSO_SCHOOL_LABEL: LABEL,
    SSO_CITY_ISSUER: `http://127.0.0.1:${downPort}`,
    SSO_CITY_CLIENT_ID: 'kolikko',
    SSO_CITY_CLIENT_SECRET: 'e2e-secret',
    SSO_CITY_LABEL: DOWN_LABEL,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
  await new Promise<void>((resolve) => (down ? down.close(() => resolve()) : resolve()));
});

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  return { context, page: await context.newPage() };
}

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.html}`));
}

/** Each of the four: 1280 and 390 px, English and Finnish, `open` showing the screen afresh (a reload, or a navigation). */
test('a first sign-in through the provider makes an account (username, terms); sign out; sign in again; its only way in is kept', async ({ browser }) => {
  if (SHOTS) test.setTimeout(600_000);
  const { context, page } = await newPage(browser);
  const username = uniqueName('sso');
  provider.signInAs({ sub: `sub-${username}`, email: `${username}@school.test`, email_verified: true });

  await page.goto('/teacher/signup');
  await expect(page.getByRole('link', { name: `Sign up with ${LABEL}` })).toBeVisible();
  await page.goto('/teacher/login');
  const button = page.getByRole('link', { name: `Sign in with ${LABEL}` });
  await expect(button).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await shoot(page, SHOTS, 'login-buttons');

  await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
  await expect(page).toHaveURL('/teacher/sso');
  await expect(page.getByRole('heading', { name: text('en', 'sso.page.signupTitle') })).toBeVisible();
  await expect(page.getByTestId('sso-email')).toContainText(`${username}@school.test`);
  // The provider vouched for the e-mail: no field for one.
  await expect(page.getByLabel('E-mail')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await shoot(page, SHOTS, 'sso-signup');

  // By keyboard: the name, the terms box (Space), the button (Enter).
  await page.getByLabel('Username').fill(username);
  const create = page.getByRole('button', { name: text('en', 'sso.page.submitSignup') });
  await expect(create).toBeDisabled();
  await page.getByRole('checkbox').focus();
  await page.keyboard.press('Space');
  await expect(create).toBeEnabled();
  await create.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/teacher/home');
  await expect(page.getByRole('heading', { name: text('en', 'teacher.home.welcome', { username }) })).toBeVisible();
  await expect(page.getByTestId('coin-balance').first()).toContainText('300');

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL('/teacher/login');
  await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
  await expect(page).toHaveURL('/teacher/home');
  await expect(page.getByRole('heading', { name: text('en', 'teacher.home.welcome', { username }) })).toBeVisible();

  // No password and one provider: removing it is refused, with the catalogue's text.
  await page.goto('/teacher/profile');
  const methods = page.getByTestId('sign-in-methods');
  await expect(methods.getByTestId('sso-linked-school')).toContainText(LABEL);
  await expect(methods.getByTestId('sso-no-password')).toBeVisible();
  await methods.getByRole('button', { name: `Remove ${LABEL}` }).click();
  await page.getByRole('dialog', { name: `Remove ${LABEL}?` }).getByRole('button', { name: 'Confirm' }).click();
  await expect(methods.getByTestId('sso-unlink-refused')).toHaveText(text('en', 'errors.AUTH.LAST_SIGN_IN_METHOD'));
  await expect(methods.getByTestId('sso-linked-school')).toBeVisible();
  await context.close();
});

test('a teacher with a password links the provider in the profile and unlinks it; the provider vouching for its e-mail links only with the password', async ({ browser }) => {
  if (SHOTS) test.setTimeout(600_000);
  const { context, page } = await newPage(browser);
  const teacher = await createTeacher(context.request);
  await page.goto('/teacher/login');
  await page.getByLabel('Username').fill(teacher.username);
  await page.getByLabel('Password', { exact: true }).fill(teacher.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/teacher/home');

  await page.goto('/teacher/profile');
  const methods = page.getByTestId('sign-in-methods');
  await expect(methods.getByTestId('sign-in-methods-empty')).toBeVisible();
  provider.signInAs({ sub: `link-${teacher.username}`, email: teacher.email, email_verified: true });
  await methods.getByRole('link', { name: `Link ${LABEL}` }).click();
  await expect(page).toHaveURL('/teacher/profile');
  await expect(page.getByText(text('en', 'sso.profile.linked'))).toBeVisible();
  await expect(methods.getByTestId('sso-linked-school')).toContainText(teacher.email);
  // The one that is down is still offered; the linked one is not.
  await expect(methods.getByRole('link', { name: `Link ${DOWN_LABEL}` })).toBeVisible();
  await expect(methods.getByRole('link', { name: `Link ${LABEL}` })).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await shoot(page, SHOTS, 'profile-methods', async () => {
    await page.reload();
    await expect(methods.getByTestId('sso-linked-school')).toBeVisible();
  });

  await methods.getByRole('button', { name: `Remove ${LABEL}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${LABEL}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(text('en', 'sso.profile.removed', { label: LABEL }))).toBeVisible();
  await expect(methods.getByTestId('sso-linked-school')).toHaveCount(0);
  await expect(methods.getByTestId('sign-in-methods-empty')).toBeVisible();

  // Signed out, a new subject with the account's e-mail: linked only once its password is given.
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL('/teacher/login');
  provider.signInAs({ sub: `again-${teacher.username}`, email: teacher.email, email_verified: true });
  await page.getByRole('link', { name: `Sign in with ${LABEL}` }).click();
  await expect(page).toHaveURL('/teacher/sso');
  await expect(page.getByText(text('en', 'sso.page.linkText', { email: teacher.email, label: LABEL }))).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await shoot(page, SHOTS, 'sso-link');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: text('en', 'sso.page.submitLink') }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page).toHaveURL('/teacher/sso');
  await page.getByLabel('Password', { exact: true }).fill(teacher.password);
  await page.getByRole('button', { name: text('en', 'sso.page.submitLink') }).click();
  await expect(page).toHaveURL('/teacher/home');
  await page.goto('/teacher/profile');
  await expect(methods.getByTestId('sso-linked-school')).toBeVisible();
  await context.close();
});

test('a provider that vouches for no e-mail: the first sign-in asks for one, with the note that a link is sent', async ({ browser }) => {
  const { context, page } = await newPage(browser);
  const username = uniqueName('ssn');
  provider.signInAs({ sub: `sub-${username}`, email: `${username}@school.test`, email_verified: false });
  await page.goto('/teacher/signup');
  await page.getByRole('link', { name: `Sign up with ${LABEL}` }).click();
  await expect(page).toHaveURL('/teacher/sso');
  const email = page.getByLabel('E-mail');
  await expect(email).toBeVisible();
  await expect(page.getByText(text('en', 'sso.page.emailHint', { label: LABEL }))).toBeVisible();
  await expect(page.getByTestId('sso-email')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await shoot(page, SHOTS, 'sso-signup-email');
  await page.getByLabel('Username').fill(username);
  await email.fill('not-an-address');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: text('en', 'sso.page.submitSignup') }).click();
  await expect(email).toBeFocused();
  await email.fill(`${username}@school.test`);
  await page.getByRole('button', { name: text('en', 'sso.page.submitSignup') }).click();
  await expect(page).toHaveURL('/teacher/home');
  await context.close();
});

test('every failure lands on the login page with AUTH.SSO_FAILED, in English and Finnish: a tampered state, a provider that is down, no sign-in under way', async ({ browser }) => {
  if (SHOTS) test.setTimeout(600_000);
  const { context, page } = await newPage(browser);
  const tampered = async () => {
    await page.goto('/api/sso/school/callback?code=forged&state=tampered');
    await expect(page).toHaveURL('/teacher/login');
  };

  await tampered();
  await expect(page.getByText(text('en', 'errors.AUTH.SSO_FAILED'))).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await shoot(page, SHOTS, 'login-error', async () => {
    await tampered();
    await expect(page.getByText(/./).first()).toBeVisible();
  });

  await page.evaluate(() => window.localStorage.setItem('language', 'fi'));
  await tampered();
  await expect(page.getByText(text('fi', 'errors.AUTH.SSO_FAILED'))).toBeVisible();

  // The provider that is down: a clear error, not the browser's.
  await page.getByRole('link', { name: text('fi', 'sso.signIn', { label: DOWN_LABEL }) }).click();
  await expect(page).toHaveURL('/teacher/login');
  await expect(page.getByText(text('fi', 'errors.AUTH.SSO_FAILED'))).toBeVisible();

  // The page of a first sign-in with none under way in this browser.
  await page.goto('/teacher/sso');
  await expect(page.getByTestId('sso-failed')).toHaveText(text('fi', 'errors.AUTH.SSO_FAILED'));
  await page.getByRole('link', { name: text('fi', 'sso.page.backToLogin') }).click();
  await expect(page).toHaveURL('/teacher/login');
  await context.close();
});
