import { describe, expect, it } from 'vitest';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';
import { nextEvent, socketClients } from '../../test/sockets.ts';

/** Issue 32: the picker, teams and the timer the board and the teacher's phone share. */
let now = new Date('2026-12-01T09:00:00Z').getTime();
const { app, database } = await buildTestApp({}, { clock: () => new Date(now) });
const db = database.db;
const call = caller(app);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);

async function classroom(size = 5) {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const members = [];
  for (let i = 0; i < size; i++) members.push(await buildMember(db, group.id));
  return { teacher, group, members, cookie: await signIn(app, teacher, 'teacher') };
}

describe('the random picker', () => {
  it('goes through a class of 5 without a repeat, starts over after, and both screens hear each pick', async () => {
    const c = await classroom();
    const board = await clients.connect(c.cookie);
    const remote = await clients.connect(c.cookie);
    const student = await clients.connect(await signIn(app, c.members[0]!, 'member'));
    const picked: string[] = [];
    for (let i = 0; i < 5; i++) {
      const heard = nextEvent(board, 'toolkit-picked');
      const res = await call('POST', `/api/group/${c.group.id}/pick`, c.cookie, {});
      expect(res.statusCode).toBe(200);
      picked.push(res.json().member_id);
      expect(res.json().picked_today).toEqual(picked);
      expect(await heard).toEqual({ group_id: c.group.id, member_id: res.json().member_id, picked_today: picked });
    }
    expect(new Set(picked)).toEqual(new Set(c.members.map((m) => m.id)));
    expect((await call('GET', `/api/group/${c.group.id}/toolkit`, c.cookie)).json().picked_today).toEqual(picked);
    const sixth = await call('POST', `/api/group/${c.group.id}/pick`, c.cookie, {});
    expect(sixth.json().picked_today).toEqual([sixth.json().member_id]);
    await clients.settle(remote);
    expect(remote.seen.filter((e) => e.event === 'toolkit-picked')).toHaveLength(6);
    await clients.settle(student);
    expect(student.seen.filter((e) => e.event.startsWith('toolkit-'))).toEqual([]);
  });

  it('agrees across screens picking at once: five picks at the same moment are five different students', async () => {
    const c = await classroom();
    const picks = await Promise.all(Array.from({ length: 5 }, () => call('POST', `/api/group/${c.group.id}/pick`, c.cookie)));
    expect(new Set(picks.map((p) => p.json().member_id)).size).toBe(5);
  });

  it('starts over on reset and on a new day, and picks among those online when asked', async () => {
    const c = await classroom(3);
    const first = (await call('POST', `/api/group/${c.group.id}/pick`, c.cookie, {})).json();
    const reset = (await call('POST', `/api/group/${c.group.id}/pick`, c.cookie, { reset: true })).json();
    expect(reset.picked_today).toHaveLength(1);
    now += 24 * 3600 * 1000;
    expect((await call('POST', `/api/group/${c.group.id}/pick`, c.cookie, {})).json().picked_today).toHaveLength(1);
    expect(first.member_id).toBeTruthy();

    const online = c.members[2]!;
    await clients.connect(await signIn(app, online, 'member'));
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', `/api/group/${c.group.id}/pick`, c.cookie, { online_only: true });
      expect(res.json().member_id).toBe(online.id);
    }
    const empty = await classroom(0);
    const none = await call('POST', `/api/group/${empty.group.id}/pick`, empty.cookie, {});
    expect([none.statusCode, none.json().errorCode]).toEqual([404, 'MEMBER.MEMBER_NOT_FOUND']);
  });
});

describe('teams', () => {
  it('makes N teams or teams of N, everyone in one, kept for the board and told to it', async () => {
    const c = await classroom(7);
    const board = await clients.connect(c.cookie);
    const heard = nextEvent(board, 'toolkit-teams');
    const three = (await call('POST', `/api/group/${c.group.id}/teams`, c.cookie, { count: 3 })).json<string[][]>();
    expect(three.map((t) => t.length).sort()).toEqual([2, 2, 3]);
    expect(three.flat().sort()).toEqual(c.members.map((m) => m.id).sort());
    expect(await heard).toEqual({ group_id: c.group.id, teams: three });
    const pairs = (await call('POST', `/api/group/${c.group.id}/teams`, c.cookie, { size: 2 })).json<string[][]>();
    expect(pairs.map((t) => t.length).sort()).toEqual([1, 2, 2, 2]);
    expect((await call('GET', `/api/group/${c.group.id}/toolkit`, c.cookie)).json().teams).toEqual(pairs);
    const both = await call('POST', `/api/group/${c.group.id}/teams`, c.cookie, { count: 2, size: 2 });
    const neither = await call('POST', `/api/group/${c.group.id}/teams`, c.cookie, {});
    const zero = await call('POST', `/api/group/${c.group.id}/teams`, c.cookie, { count: 0 });
    expect([both, neither, zero].map((r) => `${r.statusCode} ${r.json().errorCode}`)).toEqual(Array(3).fill('400 VALIDATION.INVALID_INPUT'));
  });
});

