import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createGroup, createTeacher, joinGroup } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { signedInPage } from '../support/session.ts';

/** Records each sound the page plays aloud (a muted play is the board unlocking its sounds). */
async function recordSounds(page: Page) {
  await page.addInitScript(() => {
    const played: string[] = [];
    Object.assign(window, { kolikkoPlayed: played });
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!this.muted) played.push(new URL(this.src).pathname);
      return play.call(this);
    };
  });
}

const soundsPlayed = (page: Page) => page.evaluate(() => (window as unknown as { kolikkoPlayed: string[] }).kolikkoPlayed);

test('the class board follows the remote: an award and its undo, the picker through a class of 5, the timer to zero', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const kids = [];
  for (let i = 0; i < 5; i += 1) kids.push(await joinGroup(request, group.name));
  const kid = kids[0]!;

  // The board on the projector, the remote on the teacher's phone: the same teacher, two browsers.
  const { context: boardContext, page: board } = await signedInPage(browser, 'teacher', teacher, { viewport: { width: 1366, height: 768 } });
  await recordSounds(board);
  const { context: phoneContext, page: remote } = await signedInPage(browser, 'teacher', teacher, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { context: studentContext, page: student } = await signedInPage(browser, 'student', kid);
  const balance = student.getByTestId('coin-balance').first();
  await expect(balance).toHaveText(/(^|\D)0(\D|$)/);

  await board.goto(`/teacher/board/${group.id}`);
  await expect(board.getByTestId('board-tile')).toHaveCount(5);
  // The browser lets the board play sounds once it has had a click.
  await board.getByRole('button', { name: text('en', 'board.sound.turnOn') }).click();
  await expect(board.getByRole('button', { name: text('en', 'board.sound.on') })).toBeVisible();
  const tile = board.locator(`[data-testid="board-tile"][data-username="${kid.username}"]`);
  await expect(tile.getByTestId('board-tile-coins')).toHaveText('0');

  await remote.goto('/teacher/groups');
  await remote.getByTestId('open-remote-button').click();
  await expect(remote).toHaveURL(`/teacher/remote/${group.id}`);
  await expect(remote.getByTestId('remote-student')).toHaveCount(5);

  // A reason from the remote: on the board and the student's page. The test waits as long as a
  // slow machine needs and records how long it took (a timed assertion would flake on CI).
  await remote.locator(`[data-testid="remote-student"][data-username="${kid.username}"]`).click();
  const tapped = Date.now();
  await remote.getByTestId('reason-button').filter({ hasText: 'Teamwork' }).click();
  await Promise.all([
    expect(tile.getByTestId('board-tile-glow')).toContainText('Teamwork', { timeout: 10_000 }),
    expect(balance).toHaveText(/(^|\D)1(\D|$)/, { timeout: 10_000 }),
  ]);
  test.info().annotations.push({ type: 'award to board and student', description: `${Date.now() - tapped} ms` });
  await expect(tile.getByTestId('board-tile-coins')).toHaveText('1');
  await expect(board.getByTestId('board-coins-today-number')).toHaveText('1');
  expect(await soundsPlayed(board)).toContain('/sounds/award.wav');

  // Undo, from the remote's notice: the coins go back on both screens.
  await remote.getByTestId('award-snackbar').getByRole('button', { name: 'Undo' }).click();
  await expect(remote.getByTestId('award-snackbar-text')).toContainText('Undone');
  await expect(balance).toHaveText(/(^|\D)0(\D|$)/);
  await expect(tile.getByTestId('board-tile-coins')).toHaveText('0');
  await expect(board.getByTestId('board-coins-today-number')).toHaveText('0');

  // The board's own keys: arrows to a student, Enter, then the first reason's digit.
  await board.keyboard.press('ArrowRight');
  await board.keyboard.press('ArrowLeft');
  await expect(board.getByTestId('board-tile').first()).toBeFocused();
  await board.keyboard.press('Enter');
  await expect(board.getByTestId('board-award-reason').first()).toBeVisible();
  await board.keyboard.press('1');
  await expect(board.getByTestId('board-award-reason')).toHaveCount(0);
  await expect(board.getByTestId('board-tile').first().getByTestId('board-tile-glow')).toBeVisible();

  // The picker, from the remote: five picks, five different students, read off the board.
  const picked: string[] = [];
  for (let i = 1; i <= kids.length; i += 1) {
    await remote.getByTestId('remote-pick').click();
    await expect(board.getByTestId('board-picked')).toContainText(text('en', 'board.picker.round_other', { count: i, total: kids.length }));
    picked.push((await board.getByTestId('picked-name').textContent()) ?? '');
  }
  expect(new Set(picked).size).toBe(kids.length);
  expect([...picked].sort()).toEqual(kids.map((k) => k.username).sort());
  await board.keyboard.press('Escape');
  await expect(board.getByTestId('board-picked')).toHaveCount(0);

  // Teams of the class, shown on the board.
  await remote.getByTestId('remote-team-number').fill('2');
  await remote.getByTestId('remote-make-teams').click();
  await expect(board.getByTestId('board-team')).toHaveCount(2);
  await expect(board.getByTestId('board-teams')).toContainText(kid.username);
  // A team's "Reward" chooses its students; a reason then goes to them all, and glows on the board's teams.
  const team = remote.getByTestId('remote-team').first();
  const teamSize = (await team.getByTestId('remote-team-names').textContent())?.split(', ').length ?? 0;
  expect(teamSize).toBeGreaterThanOrEqual(2);
  await team.getByTestId('remote-team-award').click();
  await expect(remote.getByTestId('remote-selection')).toHaveText(text('en', 'board.remote.chosen_other', { count: teamSize }));
  await remote.getByTestId('reason-button').filter({ hasText: 'Kindness' }).click();
  await expect(board.getByTestId('board-team-glow')).toHaveCount(teamSize);
  await expect(remote.getByTestId('award-snackbar-text')).toContainText(`to ${teamSize} students`);

  // A 3-second timer reaches zero on the board, with the bell.
  await remote.getByTestId('remote-timer-minutes').fill('0');
  await remote.getByTestId('remote-timer-seconds').fill('3');
  await remote.getByTestId('remote-timer-start').click();
  await expect(board.getByTestId('board-timer')).toBeVisible();
  await expect(board.getByTestId('board-timer-digits')).toHaveText('0:00', { timeout: 10_000 });
  await expect(board.getByTestId('board-timer')).toContainText(text('en', 'board.timer.over'));
  await expect.poll(() => soundsPlayed(board)).toContain('/sounds/timer-end.wav');

  await boardContext.close();
  await phoneContext.close();
  await studentContext.close();
});

