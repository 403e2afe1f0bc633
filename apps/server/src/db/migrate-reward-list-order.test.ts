import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../platform/passwords.ts';
import { sessionCookie } from '../test/build-test-app.ts';
import { migrationTestKit } from './migration-test-kit.ts';

/**
 * Migration 0026_reward_list_item_order on a database holding the reward lists of 0025: a list
 * whose three items were added at one instant (as PGlite's millisecond clock often records them),
 * listed by the rewards' creation. After it they are listed as before, and items added later at one
 * instant are listed in the order they were added, in the list and in a copy of it.
 */
const kit = migrationTestKit('reward_list_order');

afterAll(() => kit.cleanup());

const teacherId = '00000000-0000-4000-8000-000000000001';
const listId = '00000000-0000-4000-8000-0000000000d1';
const reward = (n: number) => `00000000-0000-4000-8000-0000000000a${n}`;
const at = '2026-11-30T10:00:00.123Z';

describe('migration 0026_reward_list_item_order on a database with the reward lists of 0025', () => {
  it('keeps the order the lists were shown in, and breaks a tie of the added time by the order of adding', async () => {
    const before = await kit.openBefore('0026_reward_list_item_order');
    const hash = await hashPassword('carrot1');
    await before.db.execute(sql`
      insert into teachers (id, username, email, password_hash, email_verified_at, coins)
      values (${teacherId}, 'opettaja', 'opettaja@koulu.test', ${hash}, now(), 300)`);
    // Created in the order Sticker, Recess, Book; added to the list in one instant.
    for (const [n, name, created] of [
      [2, 'Recess', '2026-11-30T09:00:02Z'],
      [1, 'Sticker', '2026-11-30T09:00:01Z'],
      [3, 'Book', '2026-11-30T09:00:03Z'],
    ] as const) {
      await before.db.execute(sql`
        insert into rewards (id, teacher_id, name, description, price, created_at)
        values (${reward(n)}, ${teacherId}, ${name}, 'Nice', 5, ${created}::timestamptz)`);
    }
    await before.db.execute(sql`insert into reward_lists (id, teacher_id, name) values (${listId}, ${teacherId}, 'Palkinnot')`);
    for (const n of [3, 2, 1]) {
      await before.db.execute(sql`insert into reward_list_items (reward_list_id, reward_id, added_at) values (${listId}, ${reward(n)}, ${at}::timestamptz)`);
    }
    await before.close();

    const database = await kit.openMigrated();
    const app = await kit.app(database);
    try {
      const login = await app.inject({ method: 'POST', url: '/api/login/admin', payload: { loginName: 'opettaja', password: 'carrot1' } });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = sessionCookie(login);
      const names = async () => {
        const res = await app.inject({ method: 'GET', url: `/api/rewardlists/${teacherId}`, headers: { cookie } });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as { id: string; name: string; rewards: { name: string }[] }[]).map((l) => [l.name, l.rewards.map((r) => r.name)]);
      };
      expect(await names()).toEqual([['Palkinnot', ['Sticker', 'Recess', 'Book']]]);

      // Two rewards created later in the reverse order of their ids, added in one instant.
      for (const [n, name] of [
        [5, 'Game'],
        [4, 'Song'],
      ] as const) {
        await database.db.execute(sql`insert into rewards (id, teacher_id, name, description, price) values (${reward(n)}, ${teacherId}, ${name}, 'Nice', 5)`);
      }
      await database.db.execute(sql`update rewards set created_at = ${at}::timestamptz where id in (${reward(4)}, ${reward(5)})`);
      for (const n of [5, 4]) {
        await database.db.execute(sql`insert into reward_list_items (reward_list_id, reward_id, added_at) values (${listId}, ${reward(n)}, '2026-11-30T11:00:00.123Z'::timestamptz)`);
      }
      const order = ['Sticker', 'Recess', 'Book', 'Game', 'Song'];
      expect(await names()).toEqual([['Palkinnot', order]]);

      const copy = await app.inject({ method: 'POST', url: `/api/rewardlist/${listId}/copy`, headers: { cookie }, payload: { userId: teacherId, name: 'Kopio' } });
      expect(copy.statusCode, copy.body).toBe(201);
      expect((copy.json() as { rewards: { name: string }[] }).rewards.map((r) => r.name)).toEqual(order);
      expect(await names()).toEqual([
        ['Palkinnot', order],
        ['Kopio', order],
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
