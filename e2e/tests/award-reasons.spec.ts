import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createGroup, createTeacher, joinGroup } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { signedInPage } from '../support/session.ts';

/** Issue 32: award reasons with one tap, seen live by the students, undone within the minute, and a reason of the teacher's own. */

interface Reason {
  id: string;
  name: string;
  coins: number;
}

/** What axe finds on the page as it is now (as e2e/tests/a11y.spec.ts checks the other screens). */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.html}`));
}

const balance = (page: Page) => page.getByTestId('coin-balance').first();
const coinsShown = (coins: number) => new RegExp(`(^|\\D)${coins}(\\D|$)`);
/**
 * The answer to the award the next step asks for. Awaited before its notice is looked for: on a
 * busy machine the server may take longer than an expectation's 15 s, and a refusal says its code.
 */
const awardAnswer = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/member/coins/batch') && r.request().method() === 'PUT');
async function expectAwarded(answer: ReturnType<typeof awardAnswer>): Promise<void> {
  const response = await answer;
  expect(response.status(), await response.text()).toBe(200);
}

test('a reason awarded with one tap reaches both students live, the undo takes it back on every screen, and a new reason is used', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const kidA = await joinGroup(request, group.name);
  const kidB = await joinGroup(request, group.name);
  const kidC = await joinGroup(request, group.name);

  const a = await signedInPage(browser, 'student', kidA);
  const b = await signedInPage(browser, 'student', kidB);
  for (const { page } of [a, b]) await expect(balance(page)).toHaveText(coinsShown(0));

  const { context, page: t } = await signedInPage(browser, 'teacher', teacher);
  const reasons = (await (await context.request.get(`/api/group/${group.id}/reasons`)).json()) as Reason[];
  expect(reasons).toHaveLength(6);
  const [, teamwork] = reasons;
  if (!teamwork) throw new Error('no second default reason');
  await t.goto('/teacher/groups');
  await expect(t.getByText('2 online')).toBeVisible();
  const purse = (await balance(t).textContent()) ?? '';

  // Two students selected, one tap: no confirmation, and the notice offers the undo.
  await t.getByRole('checkbox', { name: `Select ${kidA.username}` }).check();
  await t.getByRole('checkbox', { name: `Select ${kidB.username}` }).check();
  await t.getByTestId('reason-buttons').getByRole('button', { name: teamwork.name }).click();
  await expect(t.getByRole('dialog')).toHaveCount(0);
  const snackbar = t.getByTestId('award-snackbar');
  const given = text('en', 'groups.undo.reasonAmount', { reason: teamwork.name, amount: '+1' });
  await expect(snackbar).toContainText(text('en', 'groups.undo.reasonToMany_other', { what: given, count: 2 }));
  // The seconds left count down from 60 (how many have passed by now depends on the machine).
  const secondsLeft = async () => Number(/^(\d+) s$/.exec((await snackbar.getByTestId('award-snackbar-seconds').textContent()) ?? '')?.[1] ?? NaN);
  const first = await secondsLeft();
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(60);
  await expect.poll(secondsLeft).toBeLessThan(first);
  await expect(t.getByTestId(`member-coins-${kidA.username}`)).toHaveText('1');
  await expect(t.getByTestId(`member-coins-${kidB.username}`)).toHaveText('1');
  await expect(t.getByTestId(`member-coins-${kidC.username}`)).toHaveText('0');

  // Each student sees the reason named, and the coin, without a reload.
  for (const { page } of [a, b]) {
    await expect(page.getByTestId('notification-banner')).toHaveText(text('en', 'live.reasonGiven_one', { reason: teamwork.name, count: 1 }));
    await expect(balance(page)).toHaveText(coinsShown(1));
  }

  // Undo, by the keyboard: the coins go back on every screen, and the purse is as it was.
  const undo = snackbar.getByRole('button', { name: text('en', 'groups.undo.undo') });
  await undo.focus();
  await t.keyboard.press('Enter');
  await expect(snackbar).toContainText(text('en', 'groups.undo.doneBack', { coins: '2 coins' }));
  await expect(snackbar.getByRole('button', { name: text('en', 'common.close') })).toBeFocused();
  await expect(t.getByTestId(`member-coins-${kidA.username}`)).toHaveText('0');
  await expect(t.getByTestId(`member-coins-${kidB.username}`)).toHaveText('0');
  await expect(balance(t)).toHaveText(purse);
  for (const { page } of [a, b]) {
    await expect(page.getByTestId('notification-banner')).toHaveText(text('en', 'live.awardUndone'));
    await expect(balance(page)).toHaveText(coinsShown(0));
  }
  await t.keyboard.press('Escape');
  await expect(snackbar).toHaveCount(0);

  // A reason of the teacher's own: named, 2 coins, the broom.
  await t.getByRole('checkbox', { name: `Select ${kidA.username}` }).uncheck();
  await t.getByRole('checkbox', { name: `Select ${kidB.username}` }).uncheck();
  await t.getByTestId('edit-reasons-button').click();
  const dialog = t.getByTestId('reasons-dialog');
  await dialog.getByRole('button', { name: text('en', 'groups.reasons.add') }).click();
  await expect(dialog.getByRole('textbox', { name: text('en', 'groups.reasons.form.name') })).toBeFocused();
  await dialog.getByRole('textbox', { name: text('en', 'groups.reasons.form.name') }).fill('Tidy desk');
  await dialog.getByRole('textbox', { name: text('en', 'groups.reasons.form.coins'), exact: true }).fill('2');
  await dialog.getByRole('radio', { name: text('en', 'groups.reasons.icons.tidy') }).check();
  await expect(t.getByRole('dialog')).toHaveCSS('opacity', '1');
  expect(await violations(t)).toEqual([]);
  await dialog.getByRole('button', { name: text('en', 'groups.reasons.form.add'), exact: true }).click();
  await expect(dialog.getByTestId('reason-row').last()).toContainText('Tidy desk');
  await expect(dialog.getByTestId('reason-row')).toHaveCount(7);
  await dialog.getByRole('button', { name: text('en', 'groups.reasons.moveUp', { name: 'Tidy desk' }) }).click();
  await expect(dialog.getByTestId('reason-row').nth(5)).toContainText('Tidy desk');
  await t.getByRole('dialog', { name: text('en', 'groups.reasons.title', { name: group.name }) }).getByRole('button', { name: text('en', 'common.close'), exact: true }).click();
  await expect(t.getByRole('dialog')).toHaveCount(0);

  // Nobody selected: the tap asks who gets it, and the whole class does.
  const tidy = t.getByTestId('reason-buttons').getByRole('button', { name: 'Tidy desk' });
  await expect(t.getByTestId('reason-buttons').getByRole('button').nth(5)).toHaveAccessibleName(/^Tidy desk/);
  await tidy.click();
  const who = t.getByRole('dialog', { name: text('en', 'groups.reasons.whoTitle', { reason: 'Tidy desk', amount: '+2' }) });
  await expect(who).toHaveCSS('opacity', '1');
  expect(await violations(t)).toEqual([]);
  await who.getByRole('button', { name: text('en', 'groups.reasons.wholeClass_other', { count: 3 }) }).click();
  const tidyGiven = text('en', 'groups.undo.reasonAmount', { reason: 'Tidy desk', amount: '+2' });
  await expect(snackbar).toContainText(text('en', 'groups.undo.reasonToMany_other', { what: tidyGiven, count: 3 }));
  for (const username of [kidA.username, kidB.username, kidC.username]) await expect(t.getByTestId(`member-coins-${username}`)).toHaveText('2');
  await expect(a.page.getByTestId('notification-banner')).toHaveText(text('en', 'live.reasonGiven_other', { reason: 'Tidy desk', count: 2 }));
  await expect(balance(b.page)).toHaveText(coinsShown(2));
  // The notice with its undo (checked on an award that is not undone: axe takes a while), once
  // the dialog has faded out: its overlay, half gone, would dim the page's own texts.
  await expect(t.getByRole('dialog')).toHaveCount(0);
  await expect(t.locator('.mantine-Modal-overlay')).toHaveCount(0);
  // The pointer rests where the dialog's button was, over "Group chat": a light button's hover
  // shade is too faint for its text (a known defect, to be fixed in the theme), so the page is
  // checked with the pointer away from it, as it is when nobody points.
  await t.mouse.move(0, 0);
  expect(await violations(t)).toEqual([]);

  // One student from its card's menu.
  await t.getByTestId(`quick-award-${kidB.username}`).click();
  await t.getByRole('menuitem', { name: teamwork.name }).click();
  await expect(snackbar).toContainText(text('en', 'groups.undo.toOne', { username: kidB.username, what: given }));
  await expect(balance(b.page)).toHaveText(coinsShown(3));
  await expect(b.page.getByTestId('notification-banner')).toHaveText(text('en', 'live.reasonGiven_one', { reason: teamwork.name, count: 1 }));

  // The student's history names the reason (the undone award too).
  await b.page.goto('/student/history');
  const entries = b.page.getByTestId('history-entry');
  const awarded = `${text('en', 'history.entries.received.teacher_award', { name: teacher.username })} · ${teamwork.name}`;
  await expect(entries.filter({ hasText: awarded })).toHaveCount(2);
  await expect(entries.filter({ hasText: `${text('en', 'history.entries.sent.award_undo', { name: teacher.username })} · ${teamwork.name}` })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Tidy desk' })).toHaveCount(1);

  await a.context.close();
  await b.context.close();
  await context.close();
});

test('"needs work" reasons appear only while the group allows them, set apart, and the student is told gently', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const kid = await joinGroup(request, group.name);
  const { context, page: t } = await signedInPage(browser, 'teacher', teacher);
  // A coin to take back.
  const [member] = (await (await context.request.get(`/api/group/${group.id}/members`)).json()) as { id: string }[];
  expect((await context.request.put('/api/member/coins', { data: { member_id: member?.id, coins: 3 } })).status()).toBe(200);
  const s = await signedInPage(browser, 'student', kid);

  await t.goto('/teacher/groups');
  await t.getByTestId('edit-reasons-button').click();
  const dialog = t.getByTestId('reasons-dialog');
  await expect(dialog.getByTestId('reasons-list')).toBeVisible();
  await expect(dialog.getByTestId('add-needs-work-reason')).toHaveCount(0);
  await dialog.getByRole('switch', { name: text('en', 'groups.reasons.needsWorkSwitch') }).check();
  await dialog.getByTestId('add-needs-work-reason').click();
  await dialog.getByRole('textbox', { name: text('en', 'groups.reasons.form.name') }).fill('Noise');
  await dialog.getByRole('textbox', { name: text('en', 'groups.reasons.form.coinsTaken') }).fill('1');
  await dialog.getByRole('radio', { name: text('en', 'groups.reasons.icons.noise') }).check();
  await dialog.getByRole('button', { name: text('en', 'groups.reasons.form.add'), exact: true }).click();
  await expect(dialog.getByTestId('needs-work-reasons').getByTestId('reason-row')).toContainText('Noise');
  await expect(dialog.getByTestId('needs-work-reasons')).toContainText('−1');
  await expect(t.getByRole('dialog')).toHaveCSS('opacity', '1');
  expect(await violations(t)).toEqual([]);
  await t.keyboard.press('Escape');
  await expect(t.getByRole('dialog')).toHaveCount(0);

  // Apart from the others; a tap takes the coin back, and the student reads the reason.
  await expect(t.getByTestId('reason-buttons')).not.toContainText('Noise');
  await t.getByRole('checkbox', { name: `Select ${kid.username}` }).check();
  let answer = awardAnswer(t);
  await t.getByTestId('needs-work-buttons').getByRole('button', { name: 'Noise' }).click();
  await expectAwarded(answer);
  await expect(t.getByTestId('award-snackbar')).toContainText(text('en', 'groups.undo.toOne', { username: kid.username, what: text('en', 'groups.undo.reasonAmount', { reason: 'Noise', amount: '−1' }) }));
  await expect(t.getByTestId(`member-coins-${kid.username}`)).toHaveText('2');
  await expect(s.page.getByTestId('notification-banner')).toHaveText(text('en', 'live.reasonTaken_one', { reason: 'Noise', count: 1 }));

  // A number of coins is confirmed first, and its notice offers the undo too.
  await t.getByRole('spinbutton', { name: text('en', 'groups.award.amount') }).fill('2');
  await t.getByRole('button', { name: text('en', 'groups.award.give') }).click();
  answer = awardAnswer(t);
  await t.getByRole('dialog').getByRole('button', { name: text('en', 'common.confirm') }).click();
  await expectAwarded(answer);
  await expect(t.getByTestId('award-snackbar')).toContainText(text('en', 'groups.undo.toOne', { username: kid.username, what: `+${text('en', 'common.coinsAmount_other', { count: 2 })}` }));
  await expect(t.getByTestId(`member-coins-${kid.username}`)).toHaveText('4');
  await t.getByTestId('award-snackbar').getByRole('button', { name: text('en', 'groups.undo.undo') }).click();
  await expect(t.getByTestId('award-snackbar')).toContainText(text('en', 'groups.undo.doneBack', { coins: text('en', 'common.coinsAmount_other', { count: 2 }) }));
  await expect(t.getByTestId(`member-coins-${kid.username}`)).toHaveText('2');

  // Not allowed any more: the button goes (the reason is kept, and said to be).
  await t.getByTestId('edit-reasons-button').click();
  await dialog.getByRole('switch', { name: text('en', 'groups.reasons.needsWorkSwitch') }).uncheck();
  await expect(dialog).toContainText(text('en', 'groups.reasons.needsWorkHidden_one', { count: 1 }));
  await t.keyboard.press('Escape');
  await expect(t.getByTestId('needs-work-buttons')).toHaveCount(0);

  await s.context.close();
  await context.close();
});
