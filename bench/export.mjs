#!/usr/bin/env node
// The data export (issue 18): what a large class's ZIP costs the server, and whether it holds
// everyone else up while it is made.
//
//   node bench/export.mjs [--students 30] [--todos 30] [--images 5] [--image-px 300] [--rounds 200] [--runs 3] [--pg]
//
// Starts the compiled server (bench/web-setup.mjs startApp: a fresh DATA_DIR on PGlite; with --pg
// a throw-away PostgreSQL database) and seeds, through the API, one teacher with a group of
// --students students, a list of --todos todos (every third a free answer allowing a picture),
// each student's answers, --images answer pictures per student (--image-px square of noise: PNG
// that does not compress, about 270 KB each at 300 px) and --rounds class awards, alternately +1 and -1 (a ledger row
// per student each). Then --runs downloads of the teacher's export, each measuring the time to
// the response's headers (the file being made), to the last byte, the size, and the server's
// RSS before and its peak (VmHWM: the kernel's high-water mark, reset before each run through
// /proc/<pid>/clear_refs) while a student polls GET /api/checkStatus every 50 ms: the slowest
// answer shows how long the export held other requests up. Talks only to 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { createPgDatabase, fmt, memoryMB, sleep, stats, stopOnInterruptOrWatchdog } from './lib.mjs';
import { api, expectOk, signUpTeacher, startApp } from './web-setup.mjs';

const { values: args } = parseArgs({
  options: {
    students: { type: 'string', default: '30' },
    todos: { type: 'string', default: '30' },
    images: { type: 'string', default: '5' },
    'image-px': { type: 'string', default: '300' },
    rounds: { type: 'string', default: '200' },
    runs: { type: 'string', default: '3' },
    pg: { type: 'boolean', default: false },
  },
});
const STUDENTS = Number(args.students);
const TODOS = Number(args.todos);
const IMAGES = Number(args.images);
const ROUNDS = Number(args.rounds);
const IMAGE_PX = Number(args['image-px']);
const RUNS = Number(args.runs);
const PASSWORD = 'carrot12';

const pgDb = args.pg ? await createPgDatabase() : null;
const app = await startApp({ env: pgDb ? { DATABASE_URL: pgDb.url } : {} });
const cleanup = async () => {
  await app.stop();
  await pgDb?.drop();
};
stopOnInterruptOrWatchdog(cleanup, 30 * 60_000);

