import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type APIRequestContext } from '@playwright/test';
import { createTeacher, createGroup, joinGroup } from '../support/api.ts';
import { text } from '../support/locales.ts';
import { writeQrVideo } from '../support/qr-video.ts';

/** Issues a new badge for one student as its teacher, through the API; answers the badge's link. */
async function issueBadge(request: APIRequestContext, teacher: { username: string; password: string }, groupId: string, username: string): Promise<string> {
  const login = await request.post('/api/login/admin', { data: { loginName: teacher.username, password: teacher.password } });
  expect(login.status(), await login.text()).toBe(200);
  const members: { id: string; username: string }[] = await (await request.get(`/api/group/${groupId}/members`)).json();
  const member = members.find((m) => m.username === username);
  expect(member, `${username} in the group`).toBeTruthy();
  const issued = await request.post(`/api/group/${groupId}/badges`, { data: { member_ids: [member?.id] } });
  expect(issued.status(), await issued.text()).toBe(200);
  const [badge] = await issued.json();
  await request.get('/api/logout');
  expect(badge.url).toMatch(/\/student\/badge#[\w-]{24,}$/);
  return badge.url as string;
}

/** The badge's link as a path with its fragment, for a page of the test's own server. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.hash;
}

test('a child signs in by showing its badge to the camera', async ({ request, baseURL }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const kid = await joinGroup(request, group.name);
  const url = await issueBadge(request, teacher, group.id, kid.username);

  // The camera sees the badge's QR code: a recorded video played by Chromium's fake camera.
  const video = join(mkdtempSync(join(tmpdir(), 'kolikko-badge-')), 'badge.y4m');
  writeQrVideo(video, url);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Every camera stream the page opens, to see that each is stopped again.
    await page.addInitScript(() => {
      const streams: MediaStream[] = [];
      Object.assign(window, { cameraStreams: streams });
      const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await open(constraints);
        streams.push(stream);
        return stream;
      };
    });
    const camerasOff = () =>
      page.evaluate(() => {
        const streams: MediaStream[] = Reflect.get(window, 'cameraStreams');
        return streams.length > 0 && streams.every((stream) => stream.getTracks().every((track) => track.readyState === 'ended'));
      });
    await page.goto('/student/login');
    const scan = page.getByRole('button', { name: text('en', 'auth.badge.open') });
    const scanner = page.getByRole('dialog', { name: text('en', 'auth.badge.title') });

    // Opened and closed again before the badge is shown: the camera goes off with the dialog.
    await page.route('**/api/login/badge', (route) => route.abort());
    await scan.click();
    await expect(scanner.getByTestId('badge-scanner')).toHaveAttribute('data-state', /looking|signingIn|error/);
    await page.keyboard.press('Escape');
    await expect(scanner).toBeHidden();
    await expect.poll(camerasOff).toBe(true);
    await page.unroute('**/api/login/badge');

    // Shown the badge, the camera may sign the child in before the dialog is seen: the home page is what counts.
    await scan.click();
    await expect(page).toHaveURL('/student/home');
    await expect(scanner).toBeHidden();
    await expect(page.getByText(kid.username).first()).toBeVisible();
    await expect.poll(camerasOff).toBe(true);
  } finally {
    await browser.close();
  }
});

test('a badge link signs in at once and leaves no secret in the address; a reissued badge stops working', async ({ browser, request }) => {
  const teacher = await createTeacher(request);
  const group = await createGroup(request, teacher);
  const kid = await joinGroup(request, group.name);
  const first = await issueBadge(request, teacher, group.id, kid.username);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(pathOf(first));
  await expect(page).toHaveURL('/student/home');
  await expect(page.getByText(kid.username).first()).toBeVisible();
  expect(page.url()).not.toContain('#');
  await context.close();

  // A new badge for the same student: the one printed before no longer signs in.
  await issueBadge(request, teacher, group.id, kid.username);
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(pathOf(first));
  await expect(again).toHaveURL('/student/login');
  await expect(again.getByText(text('en', 'auth.badge.linkFailed'))).toBeVisible();
  expect(again.url()).not.toContain('#');
  await other.close();
});
