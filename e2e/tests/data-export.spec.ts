import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createGroup, createTeacher, joinGroup } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { signedInPage } from '../support/session.ts';
import { readZip, zipJson } from '../support/zip.ts';

/** Issue 18, the data export: the profile's "Your data" section downloads the user's own ZIP. */

const EXPORT_ROUTE = '**/api/*/*/export';
/** What a password hash would leave in a file: the column's name either way, or an Argon2 hash. */
const HASH_TRACES = ['passwordHash', 'password_hash', '$argon2'];

interface LedgerRow {
  from: string;
  to: string;
  amount: number;
}

async function ok<R extends { status(): number; text(): Promise<string> }>(res: Promise<R>): Promise<R> {
  const r = await res;
  expect(r.status(), await r.text()).toBeLessThan(300);
  return r;
}

async function myId(api: APIRequestContext): Promise<string> {
  return ((await (await ok(api.get('/api/checkStatus'))).json()) as { id: string }).id;
}

/** What axe finds on the page as it is now, as "rule: target" lines (empty when nothing). */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.html}`));
}

/** Holds the export's request until `release()`, so the page's state while the server works can be checked. */
async function holdExport(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(EXPORT_ROUTE, async (route) => {
    await held;
    // The page may have cancelled the request meanwhile: then there is nothing left to continue.
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** Clicks the download, waits for the browser's download and answers the saved ZIP's entries and file name. */
async function download(page: Page): Promise<{ entries: Map<string, Buffer>; filename: string }> {
  const section = page.getByTestId('data-export');
  const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: text('en', 'profile.export.button') }).click()]);
  const path = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(path);
  return { entries: await readZip(path), filename: file.suggestedFilename() };
}

function everyEntryText(entries: Map<string, Buffer>): string {
  return [...entries.values()].map((bytes) => bytes.toString('utf8')).join('\n');
}

test('a teacher downloads its export from the profile: its group, both students, its list and the coin history, no password hashes', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const first = await joinGroup(request, group.name);
  const second = await joinGroup(request, group.name);
  const { context, page } = await signedInPage(browser, 'teacher', teacher);
  const teacherId = await myId(page.request);
  const list = (await (await ok(page.request.post('/api/todolists', { data: { id: teacherId, name: 'Fractions' } }))).json()) as { id: string };
  await ok(page.request.post('/api/todo', { data: { todolist_id: list.id, content_html: '<p>What is half of 8?</p>', content_delta: {} } }));
  await ok(page.request.post('/api/reward', { data: { id: teacherId, reward: { name: 'Class DJ', description: 'Pick the music.', price: 4 } } }));
  const members = (await (await ok(page.request.get(`/api/group/${group.id}/members`))).json()) as { id: string; username: string }[];
  const firstId = members.find((m) => m.username === first.username)?.id ?? '';
  await ok(page.request.put('/api/member/coins', { data: { member_id: firstId, coins: 5 } }));

  await page.goto('/teacher/profile');
  const section = page.getByTestId('data-export');
  await expect(section.getByRole('heading', { name: text('en', 'profile.export.title') })).toBeVisible();
  await expect(section).toContainText(text('en', 'profile.export.text.teacher'));
  // The section sits just before the delete-account zone.
  await expect(page.locator('[data-testid="data-export"] + section')).toContainText(text('en', 'profile.delete.title'));
  expect(await violations(page)).toEqual([]);

  // While the server makes the file: a bar without a value, the button disabled, the focus on Cancel.
  const release = await holdExport(page);
  const button = section.getByRole('button', { name: text('en', 'profile.export.button') });
  await button.focus();
  await page.keyboard.press('Enter');
  const status = section.getByTestId('data-export-status');
  await expect(status).toHaveText(text('en', 'profile.export.preparing'));
  const bar = section.getByRole('progressbar', { name: text('en', 'profile.export.progressLabel') });
  await expect(bar).toBeVisible();
  await expect(bar).not.toHaveAttribute('aria-valuenow');
  await expect(button).toBeDisabled();
  await expect(section.getByRole('button', { name: text('en', 'common.cancel') })).toBeFocused();
  expect(await violations(page)).toEqual([]);

  // Sent slowly (Chromium's network throttling): a bar with the share received, and the size (KB under a megabyte).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 2048, uploadThroughput: -1 });
  const downloaded = page.waitForEvent('download');
  release();
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d/);
  await expect(section.getByTestId('data-export-detail')).toHaveText(/^\d{1,3}% · \d+ KB of \d+ KB$/);
  await expect(button).toBeDisabled();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const file = await downloaded;
  await page.unroute(EXPORT_ROUTE);
  expect(file.suggestedFilename()).toMatch(new RegExp(`^kolikko-${teacher.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));

  // Done: the banner and the line under the button name the file; the button is back, with the focus.
  const saved = text('en', 'profile.export.saved', { filename: file.suggestedFilename() });
  await expect(page.getByTestId('notification-banner')).toHaveText(saved);
  await expect(section.getByTestId('data-export-detail')).toHaveText(saved);
  await expect(status).toHaveAttribute('data-phase', 'done');
  await expect(bar).toHaveCount(0);
  await expect(button).toBeEnabled();
  await expect(button).toBeFocused();
  expect(await violations(page)).toEqual([]);

  const path = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(path);
  const entries = await readZip(path);
  expect(zipJson<{ format: string; kind: string; username: string }>(entries, 'manifest.json')).toMatchObject({ format: 'kolikko-export', kind: 'teacher', username: teacher.username });
  const groups = zipJson<{ name: string; members: { id: string; username: string }[] }[]>(entries, 'groups.json');
  expect(groups.map((g) => g.name)).toEqual([group.name]);
  expect(groups[0]?.members.map((m) => m.username).sort()).toEqual([first.username, second.username].sort());
  expect(zipJson<{ name: string; todos: unknown[] }[]>(entries, 'todolists.json')).toEqual([expect.objectContaining({ name: 'Fractions', todos: [expect.anything()] })]);
  expect(JSON.stringify(zipJson(entries, 'rewards.json'))).toContain('Class DJ');
  expect(zipJson<LedgerRow[]>(entries, 'ledger.json')).toContainEqual(expect.objectContaining({ from: `teacher:${teacherId}`, to: `member:${firstId}`, amount: 5 }));
  const all = everyEntryText(entries);
  for (const trace of HASH_TRACES) expect(all, trace).not.toContain(trace);

  await context.close();
});

