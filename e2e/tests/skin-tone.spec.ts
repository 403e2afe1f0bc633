import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createClassroom, joinGroup } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { signedInPage } from '../support/session.ts';

/** Issue 33, stumble 13: the skin tone is a choice of its own, and a new face keeps it. */

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** A folder to put screenshots of the editor and the avatars in (both languages, 1280 and 390 px); none: no screenshots. */
const SHOTS = process.env.SKIN_TONE_SHOTS;
/** The first wait after a page load: a busy CI machine may take longer than the usual 15 s to draw it (a hang still fails). */
const loaded = { timeout: 60_000 };

async function shoot(page: Page, name: string, ready: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const lang of ['en', 'fi'] as const) {
    await page.evaluate((language) => window.localStorage.setItem('language', language), lang);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.reload();
      await expect(ready).toBeVisible(loaded);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.evaluate(() => Promise.all(Array.from(document.images).map((img) => (img.complete ? null : new Promise((resolve) => img.addEventListener('load', resolve, { once: true }))))));
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${lang}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
}

/** The colour a character's face picture paints at the middle of the forehead (skin on every face), as #rrggbb. */
async function skinColour(avatar: Locator): Promise<string> {
  return avatar.locator('img').first().evaluate(async (img: HTMLImageElement) => {
    if (!img.complete) await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 200;
    const context = canvas.getContext('2d');
    if (!context) return 'no canvas';
    context.drawImage(img, 0, 0, 200, 200);
    const [r, g, b] = context.getImageData(100, 80, 1, 1).data;
    return `#${[r, g, b].map((n) => (n ?? 0).toString(16).padStart(2, '0')).join('')}`;
  });
}

test('a student picks a skin tone, buys a new face, and keeps the tone; the teacher sees it live', async ({ browser, request }) => {
  const { teacher, group, kid } = await createClassroom(request);
  const { context: t, page: teacherPage } = await signedInPage(browser, 'teacher', teacher);
  const members: { id: string; username: string }[] = await (await t.request.get(`/api/group/${group.id}/members`)).json();
  const kidId = members.find((m) => m.username === kid.username)?.id ?? '';
  expect((await t.request.put('/api/member/coins', { data: { member_id: kidId, coins: 5 } })).status()).toBe(200);
  await teacherPage.goto('/teacher/groups');
  const card = teacherPage.getByTestId(`member-card-${kid.username}`);
  await expect(card).toBeVisible(loaded);

  const { context, page } = await signedInPage(browser, 'student', kid, phone);
  // A new student's tone is drawn at random: tone 7 first would make the choice below no change.
  expect((await page.request.put(`/api/member/${kidId}/skin-tone`, { data: { skin_tone: 'tone-2' } })).status()).toBe(200);
  await page.goto('/student/profile');
  const preview = page.getByTestId('character-preview-picture');
  const tones = page.getByRole('group', { name: text('en', 'character.skinTone.title') });
  await expect(tones.getByRole('radio')).toHaveCount(8, loaded);
  const deep = tones.getByRole('radio', { name: text('en', 'character.skinTone.option', { n: 7, count: 8 }) });
  await deep.check();
  // Shown at once, saved, and said.
  await expect(preview).toHaveAttribute('data-tone', 'tone-7');
  await expect(page.getByRole('status').filter({ hasText: text('en', 'character.skinTone.chosen', { tone: text('en', 'character.skinTone.option', { n: 7, count: 8 }) }) })).toBeAttached();
  await expect.poll(async () => (await (await page.request.get('/api/checkStatus')).json()).skin_tone).toBe('tone-7');
  expect(await skinColour(preview)).toBe('#7e4829');
  // The keyboard moves through the tones as through any radio group.
  await deep.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tones.getByRole('radio', { name: text('en', 'character.skinTone.option', { n: 8, count: 8 }) })).toBeChecked();
  await expect(preview).toHaveAttribute('data-tone', 'tone-8');
  await page.keyboard.press('ArrowLeft');
  await expect(deep).toBeChecked();
  await expect.poll(async () => (await (await page.request.get('/api/checkStatus')).json()).skin_tone).toBe('tone-7');

  // A new face: the skin stays.
  const me = (await (await page.request.get('/api/checkStatus')).json()) as { face: string };
  const path = ['face-03.svg', 'face-11.svg'].find((p) => p !== me.face) ?? '';
  const tile = page.getByTestId(`part-face-${path}`);
  await tile.getByRole('button', { name: /Buy/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: text('en', 'common.confirm') }).click();
  await expect(tile).toHaveAttribute('data-state', 'worn');
  await expect(preview).toHaveAttribute('data-face', path);
  await expect(preview).toHaveAttribute('data-tone', 'tone-7');
  expect(await skinColour(preview)).toBe('#7e4829');
  await expect(deep).toBeChecked();
  // The header's picture too.
  await expect(page.getByTestId('member-avatar').first()).toHaveAttribute('data-tone', 'tone-7');

  // The teacher's members view changed live: the new face, in the student's tone.
  const avatar = card.getByTestId('member-avatar');
  await expect(avatar).toHaveAttribute('data-face', path);
  await expect(avatar).toHaveAttribute('data-tone', 'tone-7');
  expect(await skinColour(avatar)).toBe('#7e4829');

  // In Finnish, the tones are named in Finnish.
  await page.evaluate(() => window.localStorage.setItem('language', 'fi'));
  await page.reload();
  const fiTones = page.getByRole('group', { name: text('fi', 'character.skinTone.title') });
  await expect(fiTones.getByRole('radio', { name: text('fi', 'character.skinTone.option', { n: 7, count: 8 }) })).toBeChecked(loaded);
  await context.close();
  await t.close();
});

