// The recording machinery of `npm run videos` (scripts/videos/record.mjs): the interface's texts in
// each language (from the app's locale files), the seeding calls of the HTTP API, a page recorder
// on Chromium's screencast (CDP), a visible pointer that moves to what is clicked, steps that carry
// their captions in English, Finnish and Swedish, and the encoding with Debian's ffmpeg. Nothing
// here is part of the app: the pointer is injected into the recorded pages only.
/* global window, document, requestAnimationFrame -- these functions run in the recorded page */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../bench/lib.mjs';
import { api } from '../../bench/web-setup.mjs';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The recorded screen: a laptop's 720p. */
export const VIEWPORT = { width: 1280, height: 720 };

// ---------------------------------------------------------------------------------------------
// The languages: each video is recorded once per language, in that language's interface.

/** The app's languages (packages/core limits.ts LANGUAGES), each with the browser locale it is recorded in. */
export const LANGUAGES = ['en', 'fi', 'sv'];
export const BROWSER_LOCALES = { en: 'en-GB', fi: 'fi-FI', sv: 'sv-FI' };

const locales = Object.fromEntries(LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(join(ROOT, `apps/web/src/locales/${lang}.json`), 'utf8'))]));

/**
 * The text the screen shows for a key in a language (apps/web/src/locales/<lang>.json), with its
 * `{{name}}` values and `_one`/`_other` plural by `count`, tags removed: what a selector names.
 */
export function text(lang, key, vars = {}) {
  const find = (path) => path.split('.').reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), locales[lang]);
  let found = find(key);
  if (typeof found !== 'string' && typeof vars.count === 'number') found = find(`${key}_${new Intl.PluralRules(lang).select(vars.count)}`) ?? find(`${key}_other`);
  if (typeof found !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name) => String(vars[name] ?? `{{${name}}}`)).replace(/<\/?\w+>/g, '');
}

/** A class's group name in the language: "Class 4B", "Luokka 4B", "Klass 4B". */
export function className(lang, code) {
  return `${{ en: 'Class', fi: 'Luokka', sv: 'Klass' }[lang]} ${code}`;
}

/** A regular expression that matches the text literally. */
export function literal(value) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// ---------------------------------------------------------------------------------------------
// Seeding through the HTTP API (as bench/web-setup.mjs does).

export class Api {
  /** Calls in the language (Accept-Language): what the server names for the group, its award reasons, is in it too. */
  constructor(base, language) {
    this.base = base;
    this.language = language;
  }

  call(method, path, options = {}) {
    return api(this.base, method, path, { ...options, headers: { 'accept-language': this.language, ...options.headers } });
  }

  /** The call, which must answer `status`; its JSON body. */
  async ok(status, method, path, options) {
    const res = await this.call(method, path, options);
    if (res.status !== status) throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
    return res;
  }

