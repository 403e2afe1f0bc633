import { expect, test, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { createClassroom, createGroup, createTeacher, joinGroup, uniqueName } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { logIn, signedInPage } from '../support/session.ts';

/** Issue 14, the teacher's side of a lesson: what the screens say about coins, lists and deleting. */

const FINNISH = { locale: 'fi-FI' };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function memberIds(api: APIRequestContext, groupId: string): Promise<Map<string, string>> {
  const members = (await (await api.get(`/api/group/${groupId}/members`)).json()) as { id: string; username: string }[];
  return new Map(members.map((m) => [m.username, m.id]));
}

async function award(api: APIRequestContext, memberId: string | undefined, coins: number) {
  const res = await api.put('/api/member/coins', { data: { member_id: memberId, coins } });
  expect(res.status(), await res.text()).toBe(200);
}

async function teacherId(api: APIRequestContext): Promise<string> {
  return ((await (await api.get('/api/checkStatus')).json()) as { id: string }).id;
}

/** A page signed in through the API (the login screen's labels are in English only in the helpers). */
async function signedInVia(browser: Browser, user: { username: string; password: string }, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const res = await context.request.post('/api/login/admin', { data: { loginName: user.username, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
  return { context, page: await context.newPage() };
}

const intro = (page: Page) => page.getByTestId('home-intro');

test('the home page says what the purse holds, and follows it live like the header', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);
  const { context, page: t } = await signedInPage(browser, 'teacher', teacher);
  await award(context.request, (await memberIds(context.request, group.id)).get(kid.username), 40);

  await t.reload();
  await expect(intro(t)).toContainText('Your purse holds 260 coins to reward your students with.');
  await expect(t.getByTestId('coin-balance').first()).toContainText('260');

  // The student leaves the class: the 40 coins go back to the purse, and the page says so at once.
  const login = await request.post('/api/login/member', { data: { loginName: kid.username, password: kid.password } });
  const { id } = (await login.json()) as { id: string };
  expect((await request.delete(`/api/member/${id}`)).status()).toBe(200);
  await expect(intro(t)).toContainText('Your purse holds 300 coins');
  await expect(t.getByTestId('coin-balance').first()).toContainText('300');

  const { context: finnish, page: f } = await signedInVia(browser, teacher, FINNISH);
  await f.goto('/teacher/home');
  await expect(intro(f)).toContainText(`Kukkarossasi on ${text('fi', 'common.coinsAmount_other', { count: 300 })} oppilaidesi palkitsemiseen.`);
  await finnish.close();
  await context.close();
});

test('an award the purse cannot cover says what it needs and what the purse holds, in both languages; the server says the same', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const kids = [];
  for (let i = 0; i < 7; i += 1) kids.push(await joinGroup(request, group.name));
  const { context, page: t } = await signedInPage(browser, 'teacher', teacher);
  // 150 of the 300 starter coins go to one student: 150 are left.
  await award(context.request, (await memberIds(context.request, group.id)).get(kids[0]?.username ?? ''), 150);

  await t.goto('/teacher/groups');
  await expect(t.getByTestId('coin-balance').first()).toContainText('150');
  await t.getByRole('button', { name: 'Select all' }).click();
  await expect(t.getByTestId('selected-count')).toHaveText('7 students selected');
  await t.getByRole('spinbutton', { name: 'Coins to give' }).fill('100');
  await t.getByRole('button', { name: 'Give coins' }).click();
  const error = t.getByTestId('award-error');
  await expect(error).toContainText('This award needs 700 coins; your purse holds 150 coins.');
  await expect(error).not.toContainText(text('en', 'errors.MISC.TEACHER_OUT_OF_COINS'));
  await expect(t.getByRole('dialog')).toHaveCount(0);

  await t.getByRole('button', { name: 'FI', exact: true }).first().click();
  await expect(error).toContainText('Palkitsemiseen tarvitaan 700 kolikkoa, ja kukkarossasi on 150 kolikkoa.');
  await t.getByRole('button', { name: 'EN', exact: true }).first().click();

  // The purse shrinks elsewhere (another device) after the page read it: the page thinks 140 fits,
  // the server refuses, and the message comes from the server's numbers.
  await t.getByRole('spinbutton', { name: 'Coins to give' }).fill('20');
  await t.getByRole('button', { name: 'Give coins' }).click();
  const confirm = t.getByRole('dialog', { name: 'Give coins?' });
  await expect(confirm).toContainText('140 coins in all come from your purse, which holds 150 coins.');
  const other = await browser.newContext();
  await logIn(await other.newPage(), 'teacher', teacher);
  await award(other.request, (await memberIds(other.request, group.id)).get(kids[1]?.username ?? ''), 20);
  await other.close();
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(error).toContainText('This award needs 140 coins; your purse holds 130 coins.');
  await context.close();
});

test('deleting a chat message asks first, by keyboard too, on the teacher\'s computer and the student\'s phone', async ({ browser, request }) => {
  const { teacher, kid } = await createClassroom(request);
  const { context: teacherContext, page: t } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/groups');
  await t.getByRole('button', { name: `Chat with ${kid.username}` }).click();
  const box = t.getByRole('textbox', { name: 'Message' });
  await box.fill('Remember your homework');
  await box.press('Enter');
  const message = t.getByTestId('chat-message').filter({ hasText: 'Remember your homework' });
  await expect(message).toBeVisible();

  // The delete button asks; Escape takes the question back, leaves the chat open and the focus on the button.
  const trash = message.getByRole('button', { name: 'Delete message' });
  await trash.click();
  const question = message.getByRole('group', { name: 'Delete this message for everyone?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Delete' })).toBeFocused();
  await t.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(message).toBeVisible();
  await expect(trash).toBeFocused();
  await expect(t.getByRole('dialog')).toBeVisible();

  // Only the keyboard: Enter on the trash button, Enter on Delete.
  await t.keyboard.press('Enter');
  await expect(question.getByRole('button', { name: 'Delete' })).toBeFocused();
  await t.keyboard.press('Enter');
  await expect(message).toHaveCount(0);
  await expect(box).toBeFocused();

  // The student, on a phone, may delete only its own message; Cancel keeps it.
  await box.fill('Good morning');
  await box.press('Enter');
  const { context: studentContext, page: s } = await signedInPage(browser, 'student', kid, PHONE);
  await s.getByRole('button', { name: /^Chat/ }).first().click();
  await s.getByRole('tab', { name: 'Teacher' }).click();
  const fromTeacher = s.getByTestId('chat-message').filter({ hasText: 'Good morning' });
  await expect(fromTeacher).toBeVisible();
  await expect(fromTeacher.getByRole('button', { name: 'Delete message' })).toHaveCount(0);
  const studentBox = s.getByRole('textbox', { name: 'Message' });
  await studentBox.fill('I forgot my book');
  await s.getByRole('button', { name: 'Send' }).tap();
  const own = s.getByTestId('chat-message').filter({ hasText: 'I forgot my book' });
  await own.getByRole('button', { name: 'Delete message' }).tap();
  const studentQuestion = own.getByRole('group', { name: 'Delete this message for everyone?' });
  await studentQuestion.getByRole('button', { name: 'Cancel' }).tap();
  await expect(studentQuestion).toHaveCount(0);
  await expect(own).toBeVisible();
  await own.getByRole('button', { name: 'Delete message' }).tap();
  await studentQuestion.getByRole('button', { name: 'Delete' }).tap();
  await expect(own).toHaveCount(0);
  await expect(t.getByTestId('chat-message').filter({ hasText: 'I forgot my book' })).toHaveCount(0);

  await studentContext.close();
  await teacherContext.close();
});