test('a teacher picks its own skin tone for free and keeps it with another face', async ({ browser, request }) => {
  const { teacher } = await createClassroom(request);
  const { context, page } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/profile');
  const preview = page.getByTestId('character-preview-picture');
  const tones = page.getByRole('group', { name: text('en', 'character.skinTone.title') });
  await expect(tones).toBeVisible(loaded);
  await tones.getByRole('radio', { name: text('en', 'character.skinTone.option', { n: 2, count: 8 }) }).check();
  await expect(preview).toHaveAttribute('data-tone', 'tone-2');
  await expect.poll(async () => (await (await page.request.get('/api/checkStatus')).json()).skin_tone).toBe('tone-2');
  await page.getByTestId('part-face-face-08.svg').getByRole('button', { name: /Wear/ }).click();
  await expect(preview).toHaveAttribute('data-face', 'face-08.svg');
  await expect(preview).toHaveAttribute('data-tone', 'tone-2');
  expect(await skinColour(preview)).toBe('#fcd2ad');
  await context.close();
});

test('every avatar of a class draws on its own tone: the members view and the board', async ({ browser, request }) => {
  // Screenshots: four pages, each in two languages and two widths.
  if (SHOTS) test.setTimeout(900_000);
  const { teacher, group, kid } = await createClassroom(request);
  const kids = [kid];
  for (let i = 1; i < 8; i++) kids.push(await joinGroup(request, group.name));
  for (const [i, k] of kids.entries()) {
    expect((await request.post('/api/login/member', { data: { loginName: k.username, password: k.password } })).status()).toBe(200);
    const me = await (await request.get('/api/checkStatus')).json();
    expect((await request.put(`/api/member/${me.id}/skin-tone`, { data: { skin_tone: `tone-${i + 1}` } })).status()).toBe(200);
    await request.get('/api/logout');
  }
  const { context, page } = await signedInPage(browser, 'teacher', teacher, {}, '/teacher/groups');
  await expect(page.getByTestId(`member-card-${kid.username}`)).toBeVisible(loaded);
  for (const [i, k] of kids.entries()) {
    await expect(page.getByTestId(`member-card-${k.username}`).getByTestId('member-avatar')).toHaveAttribute('data-tone', `tone-${i + 1}`);
  }
  await shoot(page, 'members', page.getByTestId(`member-card-${kids[7]?.username ?? ''}`));
  await page.goto(`/teacher/board/${group.id}`);
  const tiles = page.getByTestId('board-tile');
  await expect(tiles).toHaveCount(8, loaded);
  const tones = await tiles.locator('[data-tone]').evaluateAll((els) => els.map((el) => el.getAttribute('data-tone')).sort());
  expect(tones).toEqual(['tone-1', 'tone-2', 'tone-3', 'tone-4', 'tone-5', 'tone-6', 'tone-7', 'tone-8']);
  await shoot(page, 'board', tiles.first());
  await page.goto('/teacher/profile');
  await shoot(page, 'teacher-editor', page.getByTestId('skin-tones'));
  await context.close();

  const student = await signedInPage(browser, 'student', kids[5] ?? kid, phone, '/student/profile');
  await expect(student.page.getByTestId('character-preview-picture')).toHaveAttribute('data-tone', 'tone-6', loaded);
  await shoot(student.page, 'student-editor', student.page.getByTestId('skin-tones'));
  await student.context.close();
});
