import { describe, expect, it } from 'vitest';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildReward, buildTeacher } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

/**
 * Issue 33, stumble 10: a price that is not a whole number ("3/4", 2.5, "34") is refused with the
 * price's code under the price field, on create and on edit; nothing is saved.
 */
describe('reward price', () => {
  it('refuses a price that is not a whole number of coins and keeps the reward as it was', async () => {
    const teacher = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    const reward = await buildReward(db, teacher.id, { name: 'Music', price: 5 });
    for (const price of ['3/4', '34', 2.5, -1, 1000, null]) {
      const created = await call('POST', '/api/reward', cookie, { id: teacher.id, reward: { name: 'Song', description: 'In class', price } });
      expect([price, created.statusCode, created.json().field]).toEqual([price, 400, 'reward.price']);
      const edited = await call('PUT', `/api/reward/${reward.id}`, cookie, { reward: { price } });
      expect([price, edited.statusCode, edited.json().field]).toEqual([price, 400, 'reward.price']);
    }
    const rewards: { name: string; price: number }[] = (await call('GET', `/api/rewards/${teacher.id}`, cookie)).json();
    expect(rewards.map((r) => [r.name, r.price])).toEqual([['Music', 5]]);
    const ok = await call('POST', '/api/reward', cookie, { id: teacher.id, reward: { name: 'Song', description: 'In class', price: 34 } });
    expect([ok.statusCode, ok.json().price]).toEqual([201, 34]);
  });
});
