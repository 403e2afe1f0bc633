import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';
import { createClassroom } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { signedInPage } from '../support/session.ts';

/** The cues each of the video's caption tracks has loaded (a track loads once it is not 'disabled'). */
async function cueCounts(video: Locator): Promise<number[]> {
  return video.evaluate((element: HTMLVideoElement) =>
    Array.from(element.textTracks).map((track) => {
      if (track.mode === 'disabled') track.mode = 'hidden';
      return track.cues?.length ?? 0;
    }),
  );
}

test('a help popup shows its video in the interface\'s language: nothing of it loads until it is played, then it plays with its captions', async ({ browser, request }) => {
  const { teacher } = await createClassroom(request);
  const { context, page } = await signedInPage(browser, 'teacher', teacher);
  const videoRequests: string[] = [];
  context.on('request', (req) => {
    if (req.url().includes('.webm')) videoRequests.push(req.url());
  });

  await page.goto('/teacher/groups');
  await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Help: groups' });
  await expect(dialog).toBeVisible();
  // The video above the steps, which are still there.
  const video = dialog.locator('video');
  await expect(video).toHaveCount(1);
  await expect(dialog.getByRole('listitem')).toHaveCount(3);
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).toHaveAttribute('poster', '/videos/groups.en.jpg');
  await expect(video).toHaveAttribute('aria-label', 'Video: Help: groups');
  await expect(dialog).not.toContainText('coming soon');
  // The poster is all that loads: the element has no data, and no byte of the video was asked for.
  await expect(dialog.locator('video[poster]')).toBeVisible();
  expect(await video.evaluate((element: HTMLVideoElement) => element.readyState)).toBe(0);
  expect(videoRequests).toEqual([]);

  // axe on the open popup, once its opening transition is over (a half-faded modal has no real contrast).
  await expect(dialog).toHaveCSS('opacity', '1');
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')}`))).toEqual([]);

  // Played (muted, as a page may without a gesture): the English recording loads, and its English captions.
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
  expect(videoRequests.some((url) => url.endsWith('/videos/groups.en.webm'))).toBe(true);
  expect(await video.evaluate((element: HTMLVideoElement) => Array.from(element.textTracks).map((track) => `${track.kind}:${track.language}`))).toEqual([
    'captions:en',
  ]);
  // The interface's language (English) is the track shown.
  expect(await video.evaluate((element: HTMLVideoElement) => Array.from(element.textTracks).find((track) => track.mode === 'showing')?.language)).toBe('en');
  await expect.poll(async () => Math.min(...(await cueCounts(video)))).toBeGreaterThan(0);
  await video.evaluate((element: HTMLVideoElement) => element.pause());
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The home topic: the getting-started video, and the student's side below the steps.
  await page.goto('/teacher/home');
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const home = page.getByRole('dialog', { name: 'Help: getting started' });
  await expect(home.locator('video')).toHaveCount(2);
  await expect(home.locator('video').nth(0)).toHaveAttribute('poster', '/videos/getting-started.en.jpg');
  await expect(home.locator('video').nth(1)).toHaveAttribute('poster', '/videos/student.en.jpg');
  await expect(home.getByRole('heading', { name: 'What your students see' })).toBeVisible();
  for (const element of await home.locator('video').all()) await expect(element).toHaveAttribute('preload', 'none');
  await page.keyboard.press('Escape');

  // The new topics, community and profile, have their own video and steps.
  for (const [path, title, topic] of [
    ['/teacher/community', 'Help: community', 'community'],
    ['/teacher/profile', 'Help: profile', 'profile'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Help', exact: true }).click();
    const popup = page.getByRole('dialog', { name: title });
    await expect(popup.locator('video')).toHaveAttribute('poster', `/videos/${topic}.en.jpg`);
    await expect(popup.getByRole('listitem')).toHaveCount(3);
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  }
  expect(videoRequests.filter((url) => !url.endsWith('/videos/groups.en.webm'))).toEqual([]);
  await context.close();
});

test('switching the language while the page is open shows that language\'s recording, still without loading it', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  const videoRequests: string[] = [];
  context.on('request', (req) => {
    if (req.url().includes('.webm')) videoRequests.push(req.url());
  });
  await page.goto('/');
  const video = page.getByTestId('video-intro');
  await expect(video).toHaveAttribute('poster', '/videos/intro.en.jpg');
  /** The header's EN/FI/SV switch, named in the language shown. */
  const toggle = (shown: 'en' | 'fi' | 'sv') => page.getByRole('group', { name: text(shown, 'language.label') }).first();
  let shown: 'en' | 'fi' | 'sv' = 'en';
  for (const [language, label] of [
    ['fi', 'Suomi'],
    ['en', 'English'],
    ['sv', 'Svenska'],
  ] as const) {
    await toggle(shown).getByRole('button', { name: language.toUpperCase(), exact: true }).click();
    shown = language;
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(video).toHaveAttribute('poster', `/videos/intro.${language}.jpg`);
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video.locator('source')).toHaveAttribute('src', `/videos/intro.${language}.webm`);
    await expect(video.locator('track')).toHaveCount(1);
    await expect(video.locator('track')).toHaveAttribute('src', `/videos/intro.${language}.vtt`);
    await expect(video.locator('track')).toHaveAttribute('srclang', language);
    await expect(video.locator('track')).toHaveAttribute('label', label);
  }
  // Played after the switches: the recording of the language shown last (Swedish), with its captions, and no other.
  expect(videoRequests).toEqual([]);
  await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(2);
  expect(await video.evaluate((element: HTMLVideoElement) => Array.from(element.textTracks).find((track) => track.mode === 'showing')?.language)).toBe('sv');
  await expect.poll(async () => Math.min(...(await cueCounts(video)))).toBeGreaterThan(0);
  expect([...new Set(videoRequests.map((url) => new URL(url).pathname))]).toEqual(['/videos/intro.sv.webm']);
  await context.close();
});

test('the videos are served for playing: byte ranges of each language\'s WebM, captions as text/vtt, a JPEG poster', async ({ request }) => {
  for (const language of ['en', 'fi', 'sv']) {
    const range = await request.get(`/videos/intro.${language}.webm`, { headers: { range: 'bytes=0-99' } });
    expect(range.status()).toBe(206);
    expect(range.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(range.headers()['content-type']).toBe('video/webm');
    expect((await range.body()).length).toBe(100);

    const captions = await request.get(`/videos/intro.${language}.vtt`);
    expect(captions.status()).toBe(200);
    expect(captions.headers()['content-type']).toMatch(/^text\/vtt/);
    expect(await captions.text()).toMatch(/^WEBVTT\n/);

    const poster = await request.get(`/videos/intro.${language}.jpg`);
    expect(poster.status()).toBe(200);
    expect(poster.headers()['content-type']).toBe('image/jpeg');
  }
});
