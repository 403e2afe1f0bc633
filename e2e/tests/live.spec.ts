import { expect, test } from '@playwright/test';
import { createGroup, createTeacher, joinGroup } from '../support/api.ts';
import { logIn } from '../support/session.ts';

test('live: an award and chat messages reach the other side, and a deleted student is signed out, without a reload', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const kid = await joinGroup(request, group.name);

  const studentContext = await browser.newContext();
  const s = await studentContext.newPage();
  await logIn(s, 'student', kid);
  await expect(s.getByTestId('coin-balance').first()).toHaveText(/(^|\D)0(\D|$)/);

  const teacherContext = await browser.newContext();
  const t = await teacherContext.newPage();
  await logIn(t, 'teacher', teacher);
  await t.goto('/teacher/groups');
  await expect(t.getByText('1 online')).toBeVisible();
  await t.getByRole('checkbox', { name: `Select ${kid.username}` }).check();
  await t.getByRole('spinbutton', { name: 'Coins to give' }).fill('7');
  await t.getByRole('button', { name: 'Give coins' }).click();
  await t.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();

  // The student's screen was not reloaded.
  await expect(s.getByTestId('coin-balance').first()).toHaveText(/(^|\D)7(\D|$)/);

  // Chat: the teacher writes privately; the student's unread counter rises live, and the text
  // arrives as plain text.
  await t.getByRole('button', { name: `Chat with ${kid.username}` }).click();
  await t.getByRole('textbox', { name: 'Message' }).fill('Great work today <b>not bold</b>');
  await t.getByRole('button', { name: 'Send' }).click();
  await expect(s.getByRole('button', { name: /^Chat, 1 unread message/ })).toBeVisible();
  await s.getByRole('button', { name: /^Chat/ }).first().click();
  await s.getByRole('tab', { name: 'Teacher' }).click();
  await expect(s.getByText('Great work today <b>not bold</b>')).toBeVisible();
  await s.getByRole('textbox', { name: 'Message' }).fill('Thank you!');
  await s.getByRole('button', { name: 'Send' }).click();
  await expect(t.getByText('Thank you!')).toBeVisible();
  await t.getByRole('button', { name: 'Close the chat' }).click();
  await s.getByRole('button', { name: 'Close the chat' }).click();

  await t.getByRole('link', { name: `Open ${kid.username}` }).click();
  await t.getByRole('tab', { name: 'Settings' }).click();
  await t.getByRole('textbox', { name: 'Type the username to confirm' }).fill(kid.username);
  await t.getByRole('button', { name: 'Delete student' }).click();
  await t.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(s).toHaveURL('/student/login');
  await expect(s.getByTestId('notification-banner')).toContainText('Your teacher removed your account.');

  await teacherContext.close();
  await studentContext.close();
});

test('live: a shared list reaches the student, and the student\'s completion reaches the teacher, without a reload', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const kid = await joinGroup(request, group.name);

  const teacherContext = await browser.newContext();
  const t = await teacherContext.newPage();
  await logIn(t, 'teacher', teacher);
  const studentContext = await browser.newContext();
  const s = await studentContext.newPage();
  await logIn(s, 'student', kid);
  await s.goto('/student/todos');
  await expect(s.getByTestId('student-todo-1')).toHaveCount(0);

  // The teacher writes a list and shares it to blue (through its own session's API calls).
  const me = await (await teacherContext.request.get('/api/checkStatus')).json();
  const list = await (await teacherContext.request.post('/api/todolists', { data: { name: 'Tidy up', id: me.id } })).json();
  const todo = await teacherContext.request.post('/api/todo', {
    data: { todolist_id: list.id, content_html: '<p>Tidy your desk.</p>', content_delta: { ops: [{ insert: 'Tidy your desk.\n' }] }, reward: 2 },
  });
  expect(todo.status()).toBe(201);
  expect((await teacherContext.request.put(`/api/group/${group.id}/todolist/blue/${list.id}`)).status()).toBe(200);

  const item = s.getByTestId('student-todo-1');
  await expect(item).toContainText('Tidy your desk.');

  await t.goto('/teacher/shared');
  const progress = t.getByTestId(`shared-member-${kid.username}`).getByTestId('shared-member-progress');
  await expect(progress).toContainText('0/1');
  await item.getByRole('checkbox', { name: 'Done' }).check();
  await expect(progress).toContainText('1/1');
  await expect(t.getByTestId('coin-balance').first()).toHaveText(/(^|\D)298(\D|$)/);

  await teacherContext.close();
  await studentContext.close();
});
