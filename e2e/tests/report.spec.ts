import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createGroup, createTeacher, joinGroup } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { signedInPage } from '../support/session.ts';

async function axeViolations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.html}`));
}

test("the teacher's class report: a student's numbers, the CSV with its BOM, and a printed page per student", async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const first = await joinGroup(request, group.name);
  const second = await joinGroup(request, group.name);
  const { context, page } = await signedInPage(browser, 'teacher', teacher);
  const members = (await (await context.request.get(`/api/group/${group.id}/members`)).json()) as { id: string; username: string }[];
  const firstId = members.find((m) => m.username === first.username)?.id;
  expect((await context.request.put('/api/member/coins', { data: { member_id: firstId, coins: 5 } })).status()).toBe(200);
  // Printing opens the browser's dialog; here it is counted instead.
  await page.addInitScript(() => {
    Object.assign(window, { kolikkoPrints: 0 });
    window.print = () => Object.assign(window, { kolikkoPrints: (window as unknown as { kolikkoPrints: number }).kolikkoPrints + 1 });
  });

  await page.goto('/teacher/groups');
  await page.getByTestId('open-report-button').click();
  await expect(page).toHaveURL(`/teacher/report/${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();
  const row = page.getByTestId(`report-row-${first.username}`);
  await expect(row.locator('[data-column="coins_earned"]')).toHaveText('5');
  await expect(row.locator('[data-column="coins_from_awards"]')).toHaveText('5');
  await expect(page.getByTestId(`report-row-${second.username}`).locator('[data-column="coins_earned"]')).toHaveText('0');
  await expect(page.getByTestId('report-total-coins_earned')).toHaveText('5');
  await expect(page.getByTestId('report-reasons')).toContainText(text('en', 'report.reasons.noReason'));
  expect(await axeViolations(page)).toEqual([]);

  // This month: the same numbers (the award was today).
  await page.getByTestId('report-range').getByRole('radio', { name: text('en', 'report.range.month'), exact: true }).check();
  await expect(row.locator('[data-column="coins_earned"]')).toHaveText('5');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-download').click()]);
  const path = await download.path();
  const bytes = readFileSync(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString('utf8');
  expect(csv.startsWith('Student;Coins earned;')).toBe(true);
  expect(csv).toContain(`${first.username};5;0;5;`);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);

  // One student a page, as printed for a parents' evening.
  await page.getByTestId('report-print-students-button').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { kolikkoPrints: number }).kolikkoPrints)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('report-print-sheet');
  await expect(sheet).toBeVisible();
  await expect(page.getByTestId('report-page')).toBeHidden();
  const pages = sheet.getByTestId('report-print-student');
  await expect(pages).toHaveCount(2);
  // A page each, in the class's natural order of names (random here): each student on a page of its own.
  await expect(pages.filter({ hasText: first.username })).toHaveCount(1);
  await expect(pages.filter({ hasText: second.username })).toHaveCount(1);
  expect(await pages.first().evaluate((el) => getComputedStyle(el).breakAfter)).toBe('page');
  await page.emulateMedia({ media: 'screen' });

  // The class on one page.
  await page.getByTestId('report-print-class-button').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { kolikkoPrints: number }).kolikkoPrints)).toBe(2);
  await page.emulateMedia({ media: 'print' });
  await expect(sheet.getByTestId('report-print-class')).toBeVisible();
  await expect(sheet.getByTestId('report-print-student')).toHaveCount(0);
  await context.close();
});
