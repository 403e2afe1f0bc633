// `npm run videos [-- --lang <en|fi|sv> ...] [topic ...]`: records the product's videos from the real
// app (issues 17 and 37), each in every language's own interface.
//
// Builds the web app into a temporary folder (or uses VIDEOS_WEB_DIST, a build made elsewhere). For
// each language asked (`--lang fi`, `--lang fi,sv`, `--lang fi --lang sv`; all three without it), it
// starts the server from source on a free port with a fresh temporary DATA_DIR and CAPTCHA off,
// seeds each journey's teacher, group, students and lists in that language through the HTTP API,
// plays the journey (scripts/videos/journeys/<topic>.mjs) in Debian's Chromium at 1280×720 with
// real clicks, the browser's locale and the app's stored language set to that language, and writes
// into apps/web/public/videos/:
//   <topic>.<lang>.webm  Chromium's screencast frames at their real times, encoded by ffmpeg (VP9)
//   <topic>.<lang>.vtt   the captions of the journey's steps in that language, at the times they ran
//   <topic>.<lang>.jpg   the poster, a frame of the video
// Needs ffmpeg (Debian: apt-get install ffmpeg) and /usr/bin/chromium. Run it again whenever the
// screens change. The budgets (apps/web/src/lib/videos.test.ts): each video at most 2 MB, each
// language's videos together at most 15 MB, each poster at most 60 KB.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, playwrightCookie } from '../../bench/web-setup.mjs';
import { ROOT, freePort, serverEnv, spawnServer, stopChild, waitForHealthy } from '../../bench/lib.mjs';
import { Api, BROWSER_LOCALES, LANGUAGES, Recorder, VIEWPORT, encode, poster, prepareContext, text, webvtt } from './lib.mjs';

const OUT = join(ROOT, 'apps/web/public/videos');
const TOPICS = ['intro', 'getting-started', 'groups', 'todolists', 'small-groups', 'rewards', 'shop', 'community', 'student', 'profile'];

function requireTool(command, args, hint) {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
  } catch {
    console.error(`${command} is needed: ${hint}`);
    process.exit(1);
  }
}

/** The command line: `--lang <list>` (or `--lang=<list>`, repeatable) and the topics. */
function parseArgs(args) {
  const languages = [];
  const topics = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--lang' || arg.startsWith('--lang=')) {
      const value = arg === '--lang' ? args[++i] : arg.slice('--lang='.length);
      languages.push(...(value ?? '').split(','));
    } else topics.push(arg);
  }
  return { languages, topics };
}

const wanted = parseArgs(process.argv.slice(2));
const unknown = wanted.topics.filter((t) => !TOPICS.includes(t));
if (unknown.length) {
  console.error(`unknown topic(s): ${unknown.join(', ')}; the topics are ${TOPICS.join(', ')}`);
  process.exit(1);
}
const unknownLanguages = wanted.languages.filter((lang) => !LANGUAGES.includes(lang));
if (unknownLanguages.length) {
  console.error(`unknown language(s): ${unknownLanguages.map((lang) => `"${lang}"`).join(', ')}; the languages are ${LANGUAGES.join(', ')}`);
  process.exit(1);
}
const topics = wanted.topics.length ? wanted.topics : TOPICS;
const languages = wanted.languages.length ? LANGUAGES.filter((lang) => wanted.languages.includes(lang)) : LANGUAGES;

requireTool('ffmpeg', ['-hide_banner', '-version'], 'install it with `apt-get install ffmpeg` (Debian)');
if (!existsSync(CHROMIUM)) {
  console.error(`Debian's Chromium is needed at ${CHROMIUM}: apt-get install chromium`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'kolikko-videos-'));
let webDist = process.env.VIDEOS_WEB_DIST;
if (!webDist) {
  webDist = join(work, 'web');
  console.log(`building the web app into ${webDist}`);
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: 'inherit',
  });
}

