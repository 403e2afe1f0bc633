import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createClassroom } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { logIn, signedInPage } from '../support/session.ts';

/** The teacher's id, and a none-type todo with this reward shared to the group's blue small group. */
async function shareTodoWithReward(api: APIRequestContext, groupId: string, reward: number) {
  const me = (await (await api.get('/api/checkStatus')).json()) as { id: string };
  const list = (await (await api.post('/api/todolists', { data: { name: 'Chores', id: me.id } })).json()) as { id: string };
  const made = await api.post('/api/todo', {
    data: { todolist_id: list.id, content_html: '<p>Tidy your desk.</p>', content_delta: { ops: [{ insert: 'Tidy your desk.\n' }] } },
  });
  expect(made.status(), await made.text()).toBe(201);
  const todo = (await made.json()) as { id: string };
  expect((await api.put('/api/todo', { data: { todo_id: todo.id, updates: { reward } } })).status()).toBe(200);
  expect((await api.put(`/api/group/${groupId}/todolist/blue/${list.id}`)).status()).toBe(200);
  return me.id;
}

/** Spends the teacher's whole purse (the 300 starter coins) on one student: an award through the API. */
async function emptyPurse(api: APIRequestContext, groupId: string, username: string) {
  const members = (await (await api.get(`/api/group/${groupId}/members`)).json()) as { id: string; username: string }[];
  const memberId = members.find((m) => m.username === username)?.id;
  const award = await api.put('/api/member/coins', { data: { member_id: memberId, coins: 300 } });
  expect(award.status(), await award.text()).toBe(200);
  expect(((await (await api.get('/api/checkStatus')).json()) as { coins: number }).coins).toBe(0);
}

const coinsIn = (page: Page) => page.getByTestId('coin-balance').first();

test('shop: a reward an empty purse owes arrives live once the teacher buys coins with the dev checkout', async ({ browser, request, baseURL }) => {
  const { teacher, group, kid } = await createClassroom(request);
  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher);
  await shareTodoWithReward(teacherContext.request, group.id, 25);
  await emptyPurse(teacherContext.request, group.id, kid.username);

  // The student's own context, with every request its pages make written down.
  const studentContext = await browser.newContext();
  const studentRequests: string[] = [];
  studentContext.on('request', (req) => studentRequests.push(req.url()));
  const s = await studentContext.newPage();
  await logIn(s, 'student', kid);
  await s.goto('/student/todos');
  await expect(coinsIn(s)).toHaveText(/(^|\D)300(\D|$)/);

  // The purse is empty, yet the task is done: its reward is on its way, and no error shows.
  const card = s.getByTestId('student-todo-1');
  await card.getByRole('checkbox', { name: 'Done' }).click();
  await expect(card.getByRole('checkbox', { name: 'Done' })).toBeChecked();
  await expect(card.getByTestId('member-todo-owed')).toHaveText(text('en', 'memberTodoStatus.owed.student'));
  const banner = s.getByTestId('notification-banner');
  await expect(banner).toContainText(text('en', 'studentTodos.rewardOnItsWay', { coins: '25 coins' }));
  await expect(banner).not.toHaveAttribute('data-kind', 'error');
  await expect(coinsIn(s)).toHaveText(/(^|\D)300(\D|$)/);
  await s.evaluate(() => document.body.setAttribute('data-not-reloaded', 'yes'));

  // The teacher's header says so without a reload, and leads to the coin shop.
  const owedLink = t.getByTestId('owed-rewards-header');
  await expect(owedLink).toContainText('1 reward (25 coins) waiting');
  await owedLink.click();
  await expect(t).toHaveURL('/teacher/shop/coins');
  await expect(t.getByTestId('owed-rewards-notice')).toContainText('1 reward (25 coins) is waiting for coins');
  await expect(t.getByTestId('test-payment-note')).toBeVisible();
  await expect(t.getByTestId('coin-package-500')).toContainText(text('en', 'shop.coins.bestValue'));
  // The price as paid, VAT included (issue 33); the checkout then shows net, VAT and total.
  await expect(t.getByTestId('coin-package-500').getByTestId('package-price')).toHaveText('€9.41');

  await t.getByRole('link', { name: 'Choose 500 coins, €9.41' }).click();
  await expect(t).toHaveURL('/teacher/shop/coins/checkout?coins=500');
  await expect(t.getByTestId('summary-coins')).toHaveText('500 coins');
  await expect(t.getByTestId('summary-net')).toHaveText('€7.50');
  await expect(t.getByTestId('checkout-summary')).toContainText('VAT 25.5%');
  await expect(t.getByTestId('summary-vat')).toHaveText('€1.91');
  await expect(t.getByTestId('summary-total')).toHaveText('€9.41');
  const pay = t.getByRole('button', { name: 'Pay €9.41 (test)' });
  await pay.click();

  await expect(t).toHaveURL('/teacher/shop/coins/payment-success?coins=500');
  await expect(t.getByTestId('payment-status')).toContainText('500 coins purchased');
  // 500 bought, 25 of them paid at once to the student the purse owed.
  await expect(t.getByTestId('payment-success-purse')).toHaveText(/(^|\D)475(\D|$)/);
  await expect(coinsIn(t)).toHaveText(/(^|\D)475(\D|$)/);
  await expect(t.getByTestId('owed-rewards-header')).toHaveCount(0);

  // The student's screen: the coins arrived and the label went, without a reload.
  await expect(coinsIn(s)).toHaveText(/(^|\D)325(\D|$)/);
  await expect(card.getByTestId('member-todo-owed')).toHaveCount(0);
  await expect(s.locator('body')).toHaveAttribute('data-not-reloaded', 'yes');

  // The purchase is in the teacher's history with what was paid.
  await t.getByRole('link', { name: text('en', 'shop.success.backToShop') }).click();
  const bought = t.locator('[data-testid=purchase-history-row][data-type=bought]');
  await expect(bought).toHaveCount(1);
  await expect(bought).toContainText('Coins bought');
  await expect(bought.getByTestId('purchase-history-amount')).toContainText('+500 coins');
  await expect(bought.getByTestId('purchase-history-payment')).toContainText('€7.50');
  await expect(bought.getByTestId('purchase-history-payment')).toContainText('€1.91');
  await expect(bought.getByTestId('purchase-history-payment')).toContainText('€9.41');

  // Nothing the student's pages asked for went anywhere but this app (no payment provider).
  await s.goto('/student/home');
  await s.goto('/student/profile');
  await expect(s.getByRole('heading', { level: 1 })).toBeVisible();
  const origin = new URL(baseURL ?? '').origin;
  expect(studentRequests.length).toBeGreaterThan(5);
  expect(studentRequests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin)).toEqual([]);
  expect(studentRequests.filter((url) => /stripe/i.test(url))).toEqual([]);

  await teacherContext.close();
  await studentContext.close();
});

