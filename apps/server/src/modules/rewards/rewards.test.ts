import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REWARDS_PER_LIST_MAX } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { rewardListShares } from '../../db/schema/index.ts';
import { buildTestApp, signIn, caller, type Method } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const call = caller(app);

interface Reward {
  id: string;
  name: string;
  description: string;
  price: number;
  active_until?: string | null;
}
interface RewardList {
  id: string;
  name: string;
  user_id: string;
  rewards: Reward[];
  shared_with: string[];
}

/** A teacher with a group, a student, and a reward on a list published to the group. */
async function classroom() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const member = await buildMember(db, group.id);
  const reward = await buildReward(db, teacher.id, { name: 'Extra recess', price: 10 });
  const list = await buildRewardList(db, teacher.id, { rewardIds: [reward.id], publishTo: group.id });
  const cookie = await signIn(app, teacher, 'teacher');
  const memberCookie = await signIn(app, member, 'member');
  return { teacher, group, member, reward, list, cookie, memberCookie };
}

async function otherClassroom() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const member = await buildMember(db, group.id);
  return { teacher, group, member, cookie: await signIn(app, teacher, 'teacher'), memberCookie: await signIn(app, member, 'member') };
}

const shareRewardList = (rewardListId: string, teacherId: string) => db.insert(rewardListShares).values({ rewardListId, teacherId });

