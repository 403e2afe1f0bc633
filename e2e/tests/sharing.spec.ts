import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createClassroom, createTeacher, uniqueName } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

/** A todo list with one todo, made through the teacher's own session. */
async function makeList(api: APIRequestContext, name: string) {
  const me = await (await api.get('/api/checkStatus')).json();
  const made = await api.post('/api/todolists', { data: { name, id: me.id } });
  expect(made.status(), await made.text()).toBe(201);
  const list = await made.json();
  const todo = await api.post('/api/todo', {
    data: { todolist_id: list.id, content_html: '<p>Read chapter one.</p>', content_delta: { ops: [{ insert: 'Read chapter one.\n' }] }, reward: 1 },
  });
  expect(todo.status(), await todo.text()).toBe(201);
  return list.id as string;
}

async function shareWith(page: Page, recipient: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: "Teacher's username or e-mail" }).fill(recipient);
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
}

test('sharing a todo list between teachers: read, then edit, live on both sides and for the students, then stopped', async ({ browser, request }) => {
  const { teacher: a, group, kid } = await createClassroom(request);
  const b = await createTeacher(request);

  const { context: aContext, page: pa } = await signedInPage(browser, 'teacher', a);
  const { context: bContext, page: pb } = await signedInPage(browser, 'teacher', b);
  const { context: kidContext, page: ps } = await signedInPage(browser, 'student', kid);

  // A's list is shown to its group's blue small group, where the student is.
  const listName = uniqueName('Novel');
  const listId = await makeList(aContext.request, listName);
  expect((await aContext.request.put(`/api/group/${group.id}/todolist/blue/${listId}`)).status()).toBe(200);
  await ps.goto('/student/todos');
  await expect(ps.getByTestId('student-todo-1')).toContainText('Read chapter one.');

  await pb.goto('/teacher/todos');
  await pb.getByRole('tab', { name: 'Shared with me' }).click();
  await expect(pb.getByTestId('todolists-empty')).toBeVisible();

  // A shares it with B to read; the recipient field says what went wrong first.
  await pa.goto(`/teacher/todos/${listId}`);
  await pa.getByRole('button', { name: `Settings for ${listName}` }).click();
  await shareWith(pa, 'nobody-such');
  await expect(pa.getByRole('dialog').getByText('No teacher has that username or e-mail address.')).toBeVisible();
  await shareWith(pa, a.username);
  await expect(pa.getByRole('dialog').getByText('You cannot share a list with yourself.')).toBeVisible();
  await shareWith(pa, b.email.toUpperCase());
  await expect(pa.getByTestId('teacher-share-status')).toHaveText('Todo list shared.');
  const row = pa.getByTestId(`share-recipient-${b.username}`);
  await expect(row.getByRole('radio', { name: 'Can read' })).toBeChecked();
  await shareWith(pa, b.username);
  await expect(pa.getByRole('dialog').getByText('The todo list is already shared with this user.')).toBeVisible();

  // B sees it in the Shared tab without a reload, with no controls to change it.
  const item = pb.getByTestId(`todolist-item-${listName}`);
  await expect(item).toContainText(`Shared by ${a.username} · Can read`);
  await item.getByRole('link', { name: listName }).click();
  await expect(pb.getByTestId('todo-items')).toContainText('Read chapter one.');
  await expect(pb.getByText(`${a.username} shared this list with you to read.`, { exact: false })).toBeVisible();
  await expect(pb.getByRole('button', { name: 'New todo' })).toHaveCount(0);
  await expect(pb.getByRole('button', { name: 'Edit todo 1' })).toHaveCount(0);
  await expect(pb.getByRole('button', { name: 'Delete todo 1' })).toHaveCount(0);

  // A lets B edit: B's controls appear without a reload.
  await row.getByText('Can edit').click();
  await expect(row.getByRole('radio', { name: 'Can edit' })).toBeChecked();
  await expect(pb.getByRole('button', { name: 'New todo' })).toBeVisible();
  await expect(pb.getByRole('button', { name: 'Edit todo 1' })).toBeVisible();
  await expect(item).toContainText('Can edit');

  // B adds a todo; it reaches A's open list and A's student.
  await pa.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await pb.getByRole('button', { name: 'New todo' }).click();
  const editor = pb.getByRole('dialog', { name: 'New todo' });
  await editor.getByRole('textbox', { name: 'Todo text' }).click();
  await pb.keyboard.type('Write a summary.');
  await editor.getByRole('button', { name: 'Save todo' }).click();
  await expect(editor).toHaveCount(0);
  await expect(pa.getByTestId('todo-items')).toContainText('Write a summary.');
  await expect(ps.getByTestId('student-todo-2')).toContainText('Write a summary.');

  // A stops sharing: the list leaves B's view live, and B is told so.
  await pa.getByRole('button', { name: `Settings for ${listName}` }).click();
  await row.getByRole('button', { name: `Stop sharing with ${b.username}` }).click();
  await pa.getByRole('dialog', { name: `Stop sharing with ${b.username}?` }).getByRole('button', { name: 'Confirm' }).click();
  await expect(pa.getByTestId('share-nobody')).toBeVisible();
  await expect(pb.getByTestId('todolist-share-ended')).toContainText(`“${listName}” is no longer shared with you.`);
  await pb.getByRole('link', { name: 'All lists' }).last().click();
  await pb.getByRole('tab', { name: 'Shared with me' }).click();
  await expect(pb.getByTestId('todolists-empty')).toBeVisible();
  // The student still has A's list.
  await expect(ps.getByTestId('student-todo-2')).toContainText('Write a summary.');

  await aContext.close();
  await bContext.close();
  await kidContext.close();
});

