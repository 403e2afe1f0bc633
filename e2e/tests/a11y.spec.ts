import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createClassroom } from '../support/api.ts';
import { signedInPage } from '../support/session.ts';

/** What axe finds on the page as it is now, as "rule: target" lines (empty when nothing). */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.html}`));
}

test('axe finds nothing on the main screens of a teacher and a student, and in a modal', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);
  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/groups');
  await expect(t.getByText('0 online')).toBeVisible();
  expect(await violations(t)).toEqual([]);

  const me = (await (await t.request.get('/api/checkStatus')).json()) as { id: string };
  const list = (await (await t.request.post('/api/todolists', { data: { id: me.id, name: 'Fractions' } })).json()) as { id: string };
  expect((await t.request.put(`/api/group/${group.id}/todolist/blue/${list.id}`)).status()).toBe(200);
  await t.goto(`/teacher/todos/${list.id}`);
  await expect(t.getByRole('heading', { name: 'Fractions' })).toBeVisible();
  expect(await violations(t)).toEqual([]);
  await t.getByRole('button', { name: 'Settings for Fractions' }).click();
  // Checked once its opening transition is over (a half-faded modal has no real contrast).
  await expect(t.getByRole('dialog', { name: 'List settings: Fractions' })).toHaveCSS('opacity', '1');
  expect(await violations(t)).toEqual([]);

  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid);
  expect(await violations(s)).toEqual([]);
  await s.goto('/student/rewards');
  await expect(s.getByTestId('student-rewards-empty')).toBeVisible();
  expect(await violations(s)).toEqual([]);

  await teacherContext.close();
  await studentContext.close();
});

test('axe finds nothing on every other screen, public, teacher and student, in English and Finnish', async ({ browser, request }) => {
  // A sweep of many screens in two languages: about a minute on an idle machine, half again on a busy one.
  test.setTimeout(420_000);
  const { teacher, group, kid } = await createClassroom(request);
  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher);
  const me = (await (await t.request.get('/api/checkStatus')).json()) as { id: string };
  const list = (await (await t.request.post('/api/todolists', { data: { id: me.id, name: 'Fractions' } })).json()) as { id: string };
  for (const [html, answertype] of [
    ['<p>Read page 12.</p>', 'none'],
    ['<p>What is half of 8?</p>', 'strict'],
  ] as const) {
    const todo = (await (await t.request.post('/api/todo', { data: { todolist_id: list.id, content_html: html, content_delta: {} } })).json()) as { id: string };
    const updates = answertype === 'strict' ? { reward: 3, answertype, answer: '4' } : { reward: 2 };
    expect((await t.request.put('/api/todo', { data: { todo_id: todo.id, updates } })).status()).toBe(200);
  }
  expect((await t.request.put(`/api/group/${group.id}/todolist/blue/${list.id}`)).status()).toBe(200);
  const members = (await (await t.request.get(`/api/group/${group.id}/members`)).json()) as { id: string }[];
  const kidId = members[0]?.id ?? '';

  const found: Record<string, string[]> = {};
  const visit = async (page: Page, path: string, ready: (page: Page) => Promise<void>) => {
    await page.goto(path);
    await ready(page);
    const seen = await violations(page);
    if (seen.length > 0) found[path] = seen;
  };
  const main = async (page: Page) => {
    await expect(page.locator('main')).toBeVisible();
    await expect(page.getByLabel('Loading')).toHaveCount(0);
  };

  for (const path of ['/teacher/home', `/teacher/groups/${kidId}`, `/teacher/groups/${kidId}/todos`, `/teacher/shared/${kidId}/todos`, '/teacher/rewards', '/teacher/shop/upgrades', '/teacher/profile']) {
    await visit(t, path, main);
  }
  // The class view (issue 14): a table of buttons, sticky headers, a legend.
  await visit(t, '/teacher/shared?view=class', async (page) => {
    await main(page);
    await expect(page.getByTestId('class-grid')).toBeVisible();
  });
  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid);
  for (const path of ['/student/todos', '/student/history', '/student/profile']) await visit(s, path, main);
  await s.getByRole('button', { name: 'FI', exact: true }).first().click();
  await visit(s, '/student/todos', main);

  const { context: publicContext, page: p } = await signedInPage(browser, 'student', kid).then(async (signed) => {
    await signed.context.clearCookies();
    return signed;
  });
  for (const path of ['/', '/teacher/login', '/teacher/signup', '/student/signup']) await visit(p, path, main);
  // The reading pages (issue 17), in English and in Finnish.
  const reading = ['/about', '/tutorials', '/tutorials/rewards', '/legal/terms', '/legal/privacy', '/legal/cookies'];
  for (const path of reading) await visit(p, path, main);
  await p.getByRole('button', { name: 'FI', exact: true }).first().click();
  for (const path of reading) await visit(p, path, main);

  expect(found).toEqual({});
  await teacherContext.close();
  await studentContext.close();
  await publicContext.close();
});

test('axe finds nothing on the coin shop and on rewards an empty purse owes, in English and Finnish', async ({ browser, request }) => {
  // A sweep of many screens in two languages: about a minute on an idle machine, half again on a busy one.
  test.setTimeout(420_000);
  const { teacher, group, kid } = await createClassroom(request);
  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher);
  const me = (await (await t.request.get('/api/checkStatus')).json()) as { id: string };
  const list = (await (await t.request.post('/api/todolists', { data: { id: me.id, name: 'Chores' } })).json()) as { id: string };
  const todo = (await (await t.request.post('/api/todo', { data: { todolist_id: list.id, content_html: '<p>Tidy your desk.</p>', content_delta: {} } })).json()) as { id: string };
  expect((await t.request.put('/api/todo', { data: { todo_id: todo.id, updates: { reward: 2 } } })).status()).toBe(200);
  expect((await t.request.put(`/api/group/${group.id}/todolist/blue/${list.id}`)).status()).toBe(200);
  const members = (await (await t.request.get(`/api/group/${group.id}/members`)).json()) as { id: string }[];
  const kidId = members[0]?.id ?? '';
  // The purse spent, then a completion it cannot pay: owed rewards show on both sides.
  expect((await t.request.put('/api/member/coins', { data: { member_id: kidId, coins: 300 } })).status()).toBe(200);
  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid);
  const own = (await (await s.request.get(`/api/membertodos?group_id=${group.id}`)).json()) as { id: string }[];
  const done = await s.request.put('/api/membertodo', { data: { mtodo_id: own[0]?.id, updates: { completed: true } } });
  expect(done.status(), await done.text()).toBe(200);

  const found: Record<string, string[]> = {};
  const visit = async (page: Page, path: string, ready: (page: Page) => Promise<void>) => {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await expect(page.getByLabel('Loading')).toHaveCount(0);
    await ready(page);
    const seen = await violations(page);
    const lang = await page.evaluate(() => document.documentElement.lang);
    if (seen.length > 0) found[`${path} (${lang})`] = seen;
  };
  const pages: [Page, string, (page: Page) => Promise<void>][] = [
    [t, '/teacher/home', (page) => expect(page.getByTestId('owed-rewards-notice')).toBeVisible()],
    [t, '/teacher/shop/coins', async (page) => {
      await expect(page.getByTestId('coin-package-500')).toBeVisible();
      await expect(page.getByTestId('owed-rewards-header')).toBeVisible();
      await expect(page.getByTestId('purchase-history-row').first()).toBeVisible();
    }],
    [t, '/teacher/shop/coins/checkout?coins=500', (page) => expect(page.getByTestId('pay-button')).toBeVisible()],
    // A payment still awaited: nothing of 100 coins was bought.
    [t, '/teacher/shop/coins/payment-success?coins=100', (page) => expect(page.getByTestId('payment-status')).toBeVisible()],
    [t, `/teacher/shared/${kidId}/todos`, (page) => expect(page.getByTestId('member-todo-owed')).toBeVisible()],
    [s, '/student/todos', (page) => expect(page.getByTestId('member-todo-owed')).toBeVisible()],
  ];
  for (const [page, path, ready] of pages) await visit(page, path, ready);
  for (const page of [t, s]) await page.getByRole('button', { name: 'FI', exact: true }).first().click();
  for (const [page, path, ready] of pages) await visit(page, path, ready);

  expect(found).toEqual({});
  await teacherContext.close();
  await studentContext.close();
});
