import { describe, expect, it } from 'vitest';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher } from '../../test/factories.ts';
import { eventNames, nextEvent, socketClients } from '../../test/sockets.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);

const call = caller(app);

describe('reward live events', () => {
  it("tells a group's members whenever what its shop offers changes, and nobody else", async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const otherGroup = await buildGroup(db, teacher.id);
    const cake = await buildReward(db, teacher.id, { name: 'Cake' });
    const unlisted = await buildReward(db, teacher.id, { name: 'Unlisted' });
    const list = await buildRewardList(db, teacher.id, { rewardIds: [cake.id] });
    const member = await buildMember(db, group.id);
    const neighbour = await buildMember(db, otherGroup.id);
    const teacherCookie = await signIn(app, teacher, 'teacher');
    const memberSocket = await clients.connect(await signIn(app, member, 'member'));
    const neighbourSocket = await clients.connect(await signIn(app, neighbour, 'member'));
    const changed = () => nextEvent(memberSocket, 'teacher-updated-rewards');
    const expected = { group_id: group.id };

    let next = changed();
    expect((await call('PUT', `/api/group/${group.id}/rewardlist/${list.id}`, teacherCookie)).statusCode).toBe(200);
    expect(await next).toEqual(expected);

    next = changed();
    expect((await call('PUT', `/api/reward/${cake.id}`, teacherCookie, { reward: { price: 9 } })).statusCode).toBe(200);
    expect(await next).toEqual(expected);

    next = changed();
    expect((await call('PUT', '/api/rewardlist', teacherCookie, { rewardlist_id: list.id, reward_id: unlisted.id })).statusCode).toBe(200);
    expect(await next).toEqual(expected);

    next = changed();
    expect((await call('DELETE', '/api/rewardlist', teacherCookie, { rewardlist_id: list.id, reward_id: unlisted.id })).statusCode).toBe(200);
    expect(await next).toEqual(expected);

    next = changed();
    expect((await call('DELETE', `/api/reward/${cake.id}`, teacherCookie)).statusCode).toBe(200);
    expect(await next).toEqual(expected);

    next = changed();
    expect((await call('DELETE', `/api/rewardlist/${list.id}`, teacherCookie)).statusCode).toBe(200);
    expect(await next).toEqual(expected);

    next = changed();
    expect((await call('PUT', `/api/group/${group.id}/rewardlist/reset`, teacherCookie)).statusCode).toBe(200);
    expect(await next).toEqual(expected);

    // A reward on no published list changes no shop.
    await call('PUT', `/api/reward/${unlisted.id}`, teacherCookie, { reward: { name: 'Still unlisted' } });
    await clients.settle(memberSocket);
    expect(eventNames(memberSocket).filter((name) => name === 'teacher-updated-rewards')).toHaveLength(7);
    await clients.settle(neighbourSocket);
    expect(eventNames(neighbourSocket)).toEqual([]);
  });
});