test('a recipient removes a shared list from its view, blocks the sender, and lifts the block in its profile', async ({ browser, request }) => {
  const a = await createTeacher(request);
  const b = await createTeacher(request);
  const { context: aContext } = await signedInPage(browser, 'teacher', a);
  const { context: bContext, page: pb } = await signedInPage(browser, 'teacher', b);
  const first = uniqueName('First');
  const second = uniqueName('Second');
  const ids: string[] = [];
  for (const name of [first, second]) {
    const id = await makeList(aContext.request, name);
    expect((await aContext.request.post(`/api/todolist/${id}/shares`, { data: { recipient: b.username } })).status()).toBe(201);
    ids.push(id);
  }

  await pb.goto('/teacher/todos');
  await pb.getByRole('tab', { name: 'Shared with me' }).click();
  await pb.getByRole('link', { name: first }).click();
  await pb.getByRole('button', { name: `Settings for ${first}` }).click();
  await pb.getByRole('button', { name: 'Remove from my view' }).click();
  await pb.getByRole('dialog', { name: `Remove “${first}” from your view?` }).getByRole('button', { name: 'Confirm' }).click();
  await expect(pb).toHaveURL('/teacher/todos');
  await expect(pb.getByTestId('notification-banner')).toContainText(`“${first}” removed from your view.`);
  await pb.getByRole('tab', { name: 'Shared with me' }).click();
  await expect(pb.getByTestId(`todolist-item-${first}`)).toHaveCount(0);

  await pb.getByRole('link', { name: second }).click();
  await pb.getByRole('button', { name: `Settings for ${second}` }).click();
  await pb.getByRole('button', { name: `Block ${a.username}` }).click();
  await pb.getByRole('dialog', { name: `Block ${a.username}?` }).getByRole('button', { name: 'Confirm' }).click();
  await expect(pb.getByTestId('notification-banner')).toContainText(`${a.username} is blocked.`);
  await pb.getByRole('tab', { name: 'Shared with me' }).click();
  await expect(pb.getByTestId('todolists-empty')).toBeVisible();

  // A block says only that this teacher takes no shares from the sender (issue 33), never why.
  const refused = await aContext.request.post(`/api/todolist/${ids[0]}/shares`, { data: { recipient: b.username } });
  expect([refused.status(), ((await refused.json()) as { errorCode: string }).errorCode]).toEqual([403, 'USER.CANNOT_RECEIVE_SHARES']);

  await pb.goto('/teacher/profile');
  const blocked = pb.getByTestId('blocked-teachers');
  await expect(blocked.getByTestId(`blocked-${a.username}`)).toBeVisible();
  await blocked.getByRole('button', { name: `Unblock ${a.username}` }).click();
  await expect(blocked.getByTestId('blocked-teachers-empty')).toHaveText('You have not blocked anyone.');

  await aContext.close();
  await bContext.close();
});

test('a reward list shared with a teacher shows under Shared with me live, and the recipient copies it', async ({ browser, request }) => {
  const a = await createTeacher(request);
  const b = await createTeacher(request);
  const { context: aContext, page: pa } = await signedInPage(browser, 'teacher', a);
  const { context: bContext, page: pb } = await signedInPage(browser, 'teacher', b);

  const api = aContext.request;
  const me = await (await api.get('/api/checkStatus')).json();
  const reward = await api.post('/api/reward', { data: { id: me.id, reward: { name: 'Extra recess', description: 'Five more minutes outside.', price: 12 } } });
  expect(reward.status(), await reward.text()).toBe(201);
  const listName = uniqueName('Treats');
  const list = await api.post('/api/rewardlist', { data: { id: me.id, name: listName } });
  expect(list.status(), await list.text()).toBe(201);
  const listId = (await list.json()).id;
  expect((await api.put('/api/rewardlist', { data: { rewardlist_id: listId, reward_id: (await reward.json()).id } })).status()).toBe(200);

  await pb.goto('/teacher/rewards');
  await expect(pb.getByTestId('shared-rewardlists-empty')).toBeVisible();

  await pa.goto(`/teacher/rewards/${listId}`);
  await pa.getByRole('button', { name: `Settings for ${listName}` }).click();
  await shareWith(pa, b.username);
  await expect(pa.getByTestId('teacher-share-status')).toHaveText('Reward list shared.');
  await expect(pa.getByTestId(`share-recipient-${b.username}`)).toBeVisible();
  await shareWith(pa, b.username);
  await expect(pa.getByRole('dialog').getByText('The reward list is already shared with this user.')).toBeVisible();

  const card = pb.getByTestId(`shared-rewardlist-${listName}`);
  await expect(card).toContainText(`Shared by ${a.username}`);
  await expect(card).toContainText('Extra recess');
  await card.getByRole('button', { name: `Copy list ${listName}` }).click();
  await expect(pb).toHaveURL(/\/teacher\/rewards\/[\w-]+$/);
  await expect(pb.getByTestId('notification-banner')).toContainText('Reward list copied.');
  await expect(pb.getByTestId(`rewardlist-item-Copy of ${listName}`)).toBeVisible();

  await aContext.close();
  await bContext.close();
});