let server;
let browser;
let cleaning;
let interrupted = false;
/** Stops the server (by its PID) and the browser, and removes the temporary folder; once. */
const cleanup = () =>
  (cleaning ??= (async () => {
    if (server) await stopChild(server);
    await browser?.close().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  })());
process.on('SIGINT', () => {
  interrupted = true;
  cleanup().finally(() => process.exit(130));
});

/** Records the topics in one language, on a server of its own (a fresh DATA_DIR: each language's names are its own). */
async function recordLanguage(lang) {
  const dataDir = join(work, `data-${lang}`);
  mkdirSync(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = spawnServer(
    serverEnv({ PORT: String(port), DATA_DIR: dataDir, CAPTCHA: 'off', LIMITS_EXEMPT_ADDRESSES: '127.0.0.1,::1', RATE_LIMIT_PER_MINUTE: '100000', WEB_DIST: webDist, PUBLIC_URL: base }),
    [],
    { source: true },
  );
  let failed = 0;
  try {
    console.log(`[${lang}] starting the server (pid ${server.pid}) on ${base}`);
    await waitForHealthy(`${base}/healthz`, server, { timeoutMs: 240_000 });
    const api = new Api(base, lang);
    const t = (key, vars) => text(lang, key, vars);
    for (const topic of topics) {
      if (interrupted) break;
      const journey = (await import(`./journeys/${topic}.mjs`)).default;
      const rec = new Recorder();
      const contexts = [];
      /** A page of its own browser context in the language, signed in with the session cookie when one is given. */
      const newPage = async (user) => {
        const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, locale: BROWSER_LOCALES[lang], baseURL: base, bypassCSP: true });
        contexts.push(context);
        await prepareContext(context, lang);
        if (user?.cookie) await context.addCookies([playwrightCookie(user.cookie, base)]);
        return context.newPage();
      };
      const started = Date.now();
      const name = `${topic}.${lang}`;
      try {
        await journey.run({ api, rec, newPage, base, dataDir, lang, t });
        const recording = await rec.finish();
        const file = join(OUT, `${name}.webm`);
        const size = encode(recording, join(work, `frames-${name}`), file);
        const posterAt = rec.posterTime ?? recording.duration * 0.6;
        poster(file, Math.min(posterAt, recording.duration - 0.5), join(OUT, `${name}.jpg`));
        writeFileSync(join(OUT, `${name}.vtt`), webvtt(recording.cues, lang));
        console.log(
          `${name}: ${recording.duration.toFixed(1)} s, ${recording.frames.length} frames, ${recording.cues.length} captions, ` +
            `${(size / 1024).toFixed(0)} KB video, ${(statSync(join(OUT, `${name}.jpg`)).size / 1024).toFixed(0)} KB poster ` +
            `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      } catch (err) {
        failed += 1;
        const shot = join(tmpdir(), `kolikko-videos-${name}-failed.png`);
        await rec.page?.screenshot({ path: shot }).catch(() => {});
        console.error(`${name}: FAILED (${err instanceof Error ? err.message : String(err)}); the page at that moment: ${shot}`);
        await rec.finish().catch(() => {});
      } finally {
        for (const context of contexts) await context.close().catch(() => {});
      }
    }
  } finally {
    await stopChild(server);
    server = undefined;
  }
  const total = readdirSync(OUT)
    .filter((f) => f.endsWith(`.${lang}.webm`))
    .reduce((sum, f) => sum + statSync(join(OUT, f)).size, 0);
  console.log(`[${lang}] all videos: ${(total / 1024 / 1024).toFixed(2)} MB; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  return failed;
}

let failed = false;
try {
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  mkdirSync(OUT, { recursive: true });
  for (const lang of languages) {
    if (interrupted) break;
    if ((await recordLanguage(lang)) > 0) failed = true;
  }
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await cleanup();
}
process.exit(failed ? 1 : 0);
