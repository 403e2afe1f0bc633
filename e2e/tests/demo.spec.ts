import AxeBuilder from '@axe-core/playwright';
import { expect, test, type FrameLocator, type Page } from '@playwright/test';

const FRAMES = ['[data-testid="demo-teacher"]', '[data-testid="demo-student"]'];

/**
 * What axe finds, as "rule: target" lines (empty when nothing): on the page around the views,
 * then in each view on its own (each frame is a document of its own, with its own landmarks).
 */
async function violations(page: Page): Promise<string[]> {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
  const frames = await page.locator(FRAMES.join(', ')).count();
  const runs = [new AxeBuilder({ page }).withTags(tags).exclude(FRAMES.join(', '))];
  if (frames > 0) for (const frame of FRAMES) runs.push(new AxeBuilder({ page }).withTags(tags).include(frame));
  const found = [];
  for (const run of runs) found.push(...(await run.analyze()).violations);
  return found.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.html}`));
}

/** A number shown on its own (not a part of a longer one). */
const amount = (n: number) => new RegExp(`(^|\\D)${n}(\\D|$)`);
const coins = (frame: FrameLocator) => frame.getByTestId('coin-balance').first();

test('the demo at 1280 px: a sample student completes a task and the teacher sees it live; the teacher approves an answer and the student\'s coins rise; the student view switches; the shop sells no coins by card', async ({ page }) => {
  await page.goto('/proto');
  await expect(page.getByRole('heading', { name: 'Try Kolikko' })).toBeVisible();
  const teacher = page.frameLocator('[data-testid="demo-teacher"]');
  const student = page.frameLocator('[data-testid="demo-student"]');

  // The seeded classroom: Emma has done 1 of 4 tasks and waits for the teacher on another.
  const emmaCard = teacher.locator('[data-testid^="shared-member-Emma_"]');
  const progress = emmaCard.getByTestId('shared-member-progress');
  await expect(progress).toContainText('1/4');
  await expect(page.getByTestId('demo-student')).toHaveAttribute('title', 'Student view: Emma');
  await expect(coins(student)).toHaveText(amount(20));
  expect(await violations(page)).toEqual([]);

  // As Emma, the last task (no answer needed) is ticked done: the teacher's view follows without a reload.
  const tidy = student.getByTestId('student-todo-4');
  await tidy.getByRole('checkbox', { name: 'Done' }).click();
  await expect(tidy.getByRole('checkbox', { name: 'Done' })).toBeChecked();
  await expect(coins(student)).toHaveText(amount(23));
  await expect(progress).toContainText('2/4');

  // As the teacher, Emma's waiting answer is approved: her coins rise in the student view.
  await emmaCard.getByRole('link', { name: /^Emma_/ }).click();
  const answer = teacher.getByTestId('member-todos').getByTestId('member-todo-2');
  await expect(answer.getByTestId('member-answer')).toContainText('Coins are earned by finishing tasks.');
  await answer.getByRole('button', { name: 'Approve' }).click();
  await expect(answer).toHaveAttribute('data-status', 'done');
  await expect(student.getByTestId('student-todo-2')).toHaveAttribute('data-status', 'done');
  await expect(coins(student)).toHaveText(amount(33));

  // Another sample student: the student view is Leo's now (his strict answer done, 13 coins).
  await page.getByTestId('demo-students').getByText('Leo', { exact: true }).click();
  await expect(page.getByTestId('demo-student')).toHaveAttribute('title', 'Student view: Leo');
  await expect(student.getByTestId('student-todo-3')).toHaveAttribute('data-status', 'done');
  await expect(coins(student)).toHaveText(amount(13));

  // Nobody to log out in a demo.
  await expect(student.getByRole('button', { name: 'Log out' })).toHaveCount(0);

  // A reload continues the same demo, with the student chosen (Emma's work is still there).
  await page.reload();
  await expect(page.getByTestId('demo-student')).toHaveAttribute('title', 'Student view: Leo');
  await expect(coins(student)).toHaveText(amount(13));
  await expect(teacher.locator('[data-testid^="shared-member-Emma_"]').getByTestId('shared-member-progress')).toContainText('3/4');

  // The demo buys no coins by card: the shop says so instead of offering packages, and its
  // history names the demo's own coins.
  // The teacher's frame is a tablet's width: its navigation is behind the menu button.
  await teacher.getByRole('button', { name: 'Navigation menu' }).click();
  await teacher.getByRole('link', { name: 'Shop' }).click();
  await expect(teacher.getByTestId('demo-purse-note')).toContainText('No card payments in the demo');
  await expect(teacher.getByTestId('coin-package-500')).toHaveCount(0);
  // The demo's coins are its oldest row, past the first ten when the seeded history and this
  // test's rewards are more.
  await expect(teacher.getByTestId('purchase-history-row').first()).toBeVisible();
  const showAll = teacher.getByRole('button', { name: /^Show all/ });
  if ((await showAll.count()) > 0) await showAll.click();
  await expect(teacher.getByTestId('purchase-history-row').filter({ hasText: 'Demo coins' }).first()).toBeVisible();

  // "Create your own group" leaves for teacher signup.
  await page.getByRole('link', { name: 'Create your own group' }).click();
  await expect(page).toHaveURL(/\/teacher\/signup$/);
});

test('the demo at 1280 px: a demo whose session is gone while /proto is open says so, and a new one starts', async ({ page, context }) => {
  await page.goto('/proto');
  const teacher = page.frameLocator('[data-testid="demo-teacher"]');
  const emmaCard = teacher.locator('[data-testid^="shared-member-Emma_"]');
  await expect(emmaCard.getByTestId('shared-member-progress')).toContainText('1/4');

  // The server removes a demo idle for too long, and its session with it: here the demo's cookie goes.
  await context.clearCookies({ name: 'kolikko_demo' });
  // The teacher's next step asks the server, which no longer knows this demo.
  await emmaCard.getByRole('link', { name: /^Emma_/ }).click();
  await expect(page.getByTestId('demo-ended')).toContainText('This demo has ended');
  await expect(page.getByTestId('demo-teacher')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);

  // A new demo, from the start: Emma has done 1 of 4 tasks again.
  await page.getByRole('button', { name: 'Start a new demo' }).click();
  await expect(teacher.locator('[data-testid^="shared-member-Emma_"]').getByTestId('shared-member-progress')).toContainText('1/4');
  await expect(page.getByTestId('demo-ended')).toHaveCount(0);
});

test('the demo at 390 px: a notice that it needs a larger screen, with the tutorials and signup', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/proto');
  const notice = page.getByTestId('demo-small-screen');
  await expect(notice).toContainText('The demo needs a larger screen');
  await expect(notice.getByRole('link', { name: 'Watch the tutorials' })).toHaveAttribute('href', '/tutorials');
  await expect(notice.getByRole('link', { name: 'Create your own group' })).toHaveAttribute('href', '/teacher/signup');
  await expect(page.getByTestId('demo-teacher')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await context.close();
});
