import { expect, test } from '@playwright/test';
import { createGroup, createTeacher, joinGroup, uniqueName } from '../support/api.ts';
import { logIn } from '../support/session.ts';

test('a teacher publishes rewards; a student buys one, dresses up and sends coins to a classmate', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const kid = await joinGroup(request, group.name);
  const friend = await joinGroup(request, group.name);

  // The teacher makes a reward and a list in the browser and publishes it to the group.
  const teacherContext = await browser.newContext();
  const t = await teacherContext.newPage();
  await logIn(t, 'teacher', teacher);
  await t.goto('/teacher/rewards');
  const listName = uniqueName('Treats');
  await t.getByRole('textbox', { name: 'New reward list name' }).fill(listName);
  await t.getByRole('button', { name: 'Create reward list' }).click();
  await expect(t).toHaveURL(/\/teacher\/rewards\/[0-9a-f-]{36}$/);
  await t.getByRole('button', { name: 'New reward' }).click();
  const dialog = t.getByRole('dialog', { name: 'New reward' });
  await dialog.getByRole('textbox', { name: 'Reward name' }).fill('Extra recess');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Five more minutes outside.');
  await dialog.getByRole('spinbutton', { name: 'Price' }).fill('12');
  const alsoAdd = dialog.getByRole('checkbox');
  if ((await alsoAdd.count()) > 0) await alsoAdd.check();
  await dialog.getByRole('button', { name: 'Save reward' }).click();
  await expect(t.getByTestId('list-reward-card-Extra recess')).toBeVisible();
  await t.getByRole('button', { name: `Publish to ${group.name}` }).click();
  await expect(t.getByTestId('publish-status')).toBeVisible();

  // Coins for the student, and trading allowed, through the teacher's API session.
  const members: { id: string; username: string }[] = await (await teacherContext.request.get(`/api/group/${group.id}/members`)).json();
  const kidId = members.find((m) => m.username === kid.username)?.id;
  expect((await teacherContext.request.put('/api/member/coins', { data: { member_id: kidId, coins: 20 } })).status()).toBe(200);
  expect((await teacherContext.request.put(`/api/group/${group.id}/settings`, { data: { trading_allowed: true } })).status()).toBe(200);

  const studentContext = await browser.newContext();
  const s = await studentContext.newPage();
  await logIn(s, 'student', kid);
  await s.goto('/student/rewards');
  const reward = s.getByTestId('reward-Extra recess');
  await reward.getByRole('button', { name: 'Buy' }).click();
  const confirm = s.getByRole('dialog', { name: 'Buy “Extra recess”?' });
  await expect(confirm).toContainText('1 hour');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(reward).toHaveAttribute('data-active', 'true');
  await expect(reward.getByRole('button', { name: 'Buy' })).toBeDisabled();
  await expect(s.getByTestId('active-countdown').first()).toContainText(/5\d:\d\d/);
  await expect(s.getByTestId('coin-balance').first()).toHaveText(/(^|\D)8(\D|$)/);

  // A face for 3 coins: buying it puts it on (issue 14).
  await s.goto('/student/profile');
  const faces = (await (await s.request.get('/api/images/faces')).json()) as { path: string; name: { en: string }; price: number }[];
  // A priced face the student does not wear already: a new student's face is picked at random,
  // and one it wears has no Buy button.
  const worn = s.locator('[data-testid^="part-face-"][data-state="worn"]');
  await expect(worn).toHaveCount(1);
  const wornId = await worn.getAttribute('data-testid');
  const face = faces.find((f) => f.price > 0 && `part-face-${f.path}` !== wornId);
  expect(face).toBeDefined();
  await s.getByRole('button', { name: `Buy ${face?.name.en}` }).click();
  await s.getByRole('dialog', { name: `Buy ${face?.name.en}?` }).getByRole('button', { name: 'Confirm' }).click();
  await expect(s.getByTestId(`part-face-${face?.path}`)).toHaveAttribute('data-state', 'worn');
  await expect(s.getByTestId('coin-balance').first()).toHaveText(/(^|\D)5(\D|$)/);

  // Send 4 coins to a classmate, with a confirm step.
  await s.getByRole('combobox', { name: 'Recipient' }).click();
  await s.getByRole('option', { name: friend.username }).click();
  await s.getByRole('spinbutton', { name: 'Amount' }).fill('4');
  await s.getByRole('button', { name: 'Send coins' }).click();
  await s.getByRole('dialog', { name: 'Send coins?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(s.getByTestId('coin-balance').first()).toHaveText(/(^|\D)1(\D|$)/);

  // The history shows all of it.
  await s.goto('/student/history');
  await expect(s.getByTestId('history-entry')).toHaveCount(4); // award received, reward, face, transfer
  await s.getByRole('radio', { name: 'Rewards' }).check();
  await expect(s.getByTestId('history-entry')).toHaveCount(1);

  await teacherContext.close();
  await studentContext.close();
});