  /** A verified teacher (signup, the link of the dev outbox), logged in: { username, email, password, id, cookie }. */
  async teacher(username, password = 'video-secret-1') {
    const email = `${username}@school.test`;
    await this.ok(201, 'POST', '/signup/admin', { body: { username, email, password } });
    const outbox = (await this.call('GET', '/dev/outbox')).json;
    const token = outbox
      .filter((m) => m.to === email)
      .at(-1)
      ?.text.match(/verify-email\?token=([^\s&"'<>]+)/)?.[1];
    if (!token) throw new Error(`no verification link for ${email} in the dev outbox`);
    const verified = await fetch(`${this.base}/api/verify-email?token=${token}`, { redirect: 'manual' });
    if (!verified.headers.get('location')?.includes('success=true')) throw new Error(`verification of ${email} failed`);
    return this.login({ username, email, password });
  }

  async login(teacher) {
    const res = await this.ok(200, 'POST', '/login/admin', { body: { loginName: teacher.username, password: teacher.password } });
    return { ...teacher, id: res.json.id, cookie: res.cookie };
  }

  async group(teacher, name) {
    const res = await this.ok(201, 'POST', '/group', { cookie: teacher.cookie, body: { id: teacher.id, group_name: name } });
    return { id: res.json.id, name };
  }

  /** A student who joined the group (member signup), logged in. */
  async student(groupName, username, password = 'carrot12') {
    await this.ok(201, 'POST', '/signup/member', { body: { username, group_name: groupName, password } });
    const res = await this.ok(200, 'POST', '/login/member', { body: { loginName: username, password } });
    return { username, password, id: res.json.id, cookie: res.cookie };
  }

  async members(teacher, groupId) {
    return (await this.ok(200, 'GET', `/group/${groupId}/members`, { cookie: teacher.cookie })).json;
  }

  async award(teacher, memberId, coins) {
    await this.ok(200, 'PUT', '/member/coins', { cookie: teacher.cookie, body: { member_id: memberId, coins } });
  }

  /** A todo list with todos: [text, { reward, answertype, answer }]. */
  async list(teacher, name, todos = []) {
    const list = (await this.ok(201, 'POST', '/todolists', { cookie: teacher.cookie, body: { id: teacher.id, name } })).json;
    for (const [text, updates] of todos) {
      const todo = (
        await this.ok(201, 'POST', '/todo', {
          cookie: teacher.cookie,
          body: { todolist_id: list.id, content_html: `<p>${text}</p>`, content_delta: { ops: [{ insert: `${text}\n` }] } },
        })
      ).json;
      if (updates) await this.ok(200, 'PUT', '/todo', { cookie: teacher.cookie, body: { todo_id: todo.id, updates } });
    }
    return list;
  }

  async share(teacher, groupId, color, listId) {
    await this.ok(200, 'PUT', `/group/${groupId}/todolist/${color}/${listId}`, { cookie: teacher.cookie });
  }

  /** A reward list of new rewards ([name, description, price]), published to the group. */
  async rewards(teacher, groupId, name, rewards) {
    const list = (await this.ok(201, 'POST', '/rewardlist', { cookie: teacher.cookie, body: { id: teacher.id, name } })).json;
    for (const [rewardName, description, price] of rewards) {
      const reward = (await this.ok(201, 'POST', '/reward', { cookie: teacher.cookie, body: { id: teacher.id, reward: { name: rewardName, description, price } } })).json;
      await this.ok(200, 'PUT', '/rewardlist', { cookie: teacher.cookie, body: { rewardlist_id: list.id, reward_id: reward.id } });
    }
    await this.ok(200, 'PUT', `/group/${groupId}/rewardlist/${list.id}`, { cookie: teacher.cookie });
    return list;
  }

  /** Makes a teacher premium through the running server's operator call (as `npm run admin -- premium` does). */
  async premium(dataDir, username) {
    const operator = JSON.parse(readFileSync(join(dataDir, 'operator.json'), 'utf8'));
    await this.ok(200, 'POST', '/operator/premium', { headers: { 'x-kolikko-operator': operator.secret }, body: { username, premium: true } });
  }
}

// ---------------------------------------------------------------------------------------------
// The pointer: a dot drawn over the page by the recording script, moved to each click target.

/** Runs in every recorded document (context.addInitScript): window.__recPointer(x, y, click). */
function pointerScript() {
  const KEY = 'kolikko-recording-pointer';
  const install = () => {
    if (document.getElementById('__rec_pointer')) return;
    const dot = document.createElement('div');
    dot.id = '__rec_pointer';
    dot.setAttribute('aria-hidden', 'true');
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') ?? { x: 640, y: 400 };
    Object.assign(dot.style, {
      position: 'fixed',
      left: `${saved.x}px`,
      top: `${saved.y}px`,
      width: '26px',
      height: '26px',
      margin: '-13px 0 0 -13px',
      borderRadius: '50%',
      background: 'rgba(250, 176, 5, 0.55)',
      border: '3px solid rgba(230, 73, 128, 0.95)',
      boxShadow: '0 0 0 2px rgba(255, 255, 255, 0.9)',
      zIndex: '2147483647',
      pointerEvents: 'none',
      transition: 'left 650ms ease-in-out, top 650ms ease-in-out, transform 180ms ease-out',
    });
    document.documentElement.appendChild(dot);
    window.__recPointer = (x, y, click) => {
      dot.style.left = `${x}px`;
      dot.style.top = `${y}px`;
      sessionStorage.setItem(KEY, JSON.stringify({ x, y }));
      if (click) {
        dot.style.transform = 'scale(0.6)';
        setTimeout(() => {
          dot.style.transform = 'scale(1)';
        }, 220);
      }
    };
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', install);
  else install();
}

/** Before the app's own scripts: the recording's language as the stored choice, and the pointer. */
export async function prepareContext(context, language) {
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
  }, language);
  await context.addInitScript(pointerScript);
}

// ---------------------------------------------------------------------------------------------
// The recorder: Chromium's screencast frames (JPEG, with their timestamps) of whichever page is shown.

export class Recorder {
  constructor() {
    this.frames = [];
    this.cdp = null;
    this.page = null;
    this.origin = null;
    this.cues = [];
    this.posterTime = null;
    this.watchdog = null;
    this.capturing = false;
    // Time spent off screen (a new page loading, the next user being set up) is cut from the video.
    this.paused = false;
    this.pausedSeconds = 0;
  }

  /** The poster is the frame shown now (else one at 60 % of the video). */
  markPoster() {
    this.posterTime = this.now() + 0.3;
  }

  /** Seconds of video since the recording began (time off screen left out). */
  now() {
    return Date.now() / 1000 - this.origin - this.pausedSeconds;
  }

  /** Does something the viewer need not watch (preparing the next page): that time is cut from the video. */
  async offscreen(action) {
    if (this.origin === null) return action();
    const started = Date.now() / 1000;
    this.paused = true;
    try {
      return await action();
    } finally {
      this.pausedSeconds += Date.now() / 1000 - started;
      this.paused = false;
    }
  }

  /** Shows this page from now on (the first call starts the recording). */
  async show(page) {
    if (this.page === page) return;
    await this.stopScreencast();
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
      if (this.cdp === cdp && !this.paused) this.frames.push({ t: (metadata.timestamp ?? Date.now() / 1000) - this.pausedSeconds, data });
      cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
    });
    this.cdp = cdp;
    this.page = page;
    if (this.origin === null) this.origin = Date.now() / 1000;
    await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 85, maxWidth: VIEWPORT.width, maxHeight: VIEWPORT.height, everyNthFrame: 1 });
    // On a loaded machine the screencast sometimes stops sending frames for seconds while the page
    // changes: a screenshot fills in whenever no frame came for a while.
    this.watchdog ??= setInterval(() => {
      const current = this.cdp;
      const last = this.frames.at(-1)?.t ?? 0;
      if (!current || this.paused || this.capturing || Date.now() / 1000 - this.pausedSeconds - last < 0.8) return;
      this.capturing = true;
      current
        .send('Page.captureScreenshot', { format: 'jpeg', quality: 85 })
        .then(({ data }) => {
          if (this.cdp === current && !this.paused) this.frames.push({ t: Date.now() / 1000 - this.pausedSeconds, data });
        })
        .catch(() => {})
        .finally(() => {
          this.capturing = false;
        });
    }, 400);
    // A still page sends no frames: nudge one out so the switch shows at once.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))).catch(() => {});
  }

  async stopScreencast() {
    const cdp = this.cdp;
    if (!cdp) return;
    this.cdp = null;
    await cdp.send('Page.stopScreencast').catch(() => {});
    await cdp.detach().catch(() => {});
  }

  /**
   * One step of the journey: its caption shows from its start until the next step's. Every step
   * carries its caption in all the languages, so a journey recorded in one still has them all.
   */
  async step(caption, action, { minMs = 3800, holdMs = 1400 } = {}) {
    const missing = LANGUAGES.filter((lang) => !caption?.[lang]);
    if (missing.length) throw new Error(`a step has no caption in ${missing.join(', ')}: ${JSON.stringify(caption)}`);
    const started = Date.now();
    this.cues.push({ start: this.now(), caption });
    await action();
    await sleep(holdMs);
    const left = minMs - (Date.now() - started);
    if (left > 0) await sleep(left);
  }

  /** Stops the recording; returns { frames, cues (with ends), duration } in seconds from the start. */
  async finish() {
    const end = this.now();
    clearInterval(this.watchdog);
    this.watchdog = null;
    await this.stopScreencast();
    const cues = this.cues.map((cue, i) => ({ ...cue, end: this.cues[i + 1]?.start ?? end }));
    const frames = this.frames
      .map((f) => ({ t: Math.max(0, f.t - this.origin), data: f.data }))
      .filter((f) => f.t <= end)
      .sort((a, b) => a.t - b.t);
    return { frames, cues, duration: end };
  }
}

