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
  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher);
  await t.goto('/teacher/groups');
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
  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid);
  for (const path of ['/student/todos', '/student/history', '/student/profile']) await visit(s, path, main);
  await s.getByRole('button', { name: 'FI', exact: true }).first().click();
  await visit(s, '/student/todos', main);

  const { context: publicContext, page: p } = await signedInPage(browser, 'student', kid).then(async (signed) => {
    await signed.context.clearCookies();
    return signed;
  });
  for (const path of ['/', '/teacher/login', '/teacher/signup', '/student/signup']) await visit(p, path, main);

  expect(found).toEqual({});
  await teacherContext.close();
  await studentContext.close();
  await publicContext.close();
});