test('shop: checkout and payment-success without a chosen package go back to the coins page', async ({ browser, request }) => {
  const { teacher } = await createClassroom(request);
  const { context, page: t } = await signedInPage(browser, 'teacher', teacher);
  for (const path of [
    '/teacher/shop',
    '/teacher/shop/coins/checkout',
    '/teacher/shop/coins/checkout?coins=123',
    '/teacher/shop/coins/checkout?coins=abc',
    '/teacher/shop/coins/payment-success',
    '/teacher/shop/coins/payment-success?coins=-5',
  ]) {
    await t.goto(path);
    await expect(t, path).toHaveURL('/teacher/shop/coins');
    await expect(t.getByRole('heading', { name: 'Buy coins', level: 1 })).toBeVisible();
  }
  await context.close();
});

test('shop: the checkout says why a payment could not start or go through (spec section 8)', async ({ browser, request }) => {
  const { teacher } = await createClassroom(request);
  const { context, page: t } = await signedInPage(browser, 'teacher', teacher);
  const fail = { status: 500, contentType: 'application/json', body: JSON.stringify({ errorCode: 'SERVER.ERROR', message: 'down' }) };

  await t.route('**/api/config', (route) => route.fulfill(fail));
  await t.goto('/teacher/shop/coins/checkout?coins=100');
  await expect(t.getByTestId('payment-options-error')).toContainText('Error loading payment options.');
  await t.unroute('**/api/config');
  await t.getByRole('button', { name: 'Try again' }).click();
  const pay = t.getByRole('button', { name: 'Pay €2.51 (test)' });
  await expect(pay).toBeEnabled();

  await t.route('**/api/dev/create-payment-intent', (route) => route.fulfill(fail));
  await pay.click();
  await expect(t.getByTestId('payment-error')).toHaveText(text('en', 'shop.payment.errors.initFailed'));
  await t.unroute('**/api/dev/create-payment-intent');

  await t.route('**/api/dev/payments/*/succeed', (route) => route.fulfill(fail));
  await pay.click();
  await expect(t.getByTestId('payment-error')).toHaveText(text('en', 'shop.payment.errors.paymentFailed'));
  await expect(t).toHaveURL('/teacher/shop/coins/checkout?coins=100');
  await expect(coinsIn(t)).toHaveText(/(^|\D)300(\D|$)/);

  // With Stripe the card form loads its library on this page only; when it cannot, the page says so.
  // (Stripe's host is refused here, before any request leaves the machine.)
  await t.route('https://js.stripe.com/**', (route) => route.abort());
  await t.route('**/api/config', (route) => route.fulfill({ json: { publishableKey: 'pk_test_e2e', provider: 'stripe' } }));
  await t.route('**/api/stripe/pricing', (route) =>
    route.fulfill({ json: { prices: { '100': 200 }, bestValue: 500, vatPermille: 255, currency: 'eur' } }),
  );
  await t.route('**/api/stripe/create-payment-intent', (route) =>
    route.fulfill({ json: { clientSecret: 'pi_e2e_secret_x', paymentIntentId: 'pi_e2e', coins: 100, net: 200, vat: 51, total: 251 } }),
  );
  const stripeChunk = t.waitForRequest(/\/assets\/stripe-/);
  await t.goto('/teacher/shop/coins/checkout?coins=100');
  await stripeChunk;
  await expect(t.getByTestId('payment-error')).toContainText(text('en', 'shop.payment.errors.libraryNotLoaded'));
  await t.unrouteAll();

  // A payment the provider's return says failed is not shown as a success.
  await t.goto('/teacher/shop/coins/payment-success?coins=100&redirect_status=failed');
  await expect(t.getByTestId('payment-error')).toHaveText(text('en', 'shop.payment.errors.paymentFailed'));
  await expect(t.getByRole('link', { name: text('en', 'shop.success.tryAgain') })).toHaveAttribute('href', '/teacher/shop/coins/checkout?coins=100');
  await context.close();
});