// ---------------------------------------------------------------------------------------------
// Doing things visibly.

/** Moves the pointer to the element, waits so the viewer sees where, clicks. */
export async function click(page, locator, { pause = 700 } = {}) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (box) {
    const x = Math.round(box.x + box.width / 2);
    const y = Math.round(box.y + box.height / 2);
    await page.evaluate(([px, py]) => window.__recPointer?.(px, py, false), [x, y]);
    await sleep(pause);
    await page.evaluate(([px, py]) => window.__recPointer?.(px, py, true), [x, y]);
  }
  await locator.click();
}

/** Points at the element without clicking it: at its middle, or at its left end so a number in it stays readable. */
export async function point(page, locator, { pause = 900, side = 'middle' } = {}) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) return;
  const x = side === 'left' ? box.x + Math.min(12, box.width / 4) : box.x + box.width / 2;
  await page.evaluate(([px, py]) => window.__recPointer?.(px, py, false), [Math.round(x), Math.round(box.y + box.height / 2)]);
  await sleep(pause);
}

/** Clicks into the field and types at a readable speed. */
export async function type(page, locator, text, { delay = 55 } = {}) {
  await click(page, locator, { pause: 500 });
  await locator.pressSequentially(text, { delay });
}

// ---------------------------------------------------------------------------------------------
// Writing the files.

