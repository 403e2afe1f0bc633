import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { createClassroom, createGroup, createTeacher, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { signedInPage } from '../support/session.ts';

/** Issue 33's stumbles of the week, each as the teacher or the student met it. */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type User = { username: string; password: string };

async function asTeacher(request: APIRequestContext, teacher: User): Promise<string> {
  const login = await request.post('/api/login/admin', { data: { loginName: teacher.username, password: teacher.password } });
  expect(login.status(), await login.text()).toBe(200);
  return (await login.json()).id;
}

/** A list of todos (each with its answer type) shown to the blue group, made through the teacher's API session. */
async function shareList(request: APIRequestContext, teacher: User, groupId: string, todos: { html: string; reward: number; answertype: 'none' | 'free' | 'strict'; answer?: string }[]) {
  const id = await asTeacher(request, teacher);
  const list = await (await request.post('/api/todolists', { data: { name: uniqueName('List'), id } })).json();
  for (const todo of todos) {
    const made = await request.post('/api/todo', { data: { todolist_id: list.id, content_html: todo.html, content_delta: { ops: [{ insert: 'x\n' }] }, reward: todo.reward } });
    expect(made.status(), await made.text()).toBe(201);
    const { id: todoId } = await made.json();
    const updates = todo.answertype === 'strict' ? { answertype: 'strict', answer: todo.answer } : { answertype: todo.answertype };
    if (todo.answertype !== 'none') expect((await request.put('/api/todo', { data: { todo_id: todoId, updates } })).status()).toBe(200);
  }
  expect((await request.put(`/api/group/${groupId}/todolist/blue/${list.id}`)).status()).toBe(200);
  await request.get('/api/logout');
  return list.id as string;
}

/** The student's member todos (by position), through its own API session, signed out after. */
async function asStudent<T>(request: APIRequestContext, kid: User, groupId: string, act: (ids: string[]) => Promise<T>): Promise<T> {
  expect((await request.post('/api/login/member', { data: { loginName: kid.username, password: kid.password } })).status()).toBe(200);
  const mts: { id: string; position: number }[] = await (await request.get(`/api/membertodos?group_id=${groupId}`)).json();
  const result = await act(mts.sort((a, b) => a.position - b.position).map((mt) => mt.id));
  await request.get('/api/logout');
  return result;
}

async function joinAs(request: APIRequestContext, groupName: string, username: string): Promise<User> {
  const res = await request.post('/api/signup/member', { data: { username, group_name: groupName, password: 'carrot1' } });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password: 'carrot1' };
}

const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;

test('1. the student chat opens on the private teacher conversation and says who reads a message, in both languages', async ({ browser, request }) => {
  const { kid } = await createClassroom(request);
  const { context, page: s } = await signedInPage(browser, 'student', kid, phone);
  await s.getByRole('button', { name: /^Chat/ }).first().click();
  await expect(s.getByRole('tab', { name: 'Teacher' })).toHaveAttribute('aria-selected', 'true');
  await expect(s.getByText('Only your teacher sees this message.')).toBeVisible();
  await s.getByRole('tab', { name: 'Group' }).click();
  await expect(s.getByText('Everyone in your class sees this message.')).toBeVisible();
  await expect(s.getByText('Only your teacher sees this message.')).toHaveCount(0);
  await context.close();

  const fi = await browser.newContext(phone);
  await fi.addInitScript(() => window.localStorage.setItem('language', 'fi'));
  const f = await fi.newPage();
  await f.goto('/student/login');
  await f.getByLabel(text('fi', 'auth.fields.username')).fill(kid.username);
  await f.getByLabel(text('fi', 'auth.fields.password'), { exact: true }).fill(kid.password);
  await f.getByRole('button', { name: text('fi', 'auth.login.submit'), exact: true }).click();
  await expect(f).toHaveURL('/student/home');
  await f.getByRole('button', { name: new RegExp(`^${text('fi', 'chat.open')}`) }).first().click();
  await expect(f.getByRole('tab', { name: text('fi', 'chat.tabTeacher') })).toHaveAttribute('aria-selected', 'true');
  await expect(f.getByText(text('fi', 'chat.audience.private'))).toBeVisible();
  await fi.close();
});

