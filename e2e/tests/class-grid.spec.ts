import { expect, test, type APIRequestContext } from '@playwright/test';
import { createClassroom, joinGroup } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

/** A list with one free task (reward `reward`) shown to the blue group, made through the teacher's own API session. */
async function shareFreeTask(request: APIRequestContext, teacher: { username: string; password: string }, groupId: string, reward: number, text: string) {
  const login = await request.post('/api/login/admin', { data: { loginName: teacher.username, password: teacher.password } });
  expect(login.status(), await login.text()).toBe(200);
  const me = await login.json();
  const list = await (await request.post('/api/todolists', { data: { name: 'Poems', id: me.id } })).json();
  const made = await request.post('/api/todo', {
    data: { todolist_id: list.id, content_html: `<p>${text}</p>`, content_delta: { ops: [{ insert: `${text}\n` }] }, reward },
  });
  expect(made.status()).toBe(201);
  const todo = await made.json();
  expect((await request.put('/api/todo', { data: { todo_id: todo.id, updates: { answertype: 'free' } } })).status()).toBe(200);
  expect((await request.put(`/api/group/${groupId}/todolist/blue/${list.id}`)).status()).toBe(200);
  await request.get('/api/logout');
}

/** A student answers its first task through the API (its own session in `request`, signed out after). */
async function answerFirstTask(request: APIRequestContext, kid: { username: string; password: string }, groupId: string, answer: string) {
  expect((await request.post('/api/login/member', { data: { loginName: kid.username, password: kid.password } })).status()).toBe(200);
  const [mt] = await (await request.get(`/api/membertodos?group_id=${groupId}`)).json();
  expect((await request.put('/api/membertodo', { data: { mtodo_id: mt.id, updates: { member_answer: answer } } })).status()).toBe(200);
  await request.get('/api/logout');
}

test('class view: one task approved for every student waiting, in one step; the coins reach the students live', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);
  const others = [await joinGroup(request, group.name), await joinGroup(request, group.name)];
  const idle = await joinGroup(request, group.name);
  await shareFreeTask(request, teacher, group.id, 4, 'Write a poem about autumn.');
  for (const [i, student] of [kid, ...others].entries()) await answerFirstTask(request, student, group.id, `poem ${i}`);

  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid, {}, '/student/todos');
  await expect(s.getByTestId('student-todo-1')).toContainText('Waiting for the teacher');

  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/shared?view=class');
  const grid = t.getByRole('table', { name: /Students by task/ });
  await expect(grid.getByRole('button', { name: `${kid.username}, task 1: Waiting for approval` })).toBeVisible();
  await expect(grid.getByRole('button', { name: `${idle.username}, task 1: Not done` })).toBeVisible();

  await grid.getByRole('button', { name: 'Approve all answers waiting for approval in task 1 (3)' }).click();
  const dialog = t.getByRole('dialog', { name: 'Approve task 1 for everyone waiting?' });
  await expect(dialog).toContainText('3 students waiting for approval get 4 coins each: 12 coins from your purse in all.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(t.getByTestId('notification-banner')).toContainText('3 answers to task 1 approved: 12 coins paid.');

  for (const student of [kid, ...others]) await expect(grid.getByRole('button', { name: `${student.username}, task 1: Done` })).toBeVisible();
  await expect(grid.getByRole('button', { name: `${idle.username}, task 1: Not done` })).toBeVisible();
  await expect(grid.getByRole('button', { name: /Approve all answers/ })).toHaveCount(0);
  await expect(t.getByTestId('coin-balance').first()).toHaveText(/(^|\D)288(\D|$)/);

  // The student's screen was not reloaded: its task is done and its coins arrived.
  await expect(s.getByTestId('student-todo-1')).toContainText('Done');
  await expect(s.getByTestId('coin-balance').first()).toHaveText(/(^|\D)4(\D|$)/);

  await teacherContext.close();
  await studentContext.close();
});

test('class view: an answer sent back reaches the student live with its comment; the student answers again', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);
  const classmate = await joinGroup(request, group.name);
  await shareFreeTask(request, teacher, group.id, 3, 'Describe your weekend.');

  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid, {}, '/student/todos');
  const task = s.getByTestId('student-todo-1');
  await task.getByRole('textbox', { name: 'Your answer' }).fill('I played.');
  await task.getByRole('button', { name: 'Send answer' }).click();
  await expect(task).toContainText('Waiting for the teacher');

  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/shared');
  await t.getByTestId('shared-view-switch').getByText('Class view').click();
  await expect(t).toHaveURL(/view=class/);
  const grid = t.getByRole('table', { name: /Students by task/ });

  // Keyboard: one tab stop in the grid; the arrow keys move between the cells.
  // In natural order, as the grid lists them (issue 33: numbers as numbers).
  const students = [kid.username, classmate.username].sort(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare);
  const first = grid.getByRole('button', { name: `${students[0]}, task 1:`, exact: false });
  await first.focus();
  await t.keyboard.press('ArrowDown');
  await expect(grid.getByRole('button', { name: `${students[1]}, task 1:`, exact: false })).toBeFocused();
  await t.keyboard.press('ArrowUp');
  await expect(first).toBeFocused();

  const cell = grid.getByRole('button', { name: `${kid.username}, task 1: Waiting for approval` });
  await cell.focus();
  await t.keyboard.press('Enter');
  const dialog = t.getByRole('dialog', { name: `${kid.username} · task 1` });
  await expect(dialog.getByTestId('member-answer')).toHaveText('I played.');
  await dialog.getByRole('button', { name: 'Send back' }).click();
  await dialog.getByRole('textbox', { name: 'Comment to the student' }).fill('Tell me more: what did you play?');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByTestId('sent-back-comment')).toHaveText('Tell me more: what did you play?');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(grid.getByRole('button', { name: `${kid.username}, task 1: Sent back` })).toBeVisible();

  // The student's page was not reloaded: the comment shows on the task, which is not done.
  await expect(task.getByTestId('sent-back-comment')).toHaveText('Tell me more: what did you play?');
  await expect(task).toContainText('Sent back to you');
  await expect(s.getByTestId('notification-banner')).toContainText('Your teacher sent a task back to you.');

  // It answers again: no longer sent back, waiting for the teacher, live on the teacher's grid too.
  await task.getByRole('textbox', { name: 'Your answer' }).fill('I played football with my sister.');
  await task.getByRole('button', { name: 'Send answer' }).click();
  await expect(task).toContainText('Waiting for the teacher');
  await expect(task.getByTestId('sent-back-note')).toHaveCount(0);
  await expect(grid.getByRole('button', { name: `${kid.username}, task 1: Waiting for approval` })).toBeVisible();

  await teacherContext.close();
  await studentContext.close();
});
