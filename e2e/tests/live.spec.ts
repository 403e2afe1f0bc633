import { expect, test, type WebSocketRoute } from '@playwright/test';
import { createClassroom } from '../support/api.ts';
import { logIn, signedInPage } from '../support/session.ts';

test('live: an award and chat messages reach the other side, and a deleted student is signed out, without a reload', async ({ browser, request }) => {
  const { teacher, kid } = await createClassroom(request);

  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid);
  await expect(s.getByTestId('coin-balance').first()).toHaveText(/(^|\D)0(\D|$)/);

  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/groups');
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
  const { teacher, group, kid } = await createClassroom(request);

  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher);
  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid, {}, '/student/todos');
  await expect(s.getByText('Nothing to do yet')).toBeVisible();

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
  // The box shows the server's answer, so click and wait for it (check() would insist at once).
  await item.getByRole('checkbox', { name: 'Done' }).click();
  await expect(item.getByRole('checkbox', { name: 'Done' })).toBeChecked();
  await expect(progress).toContainText('1/1');
  await expect(t.getByTestId('coin-balance').first()).toHaveText(/(^|\D)298(\D|$)/);

  await teacherContext.close();
  await studentContext.close();
});

test('live: what changes while a page is still making its first connection is fetched once it connects', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);

  // The student's live connection (a WebSocket) reaches the server only when the test lets it,
  // so the page draws (it waits for the connection 1.5 s at most) and its first queries are
  // answered before its socket is in any room.
  const studentContext = await browser.newContext();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await studentContext.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await held;
    ws.connectToServer();
  });
  const s = await studentContext.newPage();
  await logIn(s, 'student', kid);
  await s.goto('/student/todos');
  await expect(s.getByText('Nothing to do yet')).toBeVisible();

  // The teacher shares a list while the student's socket has not connected yet.
  const login = await request.post('/api/login/admin', { data: { loginName: teacher.username, password: teacher.password } });
  expect(login.status(), await login.text()).toBe(200);
  const me = await (await request.get('/api/checkStatus')).json();
  const list = await (await request.post('/api/todolists', { data: { name: 'Late news', id: me.id } })).json();
  const todo = await request.post('/api/todo', {
    data: { todolist_id: list.id, content_html: '<p>Water the plants.</p>', content_delta: { ops: [{ insert: 'Water the plants.\n' }] }, reward: 1 },
  });
  expect(todo.status()).toBe(201);
  expect((await request.put(`/api/group/${group.id}/todolist/blue/${list.id}`)).status()).toBe(200);

  // Nobody could tell this page, so it still shows the old answer until it connects.
  await expect(s.getByTestId('student-todo-1')).toHaveCount(0);
  release();
  await expect(s.getByTestId('student-todo-1')).toContainText('Water the plants.');

  await studentContext.close();
});

test('live: a student\'s reward purchase shows on the teacher\'s member card without a reload', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);

  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher);

  // A published list with one reward and 20 coins for the student, through the teacher's session.
  const api = teacherContext.request;
  const me = await (await api.get('/api/checkStatus')).json();
  const reward = await api.post('/api/reward', { data: { id: me.id, reward: { name: 'Extra recess', description: 'Five more minutes outside.', price: 12 } } });
  expect(reward.status(), await reward.text()).toBe(201);
  const list = await api.post('/api/rewardlist', { data: { id: me.id, name: 'Treats' } });
  expect(list.status(), await list.text()).toBe(201);
  const listId = (await list.json()).id;
  expect((await api.put('/api/rewardlist', { data: { rewardlist_id: listId, reward_id: (await reward.json()).id } })).status()).toBe(200);
  expect((await api.put(`/api/group/${group.id}/rewardlist/${listId}`)).status()).toBe(200);
  const members: { id: string; username: string }[] = await (await api.get(`/api/group/${group.id}/members`)).json();
  const kidId = members.find((m) => m.username === kid.username)?.id;
  expect((await api.put('/api/member/coins', { data: { member_id: kidId, coins: 20 } })).status()).toBe(200);

  await t.goto('/teacher/groups');
  const card = t.getByTestId(`member-card-${kid.username}`);
  await expect(card.getByTestId(`member-coins-${kid.username}`)).toHaveText('20');
  // A mark on the teacher's page that a reload would wipe out.
  await t.evaluate(() => document.body.setAttribute('data-not-reloaded', 'yes'));

  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid, {}, '/student/rewards');
  await s.getByTestId('reward-Extra recess').getByRole('button', { name: 'Buy' }).click();
  await s.getByRole('dialog', { name: 'Buy “Extra recess”?' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(s.getByTestId('coin-balance').first()).toHaveText(/(^|\D)8(\D|$)/);

  // The member card shows the coins left (spec section 2: the card's coins), on the same page.
  await expect(card.getByTestId(`member-coins-${kid.username}`)).toHaveText('8');
  await expect(card).toContainText(/8\s*coins/);
  await expect(t.locator('body')).toHaveAttribute('data-not-reloaded', 'yes');

  await teacherContext.close();
  await studentContext.close();
});

