import { expect, test, type Page } from '@playwright/test';
import { createGroup, createTeacher, joinGroup, uniqueName } from '../support/api.ts';
import { logIn } from '../support/session.ts';

interface NewTodo {
  text: string;
  reward: number;
  type?: 'Open answer' | 'Exact answer';
  answer?: string;
  video?: string;
}

async function addTodo(page: Page, todo: NewTodo) {
  await page.getByRole('button', { name: 'New todo' }).click();
  const dialog = page.getByRole('dialog', { name: 'New todo' });
  await dialog.getByRole('textbox', { name: 'Todo text' }).click();
  await page.keyboard.type(todo.text);
  if (todo.video) {
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Video' }).click();
    const address = dialog.getByRole('textbox', { name: 'Address' });
    await address.fill(todo.video);
    await address.press('Enter');
  }
  await dialog.getByRole('spinbutton', { name: 'Reward' }).fill(String(todo.reward));
  if (todo.type) await dialog.getByRole('radio', { name: todo.type }).check();
  if (todo.answer !== undefined) await dialog.getByRole('textbox', { name: 'Correct answer' }).fill(todo.answer);
  await dialog.getByRole('button', { name: 'Save todo' }).click();
  await expect(dialog).toHaveCount(0);
}

const coins = (page: Page) => page.getByTestId('coin-balance').first();
/** The balance shows exactly this number (not merely a number containing its digits). */
const amount = (n: number) => new RegExp(`(^|\\D)${n}(\\D|$)`);

test('a teacher writes a list, a blue student completes it, the teacher approves, coins are right on both screens', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const student = await joinGroup(request, group.name);

  const teacherContext = await browser.newContext();
  const t = await teacherContext.newPage();
  await logIn(t, 'teacher', teacher);
  await t.goto('/teacher/todos');
  const listName = uniqueName('Fractions');
  await t.getByRole('textbox', { name: 'New list name' }).fill(listName);
  await t.getByRole('button', { name: 'Create list' }).click();
  await expect(t).toHaveURL(/\/teacher\/todos\/[0-9a-f-]{36}$/);

  await addTodo(t, { text: 'Read chapter 3 of the maths book.', reward: 2 });
  await addTodo(t, { text: 'Explain what one quarter means.', reward: 5, type: 'Open answer' });
  await addTodo(t, { text: 'Watch the video. What is 1/2 + 1/4?', reward: 3, type: 'Exact answer', answer: '3/4', video: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  await expect(t.getByTestId('todo-3')).toBeVisible();
  // The video survived the server's sanitizer as an embed from the allowed host.
  await expect(t.getByTestId('todo-3').locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube(-nocookie)?\.com\/embed\/dQw4w9WgXcQ/);

  await t.getByRole('button', { name: 'Share to blue' }).click();
  await expect(t.getByRole('button', { name: 'Share to blue' })).toHaveAttribute('aria-pressed', 'true');

  const studentContext = await browser.newContext();
  const s = await studentContext.newPage();
  await logIn(s, 'student', student);
  await s.goto('/student/todos');
  const none = s.getByTestId('student-todo-1');
  const free = s.getByTestId('student-todo-2');
  const strict = s.getByTestId('student-todo-3');
  await expect(none).toHaveAttribute('data-status', 'not_done');
  await expect(coins(s)).toHaveText(amount(0));

  // The box shows the server's answer, so click and wait for it (check() would insist at once).
  await none.getByRole('checkbox', { name: 'Done' }).click();
  await expect(none.getByRole('checkbox', { name: 'Done' })).toBeChecked();
  await expect(none).toHaveAttribute('data-status', 'done');
  await expect(coins(s)).toHaveText(amount(2));

  await strict.getByRole('textbox', { name: 'Your answer' }).fill('1/2');
  await strict.getByRole('button', { name: 'Send answer' }).click();
  await expect(strict).toHaveAttribute('data-status', 'strict_answered');
  await strict.getByRole('textbox', { name: 'Your answer' }).fill(' 3/4 ');
  await strict.getByRole('button', { name: 'Send answer' }).click();
  await expect(strict).toHaveAttribute('data-status', 'done');
  await expect(coins(s)).toHaveText(amount(5));

  await free.getByRole('textbox', { name: 'Your answer' }).fill('One of four equal slices.');
  await free.getByRole('button', { name: 'Send answer' }).click();
  await expect(free).toHaveAttribute('data-status', 'awaiting_teacher');
  await expect(free.getByRole('checkbox', { name: 'Done' })).toHaveCount(0); // a student cannot tick a free todo

  // The teacher sees the answer on the shared view and approves it.
  await t.goto('/teacher/shared');
  await expect(t.getByTestId(`shared-member-${student.username}`).getByTestId('shared-member-progress')).toContainText('2/3');
  await t.getByRole('link', { name: student.username }).click();
  const answer = t.getByTestId('member-todos').getByTestId('member-todo-2');
  await expect(answer.getByTestId('member-answer')).toContainText('One of four equal slices.');
  await answer.getByRole('button', { name: 'Approve' }).click();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(coins(t)).toHaveText(amount(290)); // 300 - 2 - 3 - 5

  await s.reload();
  await expect(free).toHaveAttribute('data-status', 'done');
  await expect(coins(s)).toHaveText(amount(10));
  // The stored strict answer never reaches the student's browser.
  const asStudent = await studentContext.request.get(`/api/membertodos?group_id=${group.id}`);
  expect(asStudent.status()).toBe(200);
  const todos: { answertype: string; answer: string | null }[] = await asStudent.json();
  expect(todos.find((x) => x.answertype === 'strict')?.answer).toBeNull();

  // The member page's todos view names the list it shows.
  await t.goto('/teacher/groups');
  await t.getByRole('link', { name: `Open ${student.username}` }).click();
  await t.getByRole('tab', { name: 'Todos' }).click();
  await expect(t.getByTestId('member-todos-progress')).toHaveText(`${listName} · 3 of 3 done`);

  await teacherContext.close();
  await studentContext.close();
});