test('2. the class grid cell dialog shows the answer and Approve first; the task content folds, closed', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);
  const video = '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>';
  await shareList(request, teacher, group.id, [{ html: `<p>Watch the video and tell what you saw.</p>${video}`, reward: 2, answertype: 'free' }]);
  await asStudent(request, kid, group.id, async ([id]) => {
    expect((await request.put('/api/membertodo', { data: { mtodo_id: id, updates: { member_answer: 'A song.' } } })).status()).toBe(200);
  });

  const { context, page: t } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/shared?view=class');
  await t.getByRole('table', { name: /Students by task/ }).getByRole('button', { name: `${kid.username}, task 1: Waiting for approval` }).click();
  const dialog = t.getByRole('dialog', { name: `${kid.username} · task 1` });
  const answer = dialog.getByTestId('member-answer');
  const approve = dialog.getByRole('button', { name: 'Approve' });
  const content = dialog.getByTestId('task-content');
  await expect(answer).toHaveText('A song.');
  await expect(approve).toBeVisible();
  await expect(content).toBeVisible();
  // Closed at first: the video is not drawn; the answer and the buttons come before it.
  await expect(dialog.locator('iframe')).toHaveCount(0);
  expect(await top(answer)).toBeLessThan(await top(content));
  expect(await top(approve)).toBeLessThan(await top(content));
  await content.getByText('Show the task').click();
  await expect(dialog.getByText('Watch the video and tell what you saw.')).toBeVisible();
  await expect(dialog.locator('iframe')).toHaveCount(1);
  await approve.click();
  await expect(dialog.getByRole('button', { name: 'Mark undone' })).toBeVisible();
  await context.close();
});

test('3. history says who did what: ticked by the student, checked automatically, approved by the teacher', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);
  await shareList(request, teacher, group.id, [
    { html: '<p>Tidy your desk</p>', reward: 1, answertype: 'none' },
    { html: '<p>What is 1/2 + 1/4?</p>', reward: 2, answertype: 'strict', answer: '3/4' },
    { html: '<p>Write a poem</p>', reward: 3, answertype: 'free' },
  ]);
  const [, , poem] = await asStudent(request, kid, group.id, async (ids) => {
    expect((await request.put('/api/membertodo', { data: { mtodo_id: ids[0], updates: { completed: true } } })).status()).toBe(200);
    expect((await request.put('/api/membertodo', { data: { mtodo_id: ids[1], updates: { member_answer: '3/4' } } })).status()).toBe(200);
    expect((await request.put('/api/membertodo', { data: { mtodo_id: ids[2], updates: { member_answer: 'Roses are red' } } })).status()).toBe(200);
    return ids;
  });
  await asTeacher(request, teacher);
  expect((await request.put('/api/membertodo', { data: { mtodo_id: poem, updates: { completed: true } } })).status()).toBe(200);
  const members: { id: string; username: string }[] = await (await request.get(`/api/group/${group.id}/members`)).json();
  await request.get('/api/logout');
  const kidId = members.find((m) => m.username === kid.username)?.id ?? '';

  const { context: sc, page: s } = await signedInPage(browser, 'student', kid, {}, '/student/history');
  const entry = (task: string) => s.getByTestId('history-entry').filter({ hasText: task });
  await expect(entry('Tidy your desk')).toContainText('Ticked by you');
  await expect(entry('What is 1/2 + 1/4?')).toContainText('Answer checked automatically');
  await expect(entry('Write a poem')).toContainText(`Approved by teacher ${teacher.username}`);
  await expect(entry('Tidy your desk')).not.toContainText(teacher.username);
  await sc.close();

  const { context: tc, page: t } = await signedInPage(browser, 'teacher', teacher, {}, `/teacher/groups/${kidId}/actions`);
  const row = (task: string) => t.getByTestId('history-entry').filter({ hasText: task });
  await expect(row('Tidy your desk')).toContainText(`Ticked by ${kid.username}`);
  await expect(row('What is 1/2 + 1/4?')).toContainText('Answer checked automatically');
  await expect(row('Write a poem')).toContainText(`Approved by teacher ${teacher.username}`);
  await tc.close();
});

test('4. students in natural order, an online dot per student, more than two cards a row at 1280 px', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const prefix = uniqueName('o').replace(/\d/g, 'x').slice(0, 10);
  const [ten, one, two] = [await joinAs(request, group.name, `${prefix}10`), await joinAs(request, group.name, `${prefix}1`), await joinAs(request, group.name, `${prefix}2`)];

  const { context, page: t } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/groups');
  const cards = t.getByTestId('member-grid').locator('[data-testid^="member-card-"]');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toHaveAttribute('data-testid', `member-card-${one.username}`);
  await expect(cards.nth(1)).toHaveAttribute('data-testid', `member-card-${two.username}`);
  await expect(cards.nth(2)).toHaveAttribute('data-testid', `member-card-${ten.username}`);
  // Three cards on one row at 1280 px.
  const [a, b, c] = [await top(cards.nth(0)), await top(cards.nth(1)), await top(cards.nth(2))];
  expect([b, c]).toEqual([a, a]);

  // The class view of the shared todos lists them in the same order.
  await shareList(request, teacher, group.id, [{ html: '<p>Read</p>', reward: 1, answertype: 'none' }]);
  await t.goto('/teacher/shared?view=class');
  const rows = t.getByRole('table', { name: /Students by task/ }).getByRole('rowheader');
  await expect(rows).toHaveText([new RegExp(`^${one.username}`), new RegExp(`^${two.username}`), new RegExp(`^${ten.username}`)]);

  // A student who opens the app shows as online on its card, and only that one.
  await t.goto('/teacher/groups');
  await expect(t.getByTestId(`member-online-${two.username}`)).toHaveCount(0);
  const { context: sc } = await signedInPage(browser, 'student', two);
  await expect(t.getByTestId(`member-online-${two.username}`)).toBeVisible();
  await expect(t.getByTestId(`member-online-${one.username}`)).toHaveCount(0);
  await sc.close();
  await expect(t.getByTestId(`member-online-${two.username}`)).toHaveCount(0);
  await context.close();
});