describe('rewards: who may call what', () => {
  it('refuses nobody, a student, another teacher and another group\'s student on every reward route, and changes nothing', async () => {
    const c = await classroom();
    const o = await otherClassroom();
    const ALLOWED = null;
    const reward = { name: 'Hijack', description: 'x', price: 1 };
    // method, url, body, another teacher's code, this group's student's code, another group's student's code
    const routes: [Method, string, object | undefined, string, string | null, string][] = [
      ['GET', `/api/rewards/${c.teacher.id}`, undefined, 'USER.NOT_YOU', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['GET', `/api/rewards/${c.group.id}`, undefined, 'GROUP.NOT_YOUR_GROUP', ALLOWED, 'USER.NOT_YOU'],
      ['GET', `/api/rewards/shared/${c.group.id}`, undefined, 'GROUP.NOT_YOUR_GROUP', ALLOWED, 'USER.NOT_YOU'],
      ['POST', '/api/reward', { id: c.teacher.id, reward }, 'USER.NOT_YOU', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['PUT', `/api/reward/${c.reward.id}`, { reward }, 'REWARD.NOT_YOUR_REWARD', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['DELETE', `/api/reward/${c.reward.id}`, undefined, 'REWARD.NOT_YOUR_REWARD', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['GET', `/api/rewardlists/${c.teacher.id}`, undefined, 'USER.NOT_YOU', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['POST', '/api/rewardlist', { id: c.teacher.id, name: 'Hijack' }, 'USER.NOT_YOU', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['DELETE', `/api/rewardlist/${c.list.id}`, undefined, 'REWARD.NOT_YOUR_REWARDLIST', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['PUT', '/api/rewardlist', { rewardlist_id: c.list.id, reward_id: c.reward.id }, 'REWARD.NOT_YOUR_REWARDLIST', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['DELETE', '/api/rewardlist', { rewardlist_id: c.list.id, reward_id: c.reward.id }, 'REWARD.NOT_YOUR_REWARDLIST', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['POST', `/api/rewardlist/${c.list.id}/copy`, { userId: o.teacher.id }, 'REWARD.NOT_YOUR_REWARDLIST', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['POST', `/api/rewardlist/${c.list.id}/copy`, { userId: c.teacher.id }, 'USER.NOT_YOU', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['PUT', `/api/group/${c.group.id}/rewardlist/${c.list.id}`, undefined, 'GROUP.NOT_YOUR_GROUP', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['PUT', `/api/group/${c.group.id}/rewardlist/reset`, undefined, 'GROUP.NOT_YOUR_GROUP', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
    ];
    for (const [method, url, body, teacherCode, studentCode, strangerCode] of routes) {
      const anon = await call(method, url, undefined, body);
      expect([method, url, anon.statusCode, anon.json().errorCode]).toEqual([method, url, 401, 'AUTH.NO_AUTH']);
      const other = await call(method, url, o.cookie, body);
      expect([method, url, other.json().errorCode]).toEqual([method, url, teacherCode]);
      expect(other.statusCode).toBeGreaterThanOrEqual(403);
      if (studentCode) {
        const student = await call(method, url, c.memberCookie, body);
        expect([method, url, student.statusCode, student.json().errorCode]).toEqual([method, url, 403, studentCode]);
      }
      const stranger = await call(method, url, o.memberCookie, body);
      expect([method, url, stranger.statusCode, stranger.json().errorCode]).toEqual([method, url, 403, strangerCode]);
    }
    // Another teacher's own ids do not reach this teacher's rewards either.
    const oList = await buildRewardList(db, o.teacher.id);
    const mixed = await call('PUT', '/api/rewardlist', o.cookie, { rewardlist_id: oList.id, reward_id: c.reward.id });
    expect([mixed.statusCode, mixed.json().errorCode]).toEqual([403, 'REWARD.NOT_YOUR_REWARD']);
    const publishForeign = await call('PUT', `/api/group/${o.group.id}/rewardlist/${c.list.id}`, o.cookie);
    expect([publishForeign.statusCode, publishForeign.json().errorCode]).toEqual([403, 'REWARD.NOT_YOUR_REWARDLIST']);

    const lists: RewardList[] = (await call('GET', `/api/rewardlists/${c.teacher.id}`, c.cookie)).json();
    expect(lists).toHaveLength(1);
    expect(lists[0]).toMatchObject({ id: c.list.id, rewards: [{ id: c.reward.id, name: 'Extra recess', price: 10 }] });
    const groups = (await call('GET', `/api/groups/${c.teacher.id}`, c.cookie)).json();
    expect(groups[0].shared_reward_list).toBe(c.list.id);
    expect((await call('GET', `/api/rewards/${o.teacher.id}`, o.cookie)).json()).toEqual([]);
    expect((await call('GET', `/api/rewardlists/${o.teacher.id}`, o.cookie)).json()).toHaveLength(1);
  });

  it('answers ids that are not well formed or not there', async () => {
    const c = await classroom();
    const missing = '00000000-0000-4000-8000-000000000000';
    const cases: [Method, string, object | undefined, number, string][] = [
      ['PUT', '/api/reward/nope', { reward: { price: 1 } }, 400, 'REWARD.INVALID_REWARD_ID'],
      ['PUT', `/api/reward/${missing}`, { reward: { price: 1 } }, 404, 'REWARD.REWARD_NOT_FOUND'],
      ['DELETE', `/api/reward/${missing}`, undefined, 404, 'REWARD.REWARD_NOT_FOUND'],
      ['DELETE', '/api/rewardlist/nope', undefined, 400, 'REWARD.INVALID_REWARDLIST_ID'],
      ['DELETE', `/api/rewardlist/${missing}`, undefined, 404, 'REWARD.REWARDLIST_NOT_FOUND'],
      ['PUT', '/api/rewardlist', { rewardlist_id: c.list.id, reward_id: missing }, 404, 'REWARD.REWARD_NOT_FOUND'],
      ['PUT', '/api/rewardlist', { rewardlist_id: missing, reward_id: c.reward.id }, 404, 'REWARD.REWARDLIST_NOT_FOUND'],
      ['POST', `/api/rewardlist/${missing}/copy`, { userId: c.teacher.id }, 404, 'REWARD.REWARDLIST_NOT_FOUND'],
      ['PUT', `/api/group/${c.group.id}/rewardlist/nope`, undefined, 400, 'REWARD.INVALID_REWARDLIST_ID'],
      ['PUT', `/api/group/${c.group.id}/rewardlist/${missing}`, undefined, 404, 'REWARD.REWARDLIST_NOT_FOUND'],
      ['PUT', `/api/group/${missing}/rewardlist/${c.list.id}`, undefined, 404, 'GROUP.GROUP_NOT_FOUND'],
      ['GET', `/api/rewards/shared/${missing}`, undefined, 404, 'GROUP.GROUP_NOT_FOUND'],
      ['GET', `/api/rewards/${missing}`, undefined, 403, 'USER.NOT_YOU'],
      ['GET', '/api/rewards/nope', undefined, 400, 'USER.INVALID_USER_ID'],
    ];
    for (const [method, url, body, status, code] of cases) {
      const res = await call(method, url, c.cookie, body);
      expect([method, url, res.statusCode, res.json().errorCode]).toEqual([method, url, status, code]);
    }
  });
});

describe('rewards: the teacher\'s rewards', () => {
  it('creates, reads, changes and deletes rewards', async () => {
    const c = await classroom();
    const created = await call('POST', '/api/reward', c.cookie, { id: c.teacher.id, reward: { name: '  Pick a song  ', description: ' For the break ', price: 0 } });
    expect(created.statusCode).toBe(201);
    const song: Reward = created.json();
    expect(song).toMatchObject({ name: 'Pick a song', description: 'For the break', price: 0 });
    expect(song).not.toHaveProperty('active_until');

    const all: Reward[] = (await call('GET', `/api/rewards/${c.teacher.id}`, c.cookie)).json();
    expect(all.map((r) => r.name)).toEqual(['Extra recess', 'Pick a song']);

    const changed = await call('PUT', `/api/reward/${song.id}`, c.cookie, { reward: { price: 999 } });
    expect(changed.json()).toMatchObject({ id: song.id, name: 'Pick a song', description: 'For the break', price: 999 });
    const renamed = await call('PUT', `/api/reward/${song.id}`, c.cookie, { reward: { name: 'Pick two songs', description: 'Longer break', price: 12 } });
    expect(renamed.json()).toMatchObject({ name: 'Pick two songs', description: 'Longer break', price: 12 });

    expect((await call('DELETE', `/api/reward/${c.reward.id}`, c.cookie)).json()).toEqual({ ok: true });
    expect(((await call('GET', `/api/rewards/${c.teacher.id}`, c.cookie)).json() as Reward[]).map((r) => r.id)).toEqual([song.id]);
    // Out of the published list too.
    expect((await call('GET', `/api/rewards/shared/${c.group.id}`, c.memberCookie)).json()).toEqual([]);
  });

  const long = 'x'.repeat(41);
  it.each([
    [{ name: '', description: 'd', price: 1 }, 'REWARD.REWARD_NAME_REQUIRED', 'reward.name'],
    [{ name: '   ', description: 'd', price: 1 }, 'REWARD.REWARD_NAME_REQUIRED', 'reward.name'],
    [{ description: 'd', price: 1 }, 'REWARD.REWARD_NAME_REQUIRED', 'reward.name'],
    [{ name: long, description: 'd', price: 1 }, 'REWARD.REWARD_NAME_TOO_LONG', 'reward.name'],
    [{ name: 'n', description: '', price: 1 }, 'REWARD.REWARD_DESCRIPTION_REQUIRED', 'reward.description'],
    [{ name: 'n', description: '  ', price: 1 }, 'REWARD.REWARD_DESCRIPTION_REQUIRED', 'reward.description'],
    [{ name: 'n', price: 1 }, 'REWARD.REWARD_DESCRIPTION_REQUIRED', 'reward.description'],
    [{ name: 'n', description: 'd'.repeat(501), price: 1 }, 'VALIDATION.INVALID_INPUT', 'reward.description'],
    [{ name: 'n', description: 'd', price: -1 }, 'REWARD.REWARD_PRICE_MUST_BE_GREATER_THAN_ZERO', 'reward.price'],
    [{ name: 'n', description: 'd', price: 1000 }, 'REWARD.REWARD_PRICE_MUST_BE_GREATER_THAN_ZERO', 'reward.price'],
    [{ name: 'n', description: 'd', price: 2.5 }, 'REWARD.REWARD_PRICE_MUST_BE_GREATER_THAN_ZERO', 'reward.price'],
    [{ name: 'n', description: 'd', price: '5' }, 'REWARD.REWARD_PRICE_MUST_BE_GREATER_THAN_ZERO', 'reward.price'],
    [{ name: 'n', description: 'd' }, 'REWARD.REWARD_PRICE_MUST_BE_GREATER_THAN_ZERO', 'reward.price'],
  ])('refuses the reward %j with %s, on create and on change', async (reward, code, field) => {
    const c = await classroom();
    const created = await call('POST', '/api/reward', c.cookie, { id: c.teacher.id, reward });
    expect([created.statusCode, created.json().errorCode, created.json().field]).toEqual([400, code, field]);
    if (Object.keys(reward).length === 3) {
      const changed = await call('PUT', `/api/reward/${c.reward.id}`, c.cookie, { reward });
      expect([changed.statusCode, changed.json().errorCode]).toEqual([400, code]);
    }
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from rewards`);
    expect(row?.n).toBe(1);
    expect((await call('GET', `/api/rewards/${c.teacher.id}`, c.cookie)).json()).toMatchObject([{ name: 'Extra recess', description: 'Something nice', price: 10 }]);
  });

  it('takes a name of exactly 40 characters and the prices 0 and 999', async () => {
    const c = await classroom();
    for (const [name, price] of [['y'.repeat(40), 0], ['z', 999]] as const) {
      const res = await call('POST', '/api/reward', c.cookie, { id: c.teacher.id, reward: { name, description: 'd', price } });
      expect([res.statusCode, res.json().name, res.json().price]).toEqual([201, name, price]);
    }
  });
});

describe('reward lists', () => {
  it('creates lists, adds and removes rewards in order, and deletes a list but not its rewards', async () => {
    const c = await classroom();
    const created = await call('POST', '/api/rewardlist', c.cookie, { id: c.teacher.id, name: '  Friday  ' });
    expect(created.statusCode).toBe(201);
    const friday: RewardList = created.json();
    expect(friday).toMatchObject({ name: 'Friday', user_id: c.teacher.id, rewards: [], shared_with: [] });
    for (const name of ['', '   ']) {
      const bad = await call('POST', '/api/rewardlist', c.cookie, { id: c.teacher.id, name });
      expect([bad.statusCode, bad.json().errorCode, bad.json().field]).toEqual([400, 'REWARD.REWARD_NAME_REQUIRED', 'name']);
    }
    const tooLong = await call('POST', '/api/rewardlist', c.cookie, { id: c.teacher.id, name: 'L'.repeat(41) });
    expect(tooLong.json().errorCode).toBe('REWARD.REWARD_NAME_TOO_LONG');

    const a = await buildReward(db, c.teacher.id, { name: 'A' });
    const b = await buildReward(db, c.teacher.id, { name: 'B' });
    await call('PUT', '/api/rewardlist', c.cookie, { rewardlist_id: friday.id, reward_id: b.id });
    await call('PUT', '/api/rewardlist', c.cookie, { rewardlist_id: friday.id, reward_id: a.id });
    const again = await call('PUT', '/api/rewardlist', c.cookie, { rewardlist_id: friday.id, reward_id: b.id });
    expect((again.json() as RewardList).rewards.map((r) => r.name)).toEqual(['B', 'A']);

    const removed = await call('DELETE', '/api/rewardlist', c.cookie, { rewardlist_id: friday.id, reward_id: b.id });
    expect((removed.json() as RewardList).rewards.map((r) => r.name)).toEqual(['A']);
    const removedAgain = await call('DELETE', '/api/rewardlist', c.cookie, { rewardlist_id: friday.id, reward_id: b.id });
    expect((removedAgain.json() as RewardList).rewards.map((r) => r.name)).toEqual(['A']);

    const lists: RewardList[] = (await call('GET', `/api/rewardlists/${c.teacher.id}`, c.cookie)).json();
    expect(lists.map((l) => [l.name, l.rewards.length])).toEqual([[c.list.name, 1], ['Friday', 1]]);

    expect((await call('DELETE', `/api/rewardlist/${c.list.id}`, c.cookie)).json()).toEqual({ ok: true });
    expect(((await call('GET', `/api/rewardlists/${c.teacher.id}`, c.cookie)).json() as RewardList[]).map((l) => l.name)).toEqual(['Friday']);
    expect(((await call('GET', `/api/rewards/${c.teacher.id}`, c.cookie)).json() as Reward[])).toHaveLength(3);
    // The group published the deleted list: it now publishes none.
    expect((await call('GET', `/api/groups/${c.teacher.id}`, c.cookie)).json()[0].shared_reward_list).toBeNull();
    expect((await call('GET', `/api/rewards/${c.group.id}`, c.memberCookie)).json()).toEqual([]);
  });

  it(`holds at most ${REWARDS_PER_LIST_MAX} rewards`, async () => {
    const c = await classroom();
    const list = await buildRewardList(db, c.teacher.id);
    for (let i = 0; i < REWARDS_PER_LIST_MAX; i++) {
      const r = await buildReward(db, c.teacher.id);
      await db.execute(sql`insert into reward_list_items (reward_list_id, reward_id) values (${list.id}, ${r.id})`);
    }
    const over = await call('PUT', '/api/rewardlist', c.cookie, { rewardlist_id: list.id, reward_id: c.reward.id });
    expect([over.statusCode, over.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
    const full = await call('PUT', '/api/rewardlist', c.cookie, { rewardlist_id: c.list.id, reward_id: (await buildReward(db, c.teacher.id)).id });
    expect(full.statusCode).toBe(200);
  });

  it('answers a database failure of a copy with COPY_REWARDLIST_FAILED and no SQL, parameters or stack, and copies nothing', async () => {
    const c = await classroom();
    // A real failure of the copy's own insert (Drizzle's error names the statement and its parameters).
    await db.execute(sql`alter table reward_lists add constraint test_refuse_copy check (name <> 'Refused by the database') not valid`);
    try {
      const res = await call('POST', `/api/rewardlist/${c.list.id}/copy`, c.cookie, { userId: c.teacher.id, name: 'Refused by the database' });
      expect([res.statusCode, res.json().errorCode]).toEqual([500, 'REWARD.COPY_REWARDLIST_FAILED']);
      expect(res.body).not.toMatch(/insert|select|reward_lists|\$\d|params|Refused|\n\s*at /i);
    } finally {
      await db.execute(sql`alter table reward_lists drop constraint test_refuse_copy`);
    }
    expect(await queryRows(db, sql`select count(*)::int as n from reward_lists`)).toEqual([{ n: 1 }]);
  });

  it('copies its own list with the same rewards, and a list shared to it with rewards of its own', async () => {
    const c = await classroom();
    const second = await buildReward(db, c.teacher.id, { name: 'Second', price: 3 });
    await call('PUT', '/api/rewardlist', c.cookie, { rewardlist_id: c.list.id, reward_id: second.id });

    const own = await call('POST', `/api/rewardlist/${c.list.id}/copy`, c.cookie, { userId: c.teacher.id });
    expect(own.statusCode).toBe(201);
    const ownCopy: RewardList = own.json();
    expect(ownCopy.id).not.toBe(c.list.id);
    expect(ownCopy.name).toBe(c.list.name);
    expect(ownCopy.rewards.map((r) => r.id)).toEqual([c.reward.id, second.id]);
    const named = await call('POST', `/api/rewardlist/${c.list.id}/copy`, c.cookie, { userId: c.teacher.id, name: 'Copy of it' });
    expect(named.json().name).toBe('Copy of it');

    const o = await otherClassroom();
    const refused = await call('POST', `/api/rewardlist/${c.list.id}/copy`, o.cookie, { userId: o.teacher.id });
    expect([refused.statusCode, refused.json().errorCode]).toEqual([403, 'REWARD.NOT_YOUR_REWARDLIST']);
    await shareRewardList(c.list.id, o.teacher.id);
    const shared = await call('POST', `/api/rewardlist/${c.list.id}/copy`, o.cookie, { userId: o.teacher.id });
    expect(shared.statusCode).toBe(201);
    const sharedCopy: RewardList = shared.json();
    expect(sharedCopy.user_id).toBe(o.teacher.id);
    expect(sharedCopy.rewards.map((r) => [r.name, r.description, r.price])).toEqual([
      ['Extra recess', 'Something nice', 10],
      ['Second', 'Something nice', 3],
    ]);
    expect(sharedCopy.rewards.map((r) => r.id)).not.toContain(c.reward.id);
    const theirs: Reward[] = (await call('GET', `/api/rewards/${o.teacher.id}`, o.cookie)).json();
    expect(theirs.map((r) => r.id).sort()).toEqual(sharedCopy.rewards.map((r) => r.id).sort());
    // The owner sees whom it is shared with; the recipient may copy but not change it.
    expect(((await call('GET', `/api/rewardlists/${c.teacher.id}`, c.cookie)).json() as RewardList[])[0]?.shared_with).toEqual([o.teacher.username]);
    for (const [method, url, body] of [
      ['DELETE', `/api/rewardlist/${c.list.id}`, undefined],
      ['DELETE', '/api/rewardlist', { rewardlist_id: c.list.id, reward_id: c.reward.id }],
      ['PUT', `/api/group/${o.group.id}/rewardlist/${c.list.id}`, undefined],
    ] as const) {
      const res = await call(method, url, o.cookie, body);
      expect([url, res.statusCode, res.json().errorCode]).toEqual([url, 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);
    }
  });

  it('publishes one list per group, replaces it, and resets to none', async () => {
    const c = await classroom();
    const other = await buildReward(db, c.teacher.id, { name: 'Other', price: 2 });
    const second = await buildRewardList(db, c.teacher.id, { rewardIds: [other.id] });

    const published = await call('PUT', `/api/group/${c.group.id}/rewardlist/${second.id}`, c.cookie);
    expect([published.statusCode, published.json().shared_reward_list]).toEqual([200, second.id]);
    const forMember: Reward[] = (await call('GET', `/api/rewards/shared/${c.group.id}`, c.memberCookie)).json();
    expect(forMember).toEqual([expect.objectContaining({ id: other.id, name: 'Other', price: 2, active_until: null })]);
    expect((await call('GET', `/api/rewards/${c.group.id}`, c.memberCookie)).json()).toEqual(forMember);
    expect((await call('GET', `/api/rewards/${c.group.id}`, c.cookie)).json()).toEqual(forMember);

    const again = await call('PUT', `/api/group/${c.group.id}/rewardlist/${second.id}`, c.cookie);
    expect(again.json().shared_reward_list).toBe(second.id);
    const reset = await call('PUT', `/api/group/${c.group.id}/rewardlist/reset`, c.cookie);
    expect([reset.statusCode, reset.json().shared_reward_list]).toEqual([200, null]);
    expect((await call('GET', `/api/rewards/shared/${c.group.id}`, c.memberCookie)).json()).toEqual([]);
    expect((await call('GET', `/api/rewards/${c.group.id}`, c.cookie)).json()).toEqual([]);
  });
});
