import { expect, test, type APIRequestContext } from '@playwright/test';
import { createClassroom, createTeacher, joinGroup, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { signedInPage } from '../support/session.ts';

// Issue 33's stumbles of the week, 6, 7 and 8 (sharing between teachers); 12, 14 and 15 further down.

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

test('6 and 8: a colleague with no group opens the lists shared with it, copies one, is told so and finds the copy selected under My lists', async ({
  browser,
  request,
}) => {
  const a = await createTeacher(request);
  const b = await createTeacher(request);
  const { context: aContext } = await signedInPage(browser, 'teacher', a);
  const listName = uniqueName('Novel');
  const listId = await makeList(aContext.request, listName);

  const { context: bContext, page: pb } = await signedInPage(browser, 'teacher', b);
  const nav = pb.getByRole('navigation', { name: text('en', 'nav.teacherLabel') });
  // No group and nothing shared yet: todo lists wait for a group, as the spec says.
  await expect(nav.getByRole('button', { name: /Todo lists/ })).toHaveAttribute('aria-disabled', 'true');

  // A shares a list: B's menu opens Todo lists without a reload, still without a group of its own.
  expect((await aContext.request.post(`/api/todolist/${listId}/shares`, { data: { recipient: b.username } })).status()).toBe(201);
  await nav.getByRole('link', { name: 'Todo lists' }).click();
  await expect(pb).toHaveURL('/teacher/todos');
  // With no lists of its own, the lists shared with it are what it sees first.
  await expect(pb.getByRole('tab', { name: 'Shared with me' })).toHaveAttribute('aria-selected', 'true');
  await pb.getByRole('link', { name: listName }).click();
  await expect(pb.getByTestId('todo-items')).toContainText('Read chapter one.');
  // The rest still waits for a group.
  await expect(nav.getByRole('button', { name: /Shared todos/ })).toHaveAttribute('aria-disabled', 'true');

  // 8: copying says so, and the copy is selected under My lists.
  await pb.getByRole('button', { name: `Settings for ${listName}` }).click();
  await pb.getByRole('dialog').getByRole('button', { name: 'Copy list' }).click();
  const copyName = text('en', 'todolists.settings.copyName', { name: listName });
  await expect(pb.getByRole('status').filter({ hasText: text('en', 'todolists.settings.copied', { name: copyName }) })).toBeVisible();
  await expect(pb.getByRole('dialog')).toHaveCount(0);
  await expect(pb.getByRole('tab', { name: 'My lists' })).toHaveAttribute('aria-selected', 'true');
  const copied = pb.getByTestId(`todolist-item-${copyName}`);
  await expect(copied.getByRole('link', { name: copyName })).toHaveAttribute('aria-current', 'page');
  await expect(pb.getByTestId('header-selection-name')).toHaveText(copyName);
  await expect(pb.getByTestId('todo-items')).toContainText('Read chapter one.');

  await aContext.close();
  await bContext.close();
});

test('8: copying a shared list opened from the Shared tab also lands on My lists, in Finnish', async ({ browser, request }) => {
  const a = await createTeacher(request);
  const b = await createTeacher(request);
  const { context: aContext } = await signedInPage(browser, 'teacher', a);
  const listName = uniqueName('Kirja');
  const listId = await makeList(aContext.request, listName);
  expect((await aContext.request.post(`/api/todolist/${listId}/shares`, { data: { recipient: b.username } })).status()).toBe(201);
  // B has a list of its own, so My lists is the tab it starts on.
  const { context: bContext, page: pb } = await signedInPage(browser, 'teacher', b);
  await makeList(bContext.request, uniqueName('Oma'));
  await pb.evaluate(() => localStorage.setItem('language', 'fi'));
  await pb.goto('/teacher/todos');
  await pb.getByRole('tab', { name: text('fi', 'todolists.tabs.shared') }).click();
  await pb.getByRole('link', { name: listName }).click();
  await pb.getByRole('button', { name: text('fi', 'todolists.settings.open', { name: listName }) }).click();
  await pb.getByRole('dialog').getByRole('button', { name: text('fi', 'todolists.settings.copy') }).click();
  const copyName = text('fi', 'todolists.settings.copyName', { name: listName });
  await expect(pb.getByRole('status').filter({ hasText: text('fi', 'todolists.settings.copied', { name: copyName }) })).toBeVisible();
  await expect(pb.getByRole('tab', { name: text('fi', 'todolists.tabs.my') })).toHaveAttribute('aria-selected', 'true');
  await expect(pb.getByTestId(`todolist-item-${copyName}`).getByRole('link', { name: copyName })).toHaveAttribute('aria-current', 'page');

  await aContext.close();
  await bContext.close();
});

test('7: sharing with a teacher who blocked you says that teacher cannot receive shares from you', async ({ browser, request }) => {
  const a = await createTeacher(request);
  const b = await createTeacher(request);
  const { context: aContext, page: pa } = await signedInPage(browser, 'teacher', a);
  const { context: bContext } = await signedInPage(browser, 'teacher', b);
  expect((await bContext.request.post(`/api/blocked-teachers/${(await (await bContext.request.get('/api/checkStatus')).json()).id}`, { data: { username: a.username } })).status()).toBe(201);
  const listName = uniqueName('Maps');
  const listId = await makeList(aContext.request, listName);

  await pa.goto(`/teacher/todos/${listId}`);
  await pa.getByRole('button', { name: `Settings for ${listName}` }).click();
  const dialog = pa.getByRole('dialog');
  await dialog.getByRole('textbox', { name: "Teacher's username or e-mail" }).fill(b.username);
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(dialog.getByText(text('en', 'errors.USER.CANNOT_RECEIVE_SHARES'))).toBeVisible();
  await expect(dialog.getByText(text('en', 'teacherShare.notFound'))).toHaveCount(0);
  // An unknown name still reads as one.
  await dialog.getByRole('textbox', { name: "Teacher's username or e-mail" }).fill('nobody-such');
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(dialog.getByText(text('en', 'teacherShare.notFound'))).toBeVisible();

  await aContext.close();
  await bContext.close();
});

test('12: a class award is one row of the purchase history, opened to show each student and its coins', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);
  const more = [await joinGroup(request, group.name), await joinGroup(request, group.name)];
  const { context, page } = await signedInPage(browser, 'teacher', teacher);
  const members = (await (await context.request.get(`/api/group/${group.id}/members`)).json()) as { id: string; username: string }[];
  expect(members).toHaveLength(3);
  const award = await context.request.put('/api/member/coins/batch', { data: { members: members.map((m) => m.id), coins: 2 } });
  expect(award.status(), await award.text()).toBe(200);

  await page.goto('/teacher/shop/coins');
  const sent = page.locator('[data-testid="purchase-history-row"][data-type="sent"]');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('Coins given to 3 students');
  await expect(sent.getByTestId('purchase-history-amount')).toContainText('6');
  const toggle = sent.getByRole('button', { name: 'Show the 3 students' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(sent.getByRole('button', { name: 'Hide the students' })).toHaveAttribute('aria-expanded', 'true');
  const students = sent.getByTestId('purchase-history-students').getByRole('listitem');
  await expect(students).toHaveCount(3);
  for (const name of [kid.username, ...more.map((m) => m.username)]) await expect(students.filter({ hasText: name })).toContainText('2 coins');
  await context.close();
});

test('14: coin packages show the price with VAT and the VAT beside it; a purchase has a printable receipt naming the seller', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const { context, page } = await signedInPage(browser, 'teacher', teacher);
  const me = await (await context.request.get('/api/checkStatus')).json();
  const intent = await (await context.request.post('/api/dev/create-payment-intent', { data: { userId: me.id, coins: 500 } })).json();
  expect((await context.request.post(`/api/dev/payments/${intent.paymentIntentId}/succeed`)).status()).toBe(200);

  await page.goto('/teacher/shop/coins');
  const pack = page.getByTestId('coin-package-500');
  await expect(pack.getByTestId('package-price')).toHaveText('€9.41');
  await expect(pack.getByTestId('package-vat')).toHaveText(text('en', 'shop.coins.inclVat', { rate: '25.5%', vat: '€1.91' }));
  const bought = page.locator('[data-testid="purchase-history-row"][data-type="bought"]');
  const receipt = bought.getByRole('link', { name: text('en', 'shop.history.receipt') });
  await expect(receipt).toHaveAttribute('href', `/api/purchase/receipt/${intent.paymentIntentId}?lang=en`);
  const receiptPage = await context.newPage();
  await receiptPage.goto(`/api/purchase/receipt/${intent.paymentIntentId}?lang=en`);
  await expect(receiptPage.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(receiptPage.getByText('Seller:', { exact: false })).toBeVisible();
  await expect(receiptPage.getByRole('row', { name: /Total paid/ })).toContainText('9.41 €');

  await page.evaluate(() => localStorage.setItem('language', 'fi'));
  await page.reload();
  await expect(pack.getByTestId('package-price')).toHaveText('9,41 €');
  await expect(bought.getByRole('link', { name: text('fi', 'shop.history.receipt') })).toHaveAttribute('href', `/api/purchase/receipt/${intent.paymentIntentId}?lang=fi`);

  await page.evaluate(() => localStorage.setItem('language', 'sv'));
  await page.reload();
  await expect(bought.getByRole('link', { name: text('sv', 'shop.history.receipt') })).toHaveAttribute('href', `/api/purchase/receipt/${intent.paymentIntentId}?lang=sv`);
  await context.close();
});
