import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createClassroom, createTeacher } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { signedInPage } from '../support/session.ts';
import { shoot } from '../support/shots.ts';

/**
 * Issue 34's co-teachers in the browser: the owner invites another teacher from the group's
 * settings, the invitee accepts on its home page, teaches the group (marked as co-taught, with no
 * owner's controls) and awards from its own purse; the owner removes it and its screens lose the
 * group at once. COTEACHING_SHOTS=<dir> also saves the three screens at 1280 and 390 px in both languages.
 */
const SHOTS = process.env.COTEACHING_SHOTS;

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}: ${node.html}`));
}

const balance = (page: Page) => page.getByTestId('coin-balance').first();

test('an owner invites a co-teacher, who accepts, teaches from its own purse, and loses the group live when removed', async ({ browser, request }) => {
  if (SHOTS) test.setTimeout(600_000);
  const { teacher: owner, group, kid } = await createClassroom(request);
  const substitute = await createTeacher(request);
  const { page: o } = await signedInPage(browser, 'teacher', owner);
  const { page: s } = await signedInPage(browser, 'teacher', substitute);
  const { page: k } = await signedInPage(browser, 'student', kid);

  // The owner invites the substitute by e-mail until a day next week.
  const openSettings = async () => {
    await o.goto('/teacher/groups');
    // The item's last button, its settings, in either language.
    await o.getByTestId(`group-item-${group.name}`).getByRole('button').last().click();
    await o.getByTestId('coteachers-section').scrollIntoViewIfNeeded();
    await expect(o.getByTestId('coteachers-section')).toBeInViewport();
  };
  await openSettings();
  const section = o.getByTestId('coteachers-section');
  await expect(section).toContainText(text('en', 'groups.coteaching.none'));
  await section.getByTestId('coteacher-recipient').fill('nobody-such');
  await section.getByTestId('coteacher-invite').click();
  await expect(section.getByTestId('coteacher-error')).toHaveText(text('en', 'errors.USER.USER_NOT_FOUND'));
  const lastDay = new Date(Date.now() + 6 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  await section.getByTestId('coteacher-recipient').fill(substitute.email);
  await section.getByTestId('coteacher-until').fill(lastDay);
  await section.getByTestId('coteacher-invite').click();
  const row = section.getByTestId(`coteacher-${substitute.username}`);
  await expect(row).toContainText(text('en', 'groups.coteaching.invited'));
  expect(await violations(o)).toEqual([]);

  // The substitute sees the invitation on its home page, and accepts.
  await s.goto('/teacher/home');
  const invitation = s.getByTestId(`invitation-${group.name}`);
  await expect(invitation).toContainText(text('en', 'teacher.invitations.text', { owner: owner.username, name: group.name }));
  expect(await violations(s)).toEqual([]);
  await shoot(s, SHOTS, 'invitations');
  await invitation.getByRole('button', { name: text('en', 'teacher.invitations.accept') }).click();
  await expect(s.getByTestId('notification-banner')).toHaveText(text('en', 'success.COTEACHING_ACCEPTED', { name: group.name }));
  await expect(s.getByTestId('coteaching-invitations')).toHaveCount(0);
  // The owner's settings show it accepted, live.
  await expect(row).toContainText(text('en', 'groups.coteaching.accepted'));
  await shoot(o, SHOTS, 'coteachers', openSettings);

  // The substitute teaches the group: marked, with the owner's controls gone.
  await s.goto('/teacher/groups');
  const item = s.getByTestId(`group-item-${group.name}`);
  await expect(item.getByTestId('coteacher-badge')).toHaveText(text('en', 'groups.coteaching.badge', { owner: owner.username }));
  await expect(item.getByRole('button', { name: text('en', 'groups.settings.open', { name: group.name }) })).toHaveCount(0);
  await item.getByRole('button', { name: group.name }).click();
  await expect(s.getByTestId('coteaching-note')).toHaveText(text('en', 'groups.coteaching.withOwner', { owner: owner.username }));
  await expect(s.getByTestId('edit-reasons-button')).toHaveCount(0);
  await expect(s.getByTestId(`member-small-group-${kid.username}`)).not.toHaveRole('button');
  await s.mouse.move(0, 0);
  expect(await violations(s)).toEqual([]);
  await shoot(s, SHOTS, 'cotaught-group');

  // An award comes out of the substitute's own purse; the student hears of it.
  const before = Number((await balance(s).textContent())?.replace(/\D/g, ''));
  await s.getByTestId(`quick-award-${kid.username}`).click();
  await s.getByRole('menuitem', { name: 'Helping others' }).click();
  await expect(balance(s)).toHaveText(new RegExp(`(^|\\D)${before - 1}(\\D|$)`));
  await expect(k.getByTestId('notification-banner')).toHaveText(text('en', 'live.reasonGiven_one', { reason: 'Helping others', count: 1 }));

  // The substitute writes to the class; the student sees who wrote it, marked as a co-teacher's.
  await s.getByTestId('group-chat-button').click();
  await s.getByRole('textbox', { name: 'Message' }).fill('Good morning, I am your substitute today');
  await s.getByRole('textbox', { name: 'Message' }).press('Enter');
  await k.getByRole('button', { name: /^Chat/ }).first().click();
  await k.getByRole('tab', { name: text('en', 'chat.tabGroup') }).click();
  await expect(k.getByTestId('chat-message').filter({ hasText: 'I am your substitute' })).toContainText(text('en', 'chat.byCoteacher', { name: substitute.username }));

  // The owner removes the substitute: its page loses the group at once.
  await row.getByRole('button', { name: text('en', 'groups.coteaching.removeLabel', { username: substitute.username }) }).click();
  await row.getByTestId('coteacher-remove-confirm').click();
  await expect(o.getByTestId('notification-banner')).toHaveText(text('en', 'success.COTEACHER_REMOVED', { username: substitute.username }));
  await expect(s.getByTestId('notification-banner')).toHaveText(text('en', 'teacher.invitations.ended'));
  await expect(s.getByTestId(`group-item-${group.name}`)).toHaveCount(0);
});
