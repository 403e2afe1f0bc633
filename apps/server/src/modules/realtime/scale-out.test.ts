import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../../scripts/free-port.mjs';
import type { ClientToServerEvents, ServerToClientEvents } from '@kolikko/core/events';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';

/**
 * Two server processes on one PostgreSQL database and one Redis: an award made through process A
 * reaches a student's socket on process B. Both services run here and in CI; when either cannot
 * be reached the test is skipped and says why.
 */
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const config = loadConfig();
const PG_URL = config.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = config.redisUrl ?? 'redis://127.0.0.1:6379';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

async function unreachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    return `PostgreSQL at ${PG_URL} is not reachable (${String(err)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    await redis.quit();
  } catch (err) {
    return `Redis at ${REDIS_URL} is not reachable (${String(err)})`;
  }
  return null;
}

interface Node {
  child: ChildProcess;
  base: string;
  stderr: string[];
}

async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  // A child process needs its parent's PATH and the like; the server reads only its own variables.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const node: Node = { child, base: `http://127.0.0.1:${port}`, stderr: [] };
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => node.stderr.push(chunk));
  return node;
}

async function waitHealthy(node: Node): Promise<void> {
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null) throw new Error(`server exited early:\n${node.stderr.join('')}`);
    const ok = await fetch(`${node.base}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not become healthy:\n${node.stderr.join('')}`);
}

