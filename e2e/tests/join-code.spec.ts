import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createClassroom, createTeacher, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { signedInPage } from '../support/session.ts';

/** jsQR's browser build (a dependency of the web app), run in a blank page to read a QR code as a phone would. */
const JSQR_PATH = createRequire(import.meta.url).resolve('jsqr');

/** What the QR code image shown on the teacher's screen says, read from its pixels. */
async function readQrCode(teacherPage: Page, browser: Browser): Promise<string> {
  const src = await teacherPage.getByTestId('invite-qr').getAttribute('src');
  expect(src).toMatch(/^data:image\/svg\+xml/);
  const reader = await browser.newPage();
  await reader.setContent('<canvas></canvas>');
  await reader.addScriptTag({ path: JSQR_PATH });
  const decoded = await reader.evaluate(async (imageSrc) => {
    const image = new Image();
    image.src = imageSrc;
    await image.decode();
    const canvas = document.querySelector('canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return null;
    canvas.width = 400;
    canvas.height = 400;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, 400, 400);
    context.drawImage(image, 0, 0, 400, 400);
    const pixels = context.getImageData(0, 0, 400, 400);
    const jsQR = Reflect.get(window, 'jsQR') as (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
    return jsQR(pixels.data, pixels.width, pixels.height)?.data ?? null;
  }, src ?? '');
  await reader.close();
  expect(decoded).not.toBeNull();
  return decoded ?? '';
}

/** What axe finds on the page as it is now (as in a11y.spec.ts), as "rule: target" lines. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.html}`));
}

/** Fills the rest of the signup form (the class field is already filled) and joins. */
async function finishSignup(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('carrot1');
  await page.getByLabel('Confirm password').fill('carrot1');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Join group' }).click();
}

test('a class joins from the projected code after the first student, live on the teacher screen; a new code refuses the old one', async ({ browser, request }) => {
  // A teacher whose group already has one student: the join code must still be at hand.
  const { teacher, group, kid } = await createClassroom(request);
  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/groups');
  await expect(t.getByTestId(`member-card-${kid.username}`)).toBeVisible();
  await expect(t.getByTestId('active-member-count')).toHaveText(text('en', 'groups.memberCountOfLimit', { count: 1, limit: 200 }));

  await t.getByRole('button', { name: 'Invite students' }).click();
  const invite = t.getByRole('dialog', { name: `Invite students to ${group.name}` });
  // Checked once its opening transition is over (a half-faded modal has no real contrast).
  await expect(invite).toHaveCSS('opacity', '1');
  expect(await violations(t)).toEqual([]);
  // The code as the screen shows it: two halves of three ("BCD FGH").
  const shownCode = (await invite.getByTestId('join-code').textContent()) ?? '';
  expect(shownCode).toMatch(/^[2-9B-DF-HJ-NP-TV-Z]{3} [2-9B-DF-HJ-NP-TV-Z]{3}$/);
  const code = shownCode.replace(' ', '');
  await expect(invite.getByTestId('invite-link')).toHaveText(new RegExp(`/student/signup\\?code=${code}$`));

  // The projector view shows the same code, big; Escape goes back to the dialog.
  await invite.getByRole('button', { name: 'Full screen' }).click();
  await expect(t.getByTestId('projector-code')).toHaveText(shownCode);
  await expect(t.getByRole('dialog', { name: group.name, exact: true })).toHaveCSS('opacity', '1');
  expect(await violations(t)).toEqual([]);
  await t.keyboard.press('Escape');
  await expect(t.getByTestId('invite-projector')).toBeHidden();
  await expect(invite).toBeVisible();

  // The second student types the code read off the screen, as shown, with its space.
  const second = uniqueName('Väinö');
  const secondContext = await browser.newContext();
  const s2 = await secondContext.newPage();
  await s2.goto('/student/signup');
  await s2.getByLabel('Class code').fill(shownCode.toLowerCase());
  await finishSignup(s2, second);
  await expect(s2).toHaveURL('/student/home');
  await expect(s2.getByTestId('notification-banner')).toContainText(text('en', 'success.REGISTRATION_SUCCESS'));

  // The third student's phone reads the QR code: the link fills the code in.
  const link = await readQrCode(t, browser);
  expect(link).toBe(await invite.getByTestId('invite-link').textContent());
  const third = uniqueName('emma');
  const thirdContext = await browser.newContext();
  const s3 = await thirdContext.newPage();
  const { pathname, search } = new URL(link);
  await s3.goto(pathname + search);
  await expect(s3.getByLabel('Class code')).toHaveValue(shownCode);
  await finishSignup(s3, third);
  await expect(s3).toHaveURL('/student/home');

  // The teacher's screen shows both, without a reload.
  await t.keyboard.press('Escape');
  await expect(invite).toBeHidden();
  await expect(t.getByTestId(`member-card-${second}`)).toBeVisible();
  await expect(t.getByTestId(`member-card-${third}`)).toBeVisible();
  await expect(t.getByTestId('active-member-count')).toHaveText(text('en', 'groups.memberCountOfLimit', { count: 3, limit: 200 }));

  // A new code, from the group's settings: the old one stops at once, the members stay.
  await t.getByRole('button', { name: `Settings for ${group.name}` }).click();
  const settings = t.getByRole('dialog', { name: `Group settings: ${group.name}` });
  await settings.getByRole('button', { name: 'Invite students' }).click();
  await expect(invite).toBeVisible();
  await invite.getByRole('button', { name: 'New code' }).click();
  const confirm = t.getByRole('dialog', { name: text('en', 'groups.invite.renewTitle') });
  await expect(confirm).toContainText(shownCode);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(invite.getByTestId('join-code')).not.toHaveText(shownCode);
  const newCode = ((await invite.getByTestId('join-code').textContent()) ?? '').replace(' ', '');
  expect(newCode).toMatch(/^[2-9B-DF-HJ-NP-TV-Z]{6}$/);
  // Escape closes the invite dialog only; the settings stay open beneath it.
  await t.keyboard.press('Escape');
  await expect(invite).toBeHidden();
  await expect(settings).toBeVisible();
  await t.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(t.getByTestId(`member-card-${second}`)).toBeVisible();

  const lateContext = await browser.newContext();
  const late = await lateContext.newPage();
  await late.goto(pathname + search);
  await finishSignup(late, uniqueName('late'));
  await expect(late.getByText(text('en', 'auth.signup.classNotFound'))).toBeVisible();
  await expect(late).toHaveURL(/\/student\/signup/);
  const byNewCode = await request.post('/api/signup/member', { data: { username: uniqueName('late'), group_name: newCode, password: 'carrot1' } });
  expect(byNewCode.status(), await byNewCode.text()).toBe(201);

  for (const context of [teacherContext, secondContext, thirdContext, lateContext]) await context.close();
});

/** Signs in as the teacher through the API, runs `act` with the teacher's id, signs out. */
async function asTeacher<T>(request: APIRequestContext, teacher: { username: string; password: string }, act: (teacherId: string) => Promise<T>): Promise<T> {
  const login = await request.post('/api/login/admin', { data: { loginName: teacher.username, password: teacher.password } });
  expect(login.status(), await login.text()).toBe(200);
  const answer = await act((await login.json()).id);
  await request.get('/api/logout');
  return answer;
}

test('a name several groups share asks for the code, and a nickname a classmate has is refused with a free one to take', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);
  const otherTeacher = await createTeacher(request);
  // Group names are unique per teacher only: two teachers each have a group of this name.
  const sharedName = uniqueName('3A');
  for (const owner of [teacher, otherTeacher]) {
    await asTeacher(request, owner, async (id) => {
      const made = await request.post('/api/group', { data: { id, group_name: sharedName } });
      expect(made.status(), await made.text()).toBe(201);
    });
  }
  const code = await asTeacher(request, teacher, async (id) => {
    const groups: { id: string; join_code: string }[] = await (await request.get(`/api/groups/${id}`)).json();
    return groups.find((found) => found.id === group.id)?.join_code ?? '';
  });

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/student/signup');
  await page.getByLabel('Class code').fill(sharedName);
  await finishSignup(page, kid.username);
  await expect(page.getByText(text('en', 'errors.GROUP.AMBIGUOUS_NAME'))).toBeVisible();

  // With the code of the first student's group, its nickname is taken: a free one is offered.
  await page.getByLabel('Class code').fill(code);
  await page.getByRole('button', { name: 'Join group' }).click();
  await expect(page.getByText(text('en', 'auth.signup.classmateHasName'))).toBeVisible();
  expect(await violations(page)).toEqual([]);
  const take = page.getByTestId('use-suggestion');
  const suggestion = ((await take.textContent()) ?? '').replace(/^Use /, '');
  expect(suggestion.toLowerCase()).not.toBe(kid.username.toLowerCase());
  await take.click();
  await expect(page.getByLabel('Username')).toHaveValue(suggestion);
  await expect(take).toBeHidden();
  await page.getByRole('button', { name: 'Join group' }).click();
  await expect(page).toHaveURL('/student/home');
  await context.close();
});
