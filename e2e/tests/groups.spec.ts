import { expect, test, type Page } from '@playwright/test';
import { createTeacher, joinGroup, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { logIn } from '../support/session.ts';


async function createGroupInUi(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'New group name' }).fill(name);
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByTestId('active-group-name').first()).toHaveText(name);
}

test('a teacher runs a classroom: two groups, the active one, a lock, a join link, awards, rename and delete', async ({ page, browser, request }) => {
  const teacher = await createTeacher(request);
  await logIn(page, 'teacher', teacher);
  // Todo lists need an active group first.
  await expect(page.getByRole('button', { name: /Todo lists/ })).toHaveAttribute('aria-disabled', 'true');

  await page.goto('/teacher/groups');
  const first = uniqueName('Owls');
  const second = uniqueName('Foxes');
  await page.getByRole('textbox', { name: 'New group name' }).fill('   ');
  await page.getByRole('button', { name: 'Create group' }).click();
  await expect(page.getByText(text('en', 'errors.GROUP.GROUP_NAME_MISSING'))).toBeVisible();
  await createGroupInUi(page, first);
  await createGroupInUi(page, second);
  await expect(page.getByRole('link', { name: 'Todo lists' })).toBeVisible();

  // A third group is over the included limit: the limit modal offers the upgrades shop.
  await page.getByRole('textbox', { name: 'New group name' }).fill(uniqueName('Bears'));
  await page.getByRole('button', { name: 'Create group' }).click();
  const limit = page.getByRole('dialog', { name: 'Group limit reached' });
  await expect(limit).toBeVisible();
  await expect(limit.getByRole('link', { name: 'Get more groups' })).toHaveAttribute('href', '/teacher/shop/upgrades');
  await page.keyboard.press('Escape');

  // Switch the active group back to the first one.
  await page.getByRole('button', { name: first, exact: true }).click();
  await expect(page.getByTestId('active-group-name').first()).toHaveText(first);
  await expect(page.getByRole('button', { name: first, exact: true })).toHaveAttribute('aria-current', 'true');

  // Lock the second group: a student signing up to it gets the translated GROUP.LOCKED text.
  await page.getByRole('button', { name: `Settings for ${second}` }).click();
  const settings = page.getByRole('dialog', { name: `Group settings: ${second}` });
  await settings.getByRole('switch', { name: 'Locked' }).check();
  await expect(settings.getByRole('switch', { name: 'Locked' })).toBeChecked();
  await page.keyboard.press('Escape');

  const student = await browser.newContext();
  const studentPage = await student.newPage();
  await studentPage.goto(`/student/signup?group=${encodeURIComponent(second)}`);
  await studentPage.getByLabel('Username').fill(uniqueName('late'));
  await studentPage.getByLabel('Password', { exact: true }).fill('carrot1');
  await studentPage.getByLabel('Confirm password').fill('carrot1');
  await studentPage.getByRole('checkbox').check();
  await studentPage.getByRole('button', { name: 'Join group' }).click();
  await expect(studentPage.getByText(text('en', 'errors.GROUP.LOCKED'))).toBeVisible();

  // The first group is empty: its join link (with the group's join code) is shown; a student joins through it.
  const joinLink = await page.getByTestId('join-link').textContent();
  expect(joinLink).toMatch(/\/student\/signup\?code=[2-9B-DF-HJ-NP-TV-Z]{6}$/);
  const joinCode = new URL(joinLink ?? '').searchParams.get('code') ?? '';
  await expect(page.getByTestId('join-qr')).toBeVisible();
  const kid = uniqueName('kid');
  await studentPage.goto(new URL(joinLink ?? '').pathname + new URL(joinLink ?? '').search);
  await expect(studentPage.getByLabel('Class code')).toHaveValue(`${joinCode.slice(0, 3)} ${joinCode.slice(3)}`);
  await studentPage.getByLabel('Username').fill(kid);
  await studentPage.getByLabel('Password', { exact: true }).fill('carrot1');
  await studentPage.getByLabel('Confirm password').fill('carrot1');
  await studentPage.getByRole('checkbox').check();
  await studentPage.getByRole('button', { name: 'Join group' }).click();
  await expect(studentPage).toHaveURL('/student/home');
  const classmate = await joinGroup(request, first);
  await student.close();

  // Award coins to the selected members and see the new balances and purse.
  await page.reload();
  await expect(page.getByTestId(`member-card-${kid}`)).toBeVisible();
  await page.getByRole('button', { name: 'Select all' }).click();
  await page.getByRole('spinbutton', { name: 'Coins to give' }).fill('15');
  await page.getByRole('button', { name: 'Give coins' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId(`member-coins-${kid}`)).toHaveText('15');
  await expect(page.getByTestId(`member-coins-${classmate.username}`)).toHaveText('15');
  await expect(page.getByTestId('coin-balance').first()).toContainText('270');

  // More than the purse can cover is refused whole, saying what the award needs and what the purse holds.
  await page.getByRole('spinbutton', { name: 'Coins to give' }).fill('200');
  await page.getByRole('button', { name: 'Give coins' }).click();
  await expect(page.getByTestId('award-error')).toContainText(/This award needs (200|400) coins; your purse holds 270 coins\./);
  await expect(page.getByTestId('award-error').getByRole('link', { name: 'Buy coins' })).toHaveAttribute('href', '/teacher/shop/coins');
  await expect(page.getByTestId(`member-coins-${kid}`)).toHaveText('15');

  // Rename a member on its page, then delete it: its coins come back to the purse.
  await page.getByRole('link', { name: `Open ${kid}` }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const renamed = uniqueName('ren');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save username' }).click();
  await expect(page.getByRole('textbox', { name: 'Username', exact: true })).toHaveValue(renamed);
  await page.getByRole('textbox', { name: 'Type the username to confirm' }).fill(renamed);
  await page.getByRole('button', { name: 'Delete student' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL('/teacher/groups');
  await expect(page.getByTestId(`member-card-${renamed}`)).toHaveCount(0);
  await expect(page.getByTestId(`member-card-${classmate.username}`)).toBeVisible();
  await expect(page.getByTestId('coin-balance').first()).toContainText('285');
});

test('a student edits its profile in Finnish and deletes its own account', async ({ page, request }) => {
  const teacher = await createTeacher(request);
  const login = await request.post('/api/login/admin', { data: { loginName: teacher.username, password: teacher.password } });
  const { id } = await login.json();
  const groupName = uniqueName('Class');
  await request.post('/api/group', { data: { id, group_name: groupName } });
  await request.get('/api/logout');
  const kid = await joinGroup(request, groupName);

  await logIn(page, 'student', kid);
  await page.goto('/student/profile');
  await page.getByRole('button', { name: 'FI', exact: true }).first().click();
  const renamed = uniqueName('me');
  await page.getByRole('textbox', { name: text('fi', 'auth.fields.username'), exact: true }).fill(renamed);
  await page.getByRole('button', { name: text('fi', 'profile.saveUsername') }).click();
  await expect(page.getByRole('textbox', { name: text('fi', 'auth.fields.username'), exact: true })).toHaveValue(renamed);
  await page.getByRole('textbox', { name: text('fi', 'profile.delete.input') }).fill(renamed);
  await page.getByRole('button', { name: text('fi', 'profile.delete.button') }).click();
  await page.getByRole('dialog').getByRole('button', { name: text('fi', 'common.confirm') }).click();
  await expect(page).toHaveURL('/student/login');
  const again = await request.post('/api/login/member', { data: { loginName: renamed, password: kid.password } });
  expect(again.status()).toBe(401);
});