test('live: after its socket reconnects, the student\'s screen refetches the coins it missed, without a reload', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);

  // The teacher's API session, to award coins while the student is cut off.
  const login = await request.post('/api/login/admin', { data: { loginName: teacher.username, password: teacher.password } });
  expect(login.status(), await login.text()).toBe(200);
  const members: { id: string; username: string }[] = await (await request.get(`/api/group/${group.id}/members`)).json();
  const kidId = members.find((m) => m.username === kid.username)?.id;
  const award = async (coins: number) => expect((await request.put('/api/member/coins', { data: { member_id: kidId, coins } })).status()).toBe(200);

  // Every live connection of the student's browser (a WebSocket) passes through here, so the
  // test can cut it.
  const studentContext = await browser.newContext();
  let cutOff = false;
  await studentContext.route(/\/socket\.io\//, (route) => (cutOff ? route.abort() : route.continue()));
  const sockets: { page: WebSocketRoute; joined: boolean }[] = [];
  await studentContext.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (cutOff) return ws.close();
    const entry = { page: ws, joined: false };
    sockets.push(entry);
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      // Socket.IO's "40": the client joins the main namespace on this connection.
      if (message === '40') entry.joined = true;
      server.send(message);
    });
    server.onMessage((message) => ws.send(message));
  });

  const s = await studentContext.newPage();
  await logIn(s, 'student', kid);
  const coins = s.getByTestId('coin-balance').first();
  await expect(coins).toHaveText(/(^|\D)0(\D|$)/);
  await expect.poll(() => sockets.filter((socket) => socket.joined).length).toBe(1);
  await s.evaluate(() => document.body.setAttribute('data-not-reloaded', 'yes'));

  // Cut the socket and refuse reconnects; the award's live event has nobody to reach.
  const live = sockets.find((socket) => socket.joined);
  expect(live).toBeDefined();
  cutOff = true;
  await live?.page.close();
  await award(7);
  // Still the old value: nothing has told this page.
  await expect(coins).toHaveText(/(^|\D)0(\D|$)/);

  // Let it reconnect: the app refetches what it may have missed.
  cutOff = false;
  await expect.poll(() => sockets.filter((socket) => socket.joined).length, { timeout: 20_000 }).toBe(2);
  await expect(coins).toHaveText(/(^|\D)7(\D|$)/);
  await expect(s.locator('body')).toHaveAttribute('data-not-reloaded', 'yes');

  // And the new connection is in the student's rooms again: the next award arrives live.
  await award(3);
  await expect(coins).toHaveText(/(^|\D)10(\D|$)/);

  await studentContext.close();
});

test("live: a reward list published to the group, and a price changed on it, reach the student's shop without a reload", async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);
  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher);
  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid, {}, '/student/rewards');
  await expect(s.getByTestId('student-rewards-empty')).toBeVisible();

  // The teacher's own API session (its cookie) makes a reward and a list, and publishes it.
  const me = (await (await t.request.get('/api/checkStatus')).json()) as { id: string };
  const reward = (await (await t.request.post('/api/reward', { data: { id: me.id, reward: { name: 'Class DJ', description: 'Pick the music.', price: 4 } } })).json()) as { id: string };
  const list = (await (await t.request.post('/api/rewardlist', { data: { id: me.id, name: 'Friday' } })).json()) as { id: string };
  expect((await t.request.put('/api/rewardlist', { data: { rewardlist_id: list.id, reward_id: reward.id } })).status()).toBe(200);
  expect((await t.request.put(`/api/group/${group.id}/rewardlist/${list.id}`)).status()).toBe(200);

  const card = s.getByTestId('reward-Class DJ');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('reward-price')).toContainText('4');
  expect((await t.request.put(`/api/reward/${reward.id}`, { data: { reward: { price: 6 } } })).status()).toBe(200);
  await expect(card.getByTestId('reward-price')).toContainText('6');

  await teacherContext.close();
  await studentContext.close();
});