describe('the lesson timer', () => {
  it('starts, pauses, resumes and resets, and the board hears each change', async () => {
    const c = await classroom(1);
    const board = await clients.connect(c.cookie);
    const timer = (body: object) => call('PUT', `/api/group/${c.group.id}/timer`, c.cookie, body);
    const noLength = await timer({ action: 'start' });
    expect([noLength.statusCode, noLength.json().field]).toEqual([400, 'seconds']);
    const heard = nextEvent(board, 'toolkit-timer');
    const started = (await timer({ action: 'start', seconds: 120 })).json();
    expect(started).toEqual({ status: 'running', duration_ms: 120_000, remaining_ms: 120_000, ends_at: new Date(now + 120_000).toISOString() });
    expect(await heard).toEqual({ group_id: c.group.id, timer: started });
    now += 45_000;
    expect((await timer({ action: 'pause' })).json()).toMatchObject({ status: 'paused', remaining_ms: 75_000 });
    now += 600_000;
    expect((await timer({ action: 'start' })).json()).toMatchObject({ status: 'running', remaining_ms: 75_000, ends_at: new Date(now + 75_000).toISOString() });
    now += 80_000;
    // Past its end the timer reads as done.
    expect((await call('GET', `/api/group/${c.group.id}/toolkit`, c.cookie)).json().timer).toEqual({ status: 'idle', duration_ms: 120_000, remaining_ms: 0, ends_at: null });
    expect((await timer({ action: 'reset' })).json()).toEqual({ status: 'idle', duration_ms: 120_000, remaining_ms: 120_000, ends_at: null });
    const tooLong = await timer({ action: 'start', seconds: 3601 });
    expect([tooLong.statusCode, tooLong.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
  });
});

describe('who may use the toolkit', () => {
  it('refuses another teacher, a student of the group, a demo teacher and nobody', async () => {
    const c = await classroom(2);
    const other = await signIn(app, await buildTeacher(db), 'teacher');
    const student = await signIn(app, c.members[0]!, 'member');
    const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: { language: 'en' } });
    const demoCookie = `kolikko_demo=${demo.cookies.find((x) => x.name === 'kolikko_demo')?.value ?? ''}`;
    const asks = (who: string | undefined, headers: Record<string, string> = {}) =>
      Promise.all([
        call('GET', `/api/group/${c.group.id}/toolkit`, who, undefined, headers),
        call('POST', `/api/group/${c.group.id}/pick`, who, {}, headers),
        call('POST', `/api/group/${c.group.id}/teams`, who, { count: 2 }, headers),
        call('PUT', `/api/group/${c.group.id}/timer`, who, { action: 'start', seconds: 60 }, headers),
      ]).then((rs) => [...new Set(rs.map((r) => `${r.statusCode} ${r.json().errorCode}`))]);
    expect(await asks(other)).toEqual(['403 GROUP.NOT_YOUR_GROUP']);
    expect(await asks(demoCookie, { 'x-kolikko-demo-as': 'teacher' })).toEqual(['403 GROUP.NOT_YOUR_GROUP']);
    expect(await asks(student)).toEqual(['403 PERMISSION.INSUFFICIENT_PERMISSIONS']);
    expect(await asks(undefined)).toEqual(['401 AUTH.NO_AUTH']);
    expect((await call('GET', `/api/group/${c.group.id}/toolkit`, c.cookie)).json()).toEqual({
      teams: null,
      timer: { status: 'idle', duration_ms: 0, remaining_ms: 0, ends_at: null },
      picked_today: [],
    });
  });
});

describe('the class board', () => {
  it("shows each student's coins earned today (not a needs-work award, less what was undone), the class's total, and only what the teacher chose", async () => {
    const c = await classroom(0);
    const names = ['oppilas10', 'Oppilas2', 'Äänekäs', 'aino'];
    const kids = [];
    for (const username of names) kids.push(await buildMember(db, c.group.id, { username }));
    const [ten, two, , aino] = kids as [(typeof kids)[0], (typeof kids)[0], (typeof kids)[0], (typeof kids)[0]];
    now = Date.now();
    await call('PUT', '/api/member/coins', c.cookie, { member_id: ten.id, coins: 5 });
    await call('PUT', '/api/member/coins', c.cookie, { member_id: ten.id, coins: -2 });
    const undone = (await call('PUT', '/api/member/coins', c.cookie, { member_id: two.id, coins: 4 })).json().award_id;
    await call('PUT', '/api/member/coins', c.cookie, { member_id: two.id, coins: 3 });
    await call('POST', `/api/award/${undone}/undo`, c.cookie);
    await call('PUT', '/api/member/coins', c.cookie, { member_id: aino.id, coins: 1 });

    const board = (await call('GET', `/api/group/${c.group.id}/board`, c.cookie)).json();
    expect(board).toMatchObject({ group_id: c.group.id, shows: 'today', coins_today: 9 });
    expect(board.members.map((m: { username: string; coins: number }) => [m.username, m.coins])).toEqual([
      ['aino', 1],
      ['Oppilas2', 3],
      ['oppilas10', 5],
      ['Äänekäs', 0],
    ]);
    await call('PUT', `/api/group/${c.group.id}/settings`, c.cookie, { board_shows: 'total' });
    expect((await call('GET', `/api/group/${c.group.id}/board`, c.cookie)).json().members.map((m: { coins: number }) => m.coins)).toEqual([1, 3, 3, 0]);
    const hidden = await call('PUT', `/api/group/${c.group.id}/settings`, c.cookie, { board_shows: 'nothing' });
    expect(hidden.json().board_shows).toBe('nothing');
    expect((await call('GET', `/api/group/${c.group.id}/board`, c.cookie)).json().members.map((m: { coins: number | null }) => m.coins)).toEqual([null, null, null, null]);
    // Tomorrow nothing is earned yet.
    now += 24 * 3600 * 1000;
    await call('PUT', `/api/group/${c.group.id}/settings`, c.cookie, { board_shows: 'today' });
    expect((await call('GET', `/api/group/${c.group.id}/board`, c.cookie)).json().coins_today).toBe(0);
    const stranger = await signIn(app, await buildTeacher(db), 'teacher');
    expect((await call('GET', `/api/group/${c.group.id}/board`, stranger)).json().errorCode).toBe('GROUP.NOT_YOUR_GROUP');
  });
});