test('5. on a phone the groups page shows the students before the new-group form', async ({ browser, request }) => {
  const { teacher, kid } = await createClassroom(request);
  const { context, page: t } = await signedInPage(browser, 'teacher', teacher, phone, '/teacher/groups');
  const card = t.getByTestId(`member-card-${kid.username}`);
  const form = t.getByRole('textbox', { name: 'New group name' });
  await expect(card).toBeVisible();
  await expect(form).toBeAttached();
  expect(await top(card)).toBeLessThan(await top(form));
  await context.close();
});

test('9. at 390 px the todo editor video box fits the dialog, its save button in view', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const { context, page: t } = await signedInPage(browser, 'teacher', teacher, phone, '/teacher/todos');
  await t.getByRole('textbox', { name: 'New list name' }).fill(uniqueName('Videos'));
  await t.getByRole('button', { name: 'Create list' }).click();
  await expect(t).toHaveURL(/\/teacher\/todos\/[0-9a-f-]{36}$/);
  await t.getByRole('button', { name: 'New todo' }).click();
  const dialog = t.getByRole('dialog', { name: 'New todo' });
  await dialog.getByRole('button', { name: 'Video' }).click();
  const address = dialog.getByRole('textbox', { name: 'Address' });
  await expect(address).toBeVisible();
  const save = dialog.locator('.ql-tooltip a.ql-action');
  await expect(save).toBeVisible();
  const box = await dialog.locator('.mantine-Modal-body').boundingBox();
  for (const part of [address, save]) {
    const b = await part.boundingBox();
    expect(b && box ? b.x >= box.x && b.x + b.width <= box.x + box.width : false, 'inside the dialog').toBe(true);
  }
  await address.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await save.click();
  await expect(dialog.locator('.ql-editor iframe')).toHaveCount(1);
  await context.close();
});

test('10. a reward price that is not a whole number is refused with a message, not saved as other digits', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const { context, page: t } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/rewards');
  await t.getByRole('button', { name: 'New reward' }).first().click();
  const dialog = t.getByRole('dialog', { name: 'New reward' });
  await dialog.getByRole('textbox', { name: 'Reward name' }).fill('Music');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('A song in class.');
  const price = dialog.getByRole('spinbutton', { name: 'Price' });
  await price.fill('3/4');
  await expect(price).toHaveValue('3/4');
  await dialog.getByRole('button', { name: 'Save reward' }).click();
  await expect(dialog.getByText('A price is a whole number of coins, such as 3.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await price.fill('4');
  await expect(dialog.getByText('A price is a whole number of coins, such as 3.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save reward' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(t.getByText('Music').first()).toBeVisible();
  await context.close();
});

test('11. coming back to Todo lists opens the list chosen before', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  await createGroup(request, teacher);
  const { context, page: t } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/todos');
  const names = [uniqueName('First'), uniqueName('Second')];
  const ids: string[] = [];
  for (const name of names) {
    await t.getByRole('textbox', { name: 'New list name' }).fill(name);
    await t.getByRole('button', { name: 'Create list' }).click();
    await expect(t).toHaveURL(/\/teacher\/todos\/[0-9a-f-]{36}$/);
    await expect(t.getByRole('heading', { name })).toBeVisible();
    ids.push(t.url().split('/').pop() ?? '');
  }
  await t.getByRole('link', { name: names[0] }).click();
  await expect(t).toHaveURL(`/teacher/todos/${ids[0]}`);
  await t.getByRole('link', { name: 'Groups' }).click();
  await expect(t).toHaveURL('/teacher/groups');
  await t.getByRole('link', { name: 'Todo lists' }).click();
  await expect(t).toHaveURL(`/teacher/todos/${ids[0]}`);
  await expect(t.getByRole('heading', { name: names[0] })).toBeVisible();
  await context.close();

  // On a phone, the way back to the lists still shows the lists.
  const { context: pc, page: p } = await signedInPage(browser, 'teacher', teacher, phone, `/teacher/todos/${ids[1]}`);
  await p.getByRole('link', { name: 'All lists' }).first().click();
  await expect(p).toHaveURL('/teacher/todos');
  await expect(p.getByRole('link', { name: names[1] })).toBeVisible();
  await pc.close();
});