test('a student downloads its own export, which holds none of a classmate; a cancel and a refusal leave the page as it was', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const kid = await joinGroup(request, group.name);
  const classmate = await joinGroup(request, group.name);
  // The teacher gives both coins: each has a row in the coin history.
  await ok(request.post('/api/login/admin', { data: { loginName: teacher.username, password: teacher.password } }));
  const members = (await (await ok(request.get(`/api/group/${group.id}/members`))).json()) as { id: string; username: string }[];
  const idOf = (username: string) => members.find((m) => m.username === username)?.id ?? '';
  const [kidId, classmateId] = [idOf(kid.username), idOf(classmate.username)];
  for (const id of [kidId, classmateId]) await ok(request.put('/api/member/coins', { data: { member_id: id, coins: 3 } }));
  const { context, page } = await signedInPage(browser, 'student', kid);

  await page.goto('/student/profile');
  const section = page.getByTestId('data-export');
  await expect(section).toContainText(text('en', 'profile.export.text.student'));
  await expect(page.locator('[data-testid="data-export"] + section')).toContainText(text('en', 'profile.delete.title'));
  const button = section.getByRole('button', { name: text('en', 'profile.export.button') });
  const status = section.getByTestId('data-export-status');

  // Cancel while the server works: no file, the button back.
  const release = await holdExport(page);
  let downloads = 0;
  page.on('download', () => downloads++);
  await button.click();
  await expect(status).toHaveText(text('en', 'profile.export.preparing'));
  await section.getByRole('button', { name: text('en', 'common.cancel') }).click();
  await expect(status).toHaveText(text('en', 'profile.export.cancelled'));
  await expect(button).toBeEnabled();
  release();
  await page.unroute(EXPORT_ROUTE);

  // A refusal shows the error code's text in the error banner.
  await page.route(EXPORT_ROUTE, (route) =>
    route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ errorCode: 'SERVER.TRY_AGAIN', message: 'An export is being made' }) }),
  );
  await button.click();
  await expect(page.getByTestId('notification-banner')).toHaveText(text('en', 'errors.SERVER.TRY_AGAIN'));
  await expect(status).toHaveAttribute('data-phase', 'idle');
  await expect(button).toBeEnabled();
  await page.unroute(EXPORT_ROUTE);
  expect(downloads).toBe(0);

  const { entries, filename } = await download(page);
  expect(filename).toMatch(new RegExp(`^kolikko-${kid.username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  await expect(section.getByTestId('data-export-detail')).toHaveText(text('en', 'profile.export.saved', { filename }));
  expect(await violations(page)).toEqual([]);
  expect(zipJson<{ kind: string }>(entries, 'manifest.json').kind).toBe('student');
  expect(zipJson<{ id: string; username: string; group: { name: string } }>(entries, 'account.json')).toMatchObject({ id: kidId, username: kid.username, group: { name: group.name } });
  expect(zipJson<LedgerRow[]>(entries, 'ledger.json')).toContainEqual(expect.objectContaining({ to: `member:${kidId}`, amount: 3 }));
  const all = everyEntryText(entries);
  expect(all).not.toContain(classmate.username);
  expect(all).not.toContain(classmateId);
  for (const trace of HASH_TRACES) expect(all, trace).not.toContain(trace);

  // The export answers only to its owner: the classmate's, asked for with this student's session, is refused.
  expect((await page.request.get(`/api/member/${classmateId}/export`)).status()).toBe(403);

  await context.close();
});