async function stopNode(node: Node | undefined): Promise<void> {
  if (!node || node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGTERM');
  const timer = setTimeout(() => node.child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

async function api(node: Node, method: string, path: string, cookie?: string, body?: object) {
  const res = await fetch(`${node.base}/api${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const setCookie = res.headers.get('set-cookie')?.split(';')[0];
  return { status: res.status, json: (await res.json()) as Record<string, unknown>, cookie: setCookie };
}

function open(node: Node, cookie: string): Promise<ClientSocket> {
  const socket: ClientSocket = connect(node.base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function next<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E, where: (p: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    // The typed socket cannot take a listener for a generic event name.
    const s = socket as unknown as Socket;
    const timer = setTimeout(() => reject(new Error(`no ${event} within 15 s`)), 15_000);
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!where(payload)) return;
      clearTimeout(timer);
      s.off(String(event), listener);
      resolve(payload);
    };
    s.on(String(event), listener);
  });
}

const sockets: ClientSocket[] = [];
let skipReason: string | null = null;
let dbName: string | undefined;
let a: Node | undefined;
let b: Node | undefined;

beforeAll(async () => {
  skipReason = await unreachable();
  if (skipReason) {
    process.stderr.write(`scale-out test skipped: ${skipReason}\n`);
    return;
  }
  dbName = `kolikko_scaleout_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  // Migrate once here, so the two processes do not race to create the same tables.
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await database.close();
  const env = {
    DATABASE_URL: url.toString(),
    REDIS_URL,
    // Channels of this run only: other runs sharing the Redis stay out of it.
    REDIS_KEY_PREFIX: dbName,
    CAPTCHA: 'off',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
  };
  [a, b] = await Promise.all([startNode(env), startNode(env)]);
  await Promise.all([waitHealthy(a), waitHealthy(b)]);
});

afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await Promise.all([stopNode(a), stopNode(b)]);
  if (dbName) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

describe('two server processes on one database and one Redis', () => {
  it('carry an award, the online count and a logout (sockets and session caches) from one process to the other', async (ctx) => {
    if (skipReason || !a || !b) return ctx.skip(skipReason ?? 'servers did not start');
    const A = a;
    const B = b;

    expect((await api(A, 'POST', '/signup/admin', undefined, { username: 'scaleteacher', email: 'scale@school.test', password: 'secret123' })).status).toBe(201);
    const outbox = (await (await fetch(`${A.base}/api/dev/outbox`)).json()) as { to: string; text: string }[];
    const token = outbox.find((m) => m.to === 'scale@school.test')?.text.match(/token=([\w-]+)/)?.[1];
    expect((await fetch(`${A.base}/api/verify-email?token=${token}`, { redirect: 'manual' })).status).toBe(302);
    const teacherLogin = await api(A, 'POST', '/login/admin', undefined, { loginName: 'scaleteacher', password: 'secret123' });
    const teacherCookie = teacherLogin.cookie ?? '';
    const group = await api(A, 'POST', '/group', teacherCookie, { id: teacherLogin.json.id, group_name: 'Scale class' });
    expect(group.status).toBe(201);
    expect((await api(A, 'POST', '/signup/member', undefined, { username: 'scalestudent', group_name: 'Scale class', password: 'secret123' })).status).toBe(201);
    const memberLogin = await api(B, 'POST', '/login/member', undefined, { loginName: 'scalestudent', password: 'secret123' });
    const memberCookie = memberLogin.cookie ?? '';
    const memberId = String(memberLogin.json.id);

    const teacherOnA = await open(A, teacherCookie);
    const online = next(teacherOnA, 'online-member-count-update', (p) => p.count === 1);
    const memberOnB = await open(B, memberCookie);
    // B counted a socket of its own and told the teachers room, whose socket is on A.
    expect(await online).toEqual({ group_id: group.json.id, count: 1, member_ids: [memberId] });

    const award = next(memberOnB, 'teacher-gave-coins');
    const single = (await api(A, 'PUT', '/member/coins', teacherCookie, { member_id: memberId, coins: 7 })).json;
    expect(single).toMatchObject({ total: 7 });
    expect(await award).toEqual({ member_id: memberId, coins: 7, amount: 7, award_id: single.award_id });

    // A class's award through B crosses Redis as one batch (realtime/emit-many.ts): each student,
    // on either process, gets its own total, and the teacher's socket on A gets every one, once.
    expect((await api(A, 'POST', '/signup/member', undefined, { username: 'scalestudent2', group_name: 'Scale class', password: 'secret123' })).status).toBe(201);
    const secondLogin = await api(A, 'POST', '/login/member', undefined, { loginName: 'scalestudent2', password: 'secret123' });
    const secondId = String(secondLogin.json.id);
    const secondOnA = await open(A, secondLogin.cookie ?? '');
    const teacherHeard: unknown[] = [];
    teacherOnA.on('teacher-gave-coins', (p) => {
      if (p.amount === 2) teacherHeard.push(p);
    });
    const mine = next(memberOnB, 'teacher-gave-coins');
    const theirs = next(secondOnA, 'teacher-gave-coins');
    const batch = await api(B, 'PUT', '/member/coins/batch', teacherCookie, { members: [memberId, secondId], coins: 2 });
    expect(batch.status).toBe(200);
    const awardId = batch.json.award_id;
    expect(await mine).toEqual({ member_id: memberId, coins: 9, amount: 2, award_id: awardId });
    expect(await theirs).toEqual({ member_id: secondId, coins: 2, amount: 2, award_id: awardId });
    await expect.poll(() => teacherHeard.length, { timeout: 15_000 }).toBe(2);
    expect(teacherHeard).toEqual(
      expect.arrayContaining([
        { member_id: memberId, coins: 9, amount: 2, award_id: awardId },
        { member_id: secondId, coins: 2, amount: 2, award_id: awardId },
      ]),
    );

    // Logging out through A disconnects the session's socket on B, and B's session cache, which
    // holds the session from the requests above, forgets it.
    expect((await api(B, 'GET', `/chat/unread/member?userId=${memberId}`, memberCookie)).status).toBe(200);
    const gone = new Promise<string>((resolve) => memberOnB.once('disconnect', resolve));
    await api(A, 'GET', '/logout', memberCookie);
    expect(await gone).toBe('io server disconnect');
    // (The revocation crosses Redis like the disconnect: within milliseconds, not a minute.)
    await expect.poll(async () => (await api(B, 'GET', `/chat/unread/member?userId=${memberId}`, memberCookie)).json.errorCode, { timeout: 15_000 }).toBe('AUTH.NO_AUTH');
  });
});