function vttTime(seconds) {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** A WebVTT file of the cues in one language. */
export function webvtt(cues, language) {
  const body = cues.map((cue, i) => `${i + 1}\n${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${cue.caption[language]}\n`).join('\n');
  return `WEBVTT\n\n${body}`;
}

/**
 * Encodes the frames (each shown until the next one's time) to WebM VP9 with ffmpeg; a second pass
 * at a lower bitrate when the first comes out over the budget. Returns the file's size in bytes.
 */
export function encode({ frames, duration }, workDir, out, { fps = 8, bitrates = ['240k', '170k', '120k'], maxBytes = 1.9 * 1024 * 1024 } = {}) {
  if (frames.length === 0) throw new Error('no frames were recorded');
  mkdirSync(workDir, { recursive: true });
  const lines = ['ffconcat version 1.0'];
  frames.forEach((frame, i) => {
    const name = `f${String(i).padStart(5, '0')}.jpg`;
    writeFileSync(join(workDir, name), Buffer.from(frame.data, 'base64'));
    const start = i === 0 ? 0 : frame.t;
    const next = frames[i + 1]?.t ?? duration;
    lines.push(`file '${name}'`, `duration ${Math.max(0.001, next - start).toFixed(3)}`);
  });
  // The concat demuxer ignores the last entry's duration unless the file is named again.
  lines.push(`file 'f${String(frames.length - 1).padStart(5, '0')}.jpg'`);
  const list = join(workDir, 'frames.ffconcat');
  writeFileSync(list, `${lines.join('\n')}\n`);
  let size = 0;
  for (const bitrate of bitrates) {
    execFileSync(
      'ffmpeg',
      [
        '-hide_banner', '-loglevel', 'error', '-y',
        '-f', 'concat', '-safe', '0', '-i', list,
        '-vf', `fps=${fps},scale=${VIEWPORT.width}:${VIEWPORT.height}:flags=lanczos,format=yuv420p`,
        '-t', duration.toFixed(3),
        '-c:v', 'libvpx-vp9', '-b:v', bitrate, '-crf', '36', '-deadline', 'good', '-cpu-used', '4', '-row-mt', '1',
        '-g', String(fps * 10), '-an', out,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    size = readFileSync(out).length;
    if (size <= maxBytes) break;
  }
  return size;
}

/** A poster: the frame at `at` seconds, 640 px wide, as a small JPEG. */
export function poster(video, at, out) {
  for (const q of [5, 8, 12]) {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', at.toFixed(2), '-i', video, '-frames:v', '1', '-vf', 'scale=640:-2', '-q:v', String(q), out], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (readFileSync(out).length <= 55 * 1024) break;
  }
}