try {
  console.log(`load average before: ${loadavg().map((n) => n.toFixed(2)).join(' ')}; ${args.pg ? 'PostgreSQL' : 'PGlite'}`);
  const seedStarted = performance.now();
  const base = app.base;
  const teacher = await signUpTeacher(base, 'exportteacher');
  const cookie = teacher.cookie;
  const groupName = 'Export class';
  const group = (await expectOk(api(base, 'POST', '/group', { cookie, body: { id: teacher.id, group_name: groupName } }), 201, 'create group')).json;
  const list = (await expectOk(api(base, 'POST', '/todolists', { cookie, body: { id: teacher.id, name: 'Everything' } }), 201, 'create list')).json;
  for (let i = 0; i < TODOS; i++) {
    const text = `Task ${i + 1}: ${'explain your thinking in full sentences. '.repeat(4)}`;
    const todo = (await expectOk(api(base, 'POST', '/todo', { cookie, body: { todolist_id: list.id, content_html: `<p>${text}</p>`, content_delta: { ops: [{ insert: `${text}\n` }] } } }), 201, 'todo')).json;
    const updates = i % 3 === 0 ? { reward: 1, answertype: 'free', allow_member_image: true } : { reward: 1 };
    await expectOk(api(base, 'PUT', '/todo', { cookie, body: { todo_id: todo.id, updates } }), 200, 'update todo');
  }
  await expectOk(api(base, 'PUT', `/group/${group.id}/todolist/blue/${list.id}`, { cookie }), 200, 'show list');

  const noise = async () => {
    const raw = randomBytes(IMAGE_PX * IMAGE_PX * 3);
    return sharp(raw, { raw: { width: IMAGE_PX, height: IMAGE_PX, channels: 3 } }).png().toBuffer();
  };
  const memberIds = [];
  let studentCookie;
  for (let s = 0; s < STUDENTS; s++) {
    const username = `exportkid${s}`;
    await expectOk(api(base, 'POST', '/signup/member', { body: { username, group_name: groupName, password: PASSWORD } }), 201, 'student signup');
    const login = await expectOk(api(base, 'POST', '/login/member', { body: { loginName: username, password: PASSWORD } }), 200, 'student login');
    studentCookie ??= login.cookie;
    memberIds.push(login.json.id);
    const mine = (await expectOk(api(base, 'GET', `/membertodos?group_id=${group.id}`, { cookie: login.cookie }), 200, 'todos')).json;
    let pictures = 0;
    for (const mt of mine.filter((m) => m.answertype === 'free')) {
      await expectOk(api(base, 'PUT', '/membertodo', { cookie: login.cookie, body: { mtodo_id: mt.id, updates: { member_answer: `My answer to ${mt.id}: ${'because '.repeat(20)}` } } }), 200, 'answer');
      if (pictures++ >= IMAGES) continue;
      const form = new FormData();
      form.append('file', new Blob([await noise()], { type: 'image/png' }), 'answer.png');
      const res = await fetch(`${base}/api/membertodo/${mt.todo_id}/${mt.id}/image`, { method: 'PUT', headers: { cookie: login.cookie }, body: form });
      if (res.status !== 200) throw new Error(`image upload: HTTP ${res.status} ${await res.text()}`);
    }
  }
  for (let r = 0; r < ROUNDS; r++) {
    await expectOk(api(base, 'PUT', '/member/coins/batch', { cookie, body: { members: memberIds, coins: r % 2 === 0 ? 1 : -1 } }), 200, 'award');
  }
  console.log(`seeded in ${fmt((performance.now() - seedStarted) / 1000, 1)} s: ${STUDENTS} students, ${TODOS} todos, ${STUDENTS * Math.min(IMAGES, Math.ceil(TODOS / 3))} answer pictures, ${ROUNDS} class awards`);

  const rows = [];
  for (let run = 0; run < RUNS; run++) {
    writeFileSync(`/proc/${app.child.pid}/clear_refs`, '5');
    const before = memoryMB(app.child.pid);
    let polling = true;
    const probes = [];
    const poller = (async () => {
      while (polling) {
        const t = performance.now();
        await api(base, 'GET', '/checkStatus', { cookie: studentCookie });
        probes.push(performance.now() - t);
        await sleep(50);
      }
    })();
    const started = performance.now();
    const res = await fetch(`${base}/api/admin/${teacher.id}/export`, { headers: { cookie } });
    const headers = performance.now() - started;
    if (res.status !== 200) throw new Error(`export: HTTP ${res.status} ${await res.text()}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    const total = performance.now() - started;
    polling = false;
    await poller;
    const after = memoryMB(app.child.pid);
    rows.push({ headers, total, bytes, rssBefore: before.rss, hwm: after.hwm, probeMax: Math.max(...probes), probeMedian: stats(probes).median, probes: probes.length });
  }
  console.log(`load average after: ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  console.log('| run | file made (to headers) ms | whole download ms | size MB | server RSS before MB | peak RSS during MB | checkStatus during: median / max ms (n) |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  rows.forEach((r, i) =>
    console.log(`| ${i + 1} | ${fmt(r.headers)} | ${fmt(r.total)} | ${fmt(r.bytes / 1048576, 1)} | ${fmt(r.rssBefore)} | ${fmt(r.hwm)} | ${fmt(r.probeMedian)} / ${fmt(r.probeMax)} (${r.probes}) |`),
  );
} finally {
  await cleanup();
}