/** What axe finds on the page as it is now, as "rule: target" lines (empty when nothing). */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.html}`));
}

test('axe finds nothing on the class board (with its dialogs, picker, teams and timer) and on the remote at 390 px, in English and Finnish', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  for (let i = 0; i < 3; i += 1) await joinGroup(request, group.name);
  const found: Record<string, string[]> = {};
  const check = async (page: Page, name: string) => {
    // Checked once transitions are over (a half-faded dialog has no real contrast): nothing animates.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 10_000 });
    const seen = await violations(page);
    if (seen.length > 0) found[name] = seen;
  };

  for (const lang of ['en', 'fi'] as const) {
    const { context, page: board } = await signedInPage(browser, 'teacher', teacher, { viewport: { width: 1280, height: 800 } });
    await board.evaluate((language) => window.localStorage.setItem('language', language), lang);
    const api = context.request;
    await api.put(`/api/group/${group.id}/timer`, { data: { action: 'reset', seconds: 60 } });
    await board.goto(`/teacher/board/${group.id}`);
    await expect(board.getByTestId('board-tile')).toHaveCount(3);
    await check(board, `${lang} board`);
    await board.getByTestId('board-tile').first().click();
    await expect(board.getByTestId('board-award-reason').first()).toBeVisible();
    await check(board, `${lang} board reasons`);
    await board.keyboard.press('Escape');
    await board.getByTestId('board-help-button').click();
    await expect(board.getByTestId('board-help')).toBeVisible();
    await check(board, `${lang} board help`);
    await board.keyboard.press('Escape');
    await expect(board.getByTestId('board-help')).toHaveCount(0);
    await board.keyboard.press('p');
    await expect(board.getByTestId('picked-name')).toBeVisible();
    await check(board, `${lang} board picked`);
    await board.keyboard.press('Escape');
    await api.post(`/api/group/${group.id}/teams`, { data: { count: 2 } });
    await expect(board.getByTestId('board-team')).toHaveCount(2);
    await board.keyboard.press('t');
    await expect(board.getByTestId('board-timer')).toBeVisible();
    await check(board, `${lang} board teams and timer`);
    await context.close();

    const { context: phone, page: remote } = await signedInPage(browser, 'teacher', teacher, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await remote.evaluate((language) => window.localStorage.setItem('language', language), lang);
    await remote.goto(`/teacher/remote/${group.id}`);
    await expect(remote.getByTestId('remote-student')).toHaveCount(3);
    await expect(remote.getByTestId('remote-teams')).toBeVisible();
    await check(remote, `${lang} remote`);
    await phone.close();
  }
  expect(found).toEqual({});
});
