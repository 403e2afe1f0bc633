import { expect, test } from '@playwright/test';
import { createClassroom } from '../support/api.ts';
import { logIn } from '../support/session.ts';

// Temporary (helper "weight", issue 13): the two signed-in pages at 390 px during load and when
// ready, to see that no unstyled content flashes. Deleted after use.
test('screenshots of /student/todos and /teacher/groups while they load', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const { teacher, group, kid } = await createClassroom(request);
  const login = await request.post('/api/login/admin', { data: { loginName: teacher.username, password: teacher.password } });
  const { id } = await login.json();
  const list = await (await request.post('/api/todolists', { data: { id, name: 'Fractions' } })).json();
  for (const [text, updates] of [
    ['Read chapter 3 of the maths book.', { reward: 2 }],
    ['Explain what one quarter means.', { reward: 5, answertype: 'free' }],
    ['What is 1/2 + 1/4?', { reward: 3, answertype: 'strict', answer: '3/4' }],
  ] as const) {
    const todo = await (await request.post('/api/todo', { data: { todolist_id: list.id, content_html: `<p>${text}</p>`, content_delta: { ops: [{ insert: `${text}\n` }] } } })).json();
    expect((await request.put('/api/todo', { data: { todo_id: todo.id, updates } })).status()).toBe(200);
  }
  expect((await request.put(`/api/group/${group.id}/todolist/blue/${list.id}`)).status()).toBe(200);
  await request.get('/api/logout');

  for (const [area, user, path, ready] of [
    ['student', kid, '/student/todos', '[data-testid="student-todo-1"]'],
    ['teacher', teacher, '/teacher/groups', '[data-testid="member-grid"] [data-testid^="member-card-"]'],
  ] as const) {
    for (const language of ['en', 'fi']) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await logIn(page, area, user);
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      // A cold load: nothing of the app in the browser's cache.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.goto('about:blank');
      const name = `${area}-${language}`;
      await page.goto(path, { waitUntil: 'commit' });
      await page.waitForLoadState('domcontentloaded');
      await page.screenshot({ path: `/tmp/weight/shots/${name}-1-domcontentloaded.png` });
      await page.waitForLoadState('load');
      await page.screenshot({ path: `/tmp/weight/shots/${name}-2-load.png` });
      await page.locator(ready).first().waitFor();
      await page.screenshot({ path: `/tmp/weight/shots/${name}-3-ready.png` });
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/weight/shots/${name}-4-settled.png`, fullPage: true });
      await context.close();
    }
  }
});
