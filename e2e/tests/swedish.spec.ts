import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { FOOTER_LINKS, PUBLIC_NAV } from '../../apps/web/src/app/layouts/public-nav.ts';
import { TEACHER_MINIMUM_AGE } from '../../packages/core/src/limits.ts';
import { createTeacher, joinGroup, mailedLink, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { signIn, signedInPage } from '../support/session.ts';

/**
 * Issue 37: a browser journey in Swedish. The public pages, opened by a Finland-Swedish browser
 * (navigator.languages starts with sv-FI); a teacher's signup and first page; a lesson: an award
 * with a default reason (named in Swedish, as the group was made in the Swedish interface), a task
 * done and a reward bought, seen on the student's and the teacher's screens.
 */

const SWEDISH = { locale: 'sv-FI' };
const sv = (key: string, vars: Record<string, string | number> = {}) => text('sv', key, vars);
/** A number shown on its own (not a part of a longer one). */
const amount = (n: number) => new RegExp(`(^|\\D)${n}(\\D|$)`);
const balance = (page: Page) => page.getByTestId('coin-balance').first();

/** The level-1 heading and the tab's title of each public page the navigation and the footer lead to. */
const PUBLIC_PAGES: Record<string, { heading: string; title: string }> = {
  '/about': { heading: 'about.title', title: 'about.title' },
  '/tutorials': { heading: 'tutorials.title', title: 'tutorials.title' },
  '/community': { heading: 'community.title', title: 'community.title' },
  '/contact': { heading: 'contact.title', title: 'contact.title' },
  '/proto': { heading: 'demo.title', title: 'public.pages.proto' },
  '/legal/terms': { heading: 'legal.documents.terms', title: 'legal.documents.terms' },
  '/legal/privacy': { heading: 'legal.documents.privacy', title: 'legal.documents.privacy' },
  '/legal/cookies': { heading: 'legal.documents.cookies', title: 'legal.documents.cookies' },
};

async function expectSwedishPage(page: Page, path: string) {
  const shown = PUBLIC_PAGES[path];
  if (!shown) throw new Error(`no heading known for ${path}: add it to PUBLIC_PAGES`);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1, name: sv(shown.heading), exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${sv(shown.title)} · Kolikko`);
}

/** The header's language switch: SV pressed, the others not. */
async function expectSwedishSelected(page: Page) {
  const toggle = page.getByRole('group', { name: sv('language.label') }).first();
  await expect(toggle.getByRole('button', { name: 'SV', exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (const other of ['EN', 'FI']) await expect(toggle.getByRole('button', { name: other, exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
}

async function ok<R extends { status(): number; text(): Promise<string> }>(res: Promise<R>): Promise<R> {
  const r = await res;
  expect(r.status(), await r.text()).toBeLessThan(300);
  return r;
}

/**
 * The lesson's material, through the teacher's API session (its screens are not what is tested
 * here): a task to tick done, worth 5 coins, shown to the blue small group (every new student's),
 * and a published reward list with one reward of 4 coins.
 */
async function prepareLesson(api: APIRequestContext, groupId: string) {
  const me = (await (await api.get('/api/checkStatus')).json()) as { id: string };
  const list = (await (await ok(api.post('/api/todolists', { data: { id: me.id, name: 'Veckans uppgifter' } }))).json()) as { id: string };
  const task = 'Städa din pulpet.';
  const todo = (await (await ok(api.post('/api/todo', { data: { todolist_id: list.id, content_html: `<p>${task}</p>`, content_delta: { ops: [{ insert: `${task}\n` }] } } }))).json()) as { id: string };
  await ok(api.put('/api/todo', { data: { todo_id: todo.id, updates: { reward: 5 } } }));
  await ok(api.put(`/api/group/${groupId}/todolist/blue/${list.id}`));
  const reward = { name: 'Extra rast', description: 'Fem minuter till ute.', price: 4 };
  const made = (await (await ok(api.post('/api/reward', { data: { id: me.id, reward } }))).json()) as { id: string };
  const rewards = (await (await ok(api.post('/api/rewardlist', { data: { id: me.id, name: 'Fredag' } }))).json()) as { id: string };
  await ok(api.put('/api/rewardlist', { data: { rewardlist_id: rewards.id, reward_id: made.id } }));
  await ok(api.put(`/api/group/${groupId}/rewardlist/${rewards.id}`));
  return { reward };
}

/** A student's page in Swedish by its stored choice (local storage `language`), not the browser's language. */
async function swedishStudentPage(browser: Browser, kid: { username: string; password: string }, at: string) {
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem('language', 'sv'));
  await signIn(context, 'student', kid);
  const page = await context.newPage();
  await page.goto(at);
  await page.locator('#main').waitFor();
  return { context, page };
}

test('a Finland-Swedish browser reads the front page and every public page in Swedish, the demo included', async ({ browser }) => {
  const context = await browser.newContext(SWEDISH);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByText(sv('front.tagline'))).toBeVisible();
  await expect(page.getByRole('link', { name: sv('front.createFirstGroup') }).or(page.getByRole('button', { name: sv('front.createFirstGroup') }))).toBeVisible();
  await expect(page).toHaveTitle('Kolikko');
  await expectSwedishSelected(page);
  // The language was read from the browser, not chosen: nothing is remembered.
  expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBeNull();

  // Every page of the top bar, by its Swedish link.
  const nav = page.getByRole('navigation', { name: sv('nav.publicLabel') });
  for (const { to, key } of PUBLIC_NAV) {
    await nav.getByRole('link', { name: sv(`nav.public.${key}`), exact: true }).click();
    await expectSwedishPage(page, to);
    if (to === '/proto') {
      // The demo's classroom is the Swedish one (the web asks in the page's language), shown in Swedish.
      await expect(page.getByTestId('demo-student')).toHaveAttribute('title', sv('demo.studentFrame', { name: 'Elsa' }));
      await expect(page.frameLocator('[data-testid="demo-teacher"]').locator('html')).toHaveAttribute('lang', 'sv');
    }
  }
  await expectSwedishSelected(page);

  // And every page of the footer.
  const footer = page.getByRole('navigation', { name: sv('nav.footerLabel') });
  for (const { to, key } of FOOTER_LINKS) {
    await footer.getByRole('link', { name: sv(key), exact: true }).click();
    await expectSwedishPage(page, to);
  }
  await context.close();

  // Without JavaScript, the page shell says in Swedish too what it needs.
  const noScript = await browser.newContext({ ...SWEDISH, javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto('/');
  await expect(bare.locator('.boot-noscript')).toContainText('Kolikko behöver JavaScript.');
  await noScript.close();
});

test('a teacher signs up in Swedish, verifies the e-mail, logs in and lands on a Swedish first page', async ({ browser, request }) => {
  const context = await browser.newContext(SWEDISH);
  const page = await context.newPage();
  // Swedish letters in the username (the hint says they are welcome); the address stays ASCII.
  const username = uniqueName('lärare');
  const email = `${username.replace('ä', 'a')}@skola.test`;
  await page.goto('/teacher/signup');
  await expect(page.getByRole('heading', { level: 1, name: sv('auth.signup.title.teacher') })).toBeVisible();
  await expectSwedishSelected(page);
  await page.getByLabel(sv('auth.fields.username')).pressSequentially(username);
  await page.getByLabel(sv('auth.fields.email')).pressSequentially(email);
  await page.getByLabel(sv('auth.fields.password'), { exact: true }).pressSequentially('hemlig123');
  await page.getByLabel(sv('auth.fields.passwordConfirm')).pressSequentially('hemlig123');
  const submit = page.getByRole('button', { name: sv('auth.signup.submit.teacher'), exact: true });
  await expect(submit).toBeDisabled(); // the terms are not accepted yet
  await page.getByRole('checkbox', { name: sv('auth.signup.termsLabel.teacher', { age: TEACHER_MINIMUM_AGE }) }).check();
  const signup = page.waitForResponse((r) => r.url().endsWith('/api/signup/admin') && r.request().method() === 'POST');
  await submit.click(); // solves the real ALTCHA challenge in the browser (CAPTCHA=on)
  const answer = await signup;
  expect(answer.status(), await answer.text()).toBe(201);
  await expect(page).toHaveURL('/teacher/login');
  await expect(page.getByRole('status')).toContainText(sv('success.SIGNUP_CONFIRM_EMAIL'));

  await page.goto(await mailedLink(request, email, '/api/verify-email'));
  await expect(page).toHaveURL('/teacher/login');
  await expect(page.getByRole('status')).toContainText(sv('success.EMAIL_VERIFIED'));
  await expect(page.getByRole('heading', { level: 1, name: sv('auth.login.title.teacher') })).toBeVisible();
  await page.getByLabel(sv('auth.fields.username')).pressSequentially(username);
  await page.getByLabel(sv('auth.fields.password'), { exact: true }).pressSequentially('hemlig123');
  await page.getByRole('button', { name: sv('auth.login.submit'), exact: true }).click();

  await expect(page).toHaveURL('/teacher/home');
  await expect(page.getByRole('heading', { level: 1, name: sv('teacher.home.welcome', { username }) })).toBeVisible();
  await expect(page.getByTestId('home-intro')).toHaveText(sv('teacher.home.intro', { coinsText: sv('common.coinsAmount_other', { count: 300 }) }));
  await expect(page.getByRole('heading', { level: 2, name: sv('teacher.home.gettingStarted') })).toBeVisible();
  await expect(page.getByTestId('steps-progress')).toHaveText(sv('teacher.home.progress', { done: 0, total: 4 }));
  await expect(page.getByTestId('step-createGroup')).toContainText(sv('teacher.home.steps.createGroup.title'));
  await expect(page.getByRole('link', { name: sv('nav.teacher.groups'), exact: true }).first()).toBeVisible();
  await expect(page).toHaveTitle(`${sv('teacher.pages.home')} · Kolikko`);
  await expectSwedishSelected(page);
  await context.close();
});

test('a lesson in Swedish: a default reason awarded live, a task done and a reward bought, on both screens', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher, SWEDISH, '/teacher/groups');

  // The group, made in the Swedish interface: its default reasons are named in Swedish.
  const groupName = uniqueName('Klass');
  await t.getByLabel(sv('groups.new.label')).pressSequentially(groupName);
  const created = t.waitForResponse((r) => r.url().endsWith('/api/group') && r.request().method() === 'POST');
  await t.getByRole('button', { name: sv('groups.new.submit') }).click();
  const createdAnswer = await created;
  expect(createdAnswer.status(), await createdAnswer.text()).toBe(201);
  const group = (await createdAnswer.json()) as { id: string };
  await expect(t.getByTestId('notification-banner')).toContainText(sv('success.GROUP_CREATED', { name: groupName }));

  // A student joins: its card appears on the teacher's page, with the reasons to award it by.
  const kid = await joinGroup(request, groupName);
  await expect(t.getByTestId(`member-card-${kid.username}`)).toBeVisible();
  const reasons = t.getByTestId('reason-buttons');
  for (const name of ['Hjälpa andra', 'Samarbete', 'Flit', 'Aktivt deltagande', 'Vänlighet', 'Uthållighet']) await expect(reasons.getByRole('button', { name })).toBeVisible();
  const { reward } = await prepareLesson(teacherContext.request, group.id);
  const { context: studentContext, page: s } = await swedishStudentPage(browser, kid, '/student/todos');
  await expect(s.getByRole('heading', { level: 1, name: sv('student.pages.todos') })).toBeVisible();
  await expectSwedishSelected(s);
  await expect(balance(s)).toHaveText(amount(0));

  // The first default reason, with one tap for the selected student; the student hears it at once.
  await t.getByRole('checkbox', { name: sv('groups.members.select', { username: kid.username }) }).check();
  const awarded = t.waitForResponse((r) => r.url().endsWith('/api/member/coins/batch') && r.request().method() === 'PUT');
  await reasons.getByRole('button', { name: 'Hjälpa andra' }).click();
  const awardAnswer = await awarded;
  expect(awardAnswer.status(), await awardAnswer.text()).toBe(200);
  await expect(t.getByTestId('award-snackbar')).toContainText(
    sv('groups.undo.toOne', { username: kid.username, what: sv('groups.undo.reasonAmount', { reason: 'Hjälpa andra', amount: '+1' }) }),
  );
  await expect(t.getByTestId(`member-coins-${kid.username}`)).toHaveText('1');
  await expect(s.getByTestId('notification-banner')).toHaveText(sv('live.reasonGiven_one', { reason: 'Hjälpa andra', count: 1 }));
  await expect(balance(s)).toHaveText(amount(1));

  // The task, ticked done: 5 coins from the teacher's purse, on both screens.
  const card = s.getByTestId('student-todo-1');
  await expect(card).toContainText('Städa din pulpet.');
  const ticked = s.waitForResponse((r) => r.url().includes('/api/membertodo') && r.request().method() === 'PUT');
  // click(), not check(): the box shows the server's state, so it may turn after the answer, and
  // check() fails when it has not turned yet when it looks.
  await card.getByRole('checkbox', { name: sv('studentTodos.done') }).click();
  const tickAnswer = await ticked;
  expect(tickAnswer.status(), await tickAnswer.text()).toBe(200);
  await expect(card.getByRole('checkbox', { name: sv('studentTodos.done') })).toBeChecked();
  await expect(s.getByTestId('notification-banner')).toHaveText(sv('studentTodos.earned', { coins: sv('common.coinsAmount_other', { count: 5 }) }));
  await expect(s.getByRole('progressbar', { name: sv('studentTodos.progress', { done: 1, total: 1 }) })).toBeVisible();
  await expect(balance(s)).toHaveText(amount(6));
  await expect(t.getByTestId(`member-coins-${kid.username}`)).toHaveText('6');
  await expect(balance(t)).toHaveText(amount(294));

  // The reward, bought after a Swedish confirmation: the coins go down on both screens.
  await s.getByRole('link', { name: sv('nav.student.rewards'), exact: true }).first().click();
  await expect(s).toHaveURL('/student/rewards');
  await s.getByTestId(`reward-${reward.name}`).getByRole('button', { name: sv('studentRewards.buy') }).click();
  const confirm = s.getByRole('dialog', { name: sv('studentRewards.confirmTitle', { name: reward.name }) });
  await expect(confirm).toContainText(sv('studentRewards.confirmPrice', { coins: sv('common.coinsAmount_other', { count: 4 }), left: sv('common.coinsAmount_other', { count: 2 }) }));
  await expect(confirm).toContainText(sv('studentRewards.confirmActive_one', { count: 1 }));
  const bought = s.waitForResponse((r) => /\/api\/member\/[^/]+\/reward\/[^/]+$/.test(r.url()) && r.request().method() === 'POST');
  await confirm.getByRole('button', { name: sv('common.confirm') }).click();
  const boughtAnswer = await bought;
  expect(boughtAnswer.status(), await boughtAnswer.text()).toBe(201);
  await expect(s.getByTestId('notification-banner')).toContainText(sv('success.REWARD_PURCHASED', { name: reward.name }));
  await expect(s.getByTestId(`reward-${reward.name}`).getByText(sv('rewardStatus.active'))).toBeVisible();
  await expect(balance(s)).toHaveText(amount(2));
  await expect(t.getByTestId('notification-banner')).toContainText(sv('teacher.notices.rewardPurchased', { name: kid.username, reward: reward.name }));
  await expect(t.getByTestId(`member-coins-${kid.username}`)).toHaveText('2');

  // The coin shop writes euros and numbers as Finland-Swedish does: 9,41 €, 1 000, 25,5 %.
  await t.getByRole('link', { name: sv('nav.teacher.shop'), exact: true }).first().click();
  await expect(t.getByRole('heading', { level: 1, name: sv('shop.coins.title') })).toBeVisible();
  await expect(t.getByTestId('coin-package-500').getByTestId('package-price')).toHaveText(/^9,41\s€$/);
  await expect(t.getByTestId('coin-package-500').getByTestId('package-vat')).toHaveText(/^inkl\. moms 25,5\s%: 1,91\s€$/);
  await expect(t.getByTestId('coin-package-1000')).toContainText(/1\s000/);
  await expect(t.getByTestId('coin-package-500')).toContainText(sv('shop.coins.bestValue'));

  await studentContext.close();
  await teacherContext.close();
});