test('the reward list\'s edit button says "Done" while editing, in both languages', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  await createGroup(request, teacher);
  const { context, page: t } = await signedInPage(browser, 'teacher', teacher);
  const made = await context.request.post('/api/rewardlist', { data: { id: await teacherId(context.request), name: uniqueName('Treats') } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };

  await t.goto(`/teacher/rewards/${id}`);
  const toggle = t.getByTestId('rewardlist-edit-toggle');
  await expect(toggle).toHaveText('Edit list');
  await toggle.click();
  await expect(toggle).toHaveText('Done');
  await expect(t.getByTestId('rewardlist-edit-hint')).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveText('Edit list');
  await expect(t.getByTestId('rewardlist-edit-hint')).toHaveCount(0);

  await t.getByRole('button', { name: 'FI', exact: true }).first().click();
  await expect(toggle).toHaveText('Muokkaa listaa');
  await toggle.press('Enter');
  await expect(toggle).toHaveText('Valmis');
  await expect(toggle).toBeFocused();
  await context.close();
});

test('deleting a todo list a small group works on names the group and colour, and says its students lose it', async ({ browser, request }) => {
  const { teacher, group } = await createClassroom(request);
  const { context, page: t } = await signedInPage(browser, 'teacher', teacher);
  const me = await teacherId(context.request);
  const makeList = async (name: string) => {
    const res = await context.request.post('/api/todolists', { data: { name, id: me } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const live = uniqueName('Fractions');
  const liveId = await makeList(live);
  const quiet = uniqueName('Drafts');
  const quietId = await makeList(quiet);
  for (const color of ['blue', 'orange']) expect((await context.request.put(`/api/group/${group.id}/todolist/${color}/${liveId}`)).status()).toBe(200);

  const confirmOf = async (listId: string, name: string) => {
    await t.goto(`/teacher/todos/${listId}`);
    await t.getByRole('button', { name: `Settings for ${name}` }).click();
    await t.getByRole('button', { name: 'Delete list' }).click();
    return t.getByRole('dialog', { name: 'Delete the list?' });
  };

  let confirm = await confirmOf(liveId, live);
  const warning = confirm.getByTestId('todolist-live-warning');
  await expect(warning).toContainText('Students are working on this list');
  await expect(warning).toContainText('It is shared to these small groups:');
  await expect(warning).toContainText(`${group.name}: blue small group`);
  await expect(warning).toContainText(`${group.name}: orange small group`);
  await expect(warning).toContainText('Their students lose the list and its todos at once.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await t.keyboard.press('Escape');
  await expect(t.getByRole('dialog')).toHaveCount(0);

  // Orange only, in Finnish.
  expect((await context.request.put(`/api/group/${group.id}/todolist/blue/${quietId}`)).status()).toBe(200);
  await t.getByRole('button', { name: 'FI', exact: true }).first().click();
  await t.reload();
  await t.getByRole('button', { name: text('fi', 'todolists.settings.open', { name: live }) }).click();
  await t.getByRole('button', { name: 'Poista lista' }).click();
  confirm = t.getByRole('dialog', { name: 'Poistetaanko lista?' });
  await expect(confirm.getByTestId('todolist-live-warning')).toContainText('Lista on jaettu tälle pienryhmälle:');
  await expect(confirm.getByTestId('todolist-live-warning')).toContainText(`${group.name}: oranssi pienryhmä`);
  await expect(confirm.getByTestId('todolist-live-warning')).not.toContainText('sininen');
  await confirm.getByRole('button', { name: 'Peruuta' }).click();
  await expect(confirm).toHaveCount(0);
  await t.keyboard.press('Escape');
  await expect(t.getByRole('dialog')).toHaveCount(0);
  await t.getByRole('button', { name: 'EN', exact: true }).first().click();

  // A list nobody works on: the plain confirmation.
  expect((await context.request.put(`/api/group/${group.id}/todolist/reset/${quietId}`)).status()).toBe(200);
  confirm = await confirmOf(quietId, quiet);
  await expect(confirm).toContainText(`“${quiet}” and all its todos will be deleted.`);
  await expect(confirm.getByTestId('todolist-live-warning')).toHaveCount(0);
  await context.close();
});

test('a new todo list is in the language the teacher uses the app in', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  await createGroup(request, teacher);
  for (const [options, language, listLanguage] of [
    [{}, 'en', 'EN'],
    [FINNISH, 'fi', 'FI'],
  ] as const) {
    const { context, page: t } = await signedInVia(browser, teacher, options);
    await t.goto('/teacher/todos');
    const name = uniqueName('Words');
    await t.getByRole('textbox', { name: text(language, 'todolists.new.label') }).fill(name);
    await t.getByRole('button', { name: text(language, 'todolists.new.submit') }).click();
    await expect(t).toHaveURL(/\/teacher\/todos\/[0-9a-f-]{36}$/);
    await t.getByRole('button', { name: text(language, 'todolists.settings.open', { name }) }).click();
    const field = t.getByRole('combobox', { name: text(language, 'todolists.settings.language') });
    await expect(field).toHaveValue(text(language, `todolists.languages.${listLanguage}`));
    await context.close();
  }
});
