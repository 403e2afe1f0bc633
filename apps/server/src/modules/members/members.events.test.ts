import { afterAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { buildTestApp, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher, giveCoins } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.disconnect()));

async function open(cookie: string): Promise<Socket> {
  const socket = connect(address, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return socket;
}

const next = (socket: Socket, event: string) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 3 s`)), 3000);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/** Collects every event a socket receives, to check what it did not get. */
function record(socket: Socket): string[] {
  const seen: string[] = [];
  socket.onAny((event: string) => seen.push(event));
  return seen;
}

const call = (method: 'PUT' | 'POST', url: string, cookie: string, payload: object) => app.inject({ method, url, headers: { cookie }, payload });

describe('member live events', () => {
  it('tells the teachers of purchases, transfers and character changes, the recipient of its coins, and the student of its teacher\'s change', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const alice = await buildMember(db, group.id);
    const bob = await buildMember(db, group.id);
    const carol = await buildMember(db, group.id);
    await giveCoins(db, teacher.id, alice.id, 20);
    const reward = await buildReward(db, teacher.id, { name: 'Sticker', price: 4 });
    await buildRewardList(db, teacher.id, { rewardIds: [reward.id], publishTo: group.id });
    const teacherCookie = await signIn(app, teacher, 'teacher');
    await call('PUT', `/api/group/${group.id}/settings`, teacherCookie, { trading_allowed: true });
    const aliceCookie = await signIn(app, alice, 'member');
    const teacherSocket = await open(teacherCookie);
    const aliceSocket = await open(aliceCookie);
    const bobSocket = await open(await signIn(app, bob, 'member'));
    const carolSeen = record(await open(await signIn(app, carol, 'member')));

    const purchased = next(teacherSocket, 'member-purchased-reward');
    const bought = (await call('POST', `/api/member/${alice.id}/reward/${reward.id}`, aliceCookie, { price: 4 })).json();
    expect(await purchased).toEqual({
      member_id: alice.id,
      purchase_id: bought.purchase.id,
      reward_id: reward.id,
      name: 'Sticker',
      price: 4,
      active_until: bought.purchase.active_until,
      member_coins: 16,
    });

    const toBob = next(bobSocket, 'member-coins-transfer');
    const toTeacher = next(teacherSocket, 'member-coins-transfer');
    await call('POST', `/api/member/${alice.id}/transfer`, aliceCookie, { recipient: bob.id, amount: 6 });
    const payload = { sender_id: alice.id, sender_username: alice.username, recipient: bob.id, amount: 6, recipient_coins: 6 };
    expect(await toBob).toEqual(payload);
    expect(await toTeacher).toEqual({ ...payload, sender_coins: 10 });

    const unlocked = next(teacherSocket, 'member-settings-update');
    await call('POST', `/api/member/${alice.id}/character/unlock`, aliceCookie, { type: 'face', path: 'face-02.svg' });
    expect(await unlocked).toMatchObject({ id: alice.id, coins: 7, unlocked_faces: ['face-02.svg'], face: null });
    const changed = next(teacherSocket, 'member-settings-update');
    await call('PUT', `/api/member/${alice.id}/character`, aliceCookie, { type: 'face', path: 'face-02.svg' });
    expect(await changed).toMatchObject({ id: alice.id, face: 'face-02.svg', group_id: group.id });

    const byTeacher = next(aliceSocket, 'teacher-updated-member-setting');
    await call('PUT', `/api/member/${alice.id}/character`, teacherCookie, { type: 'hair', path: 'hair-01.svg' });
    expect(await byTeacher).toMatchObject({ id: alice.id, face: 'face-02.svg', hair: 'hair-01.svg' });

    // A classmate hears none of it.
    expect(carolSeen).toEqual([]);
  });
});
