import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../platform/passwords.ts';
import { sessionCookie } from '../test/build-test-app.ts';
import { migrationTestKit } from './migration-test-kit.ts';
import { queryRows } from './reset.ts';

/**
 * Migration 0018 on a database holding the data of 0017: awards found by the ledger's award
 * index, reward purchases with no hand-out state. The database is brought up to 0017, filled as
 * the app of 0017 does (an award to two students, purchases of last month and of yesterday),
 * migrated to the end, and the app runs on it: the award is undone through its recorded ledger
 * range, and only the recent purchase waits to be handed out.
 */
const kit = migrationTestKit('handout');

afterAll(() => kit.cleanup());

const teacherId = '00000000-0000-4000-8000-000000000001';
const groupId = '00000000-0000-4000-8000-0000000000a1';
const [emma, ville] = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'];
const awardId = '00000000-0000-4000-8000-0000000000c1';

describe('migration 0018_handout_queue_skin_tone_award_ledger on a database with the data of 0017', () => {
  it("records each award's ledger range, keeps its undo working, and queues only the last week's purchases", async () => {
    const before = await kit.openBefore('0018_handout_queue_skin_tone_award_ledger');
    expect(await queryRows(before.db, sql`select 1 from pg_indexes where indexname = 'coin_ledger_award_idx'`)).toHaveLength(1);
    const hash = await hashPassword('carrot1');
    await before.db.execute(sql`
      insert into teachers (id, username, email, password_hash, email_verified_at, coins)
      values (${teacherId}, 'opettaja', 'ope@school.test', ${hash}, now(), 292)`);
    await before.db.execute(sql`insert into groups (id, teacher_id, name, locked) values (${groupId}, ${teacherId}, '3A', false)`);
    await before.db.execute(sql`
      insert into members (id, group_id, username, password_hash, coins) values
        (${emma}, ${groupId}, 'Emma', ${hash}, 3), (${ville}, ${groupId}, 'Ville', ${hash}, 5)`);
    // The books of 0017: 300 starter coins, an award of 5 to both (the award's rows name it), Emma's purchases of 2.
    await before.db.execute(sql`
      insert into coin_ledger (from_account, to_account, amount, reason, actor, group_id, reference) values
        ('mint', ${'teacher:' + teacherId}, 300, 'starter_coins', 'system', null, null)`);
    await before.db.execute(sql`
      insert into awards (id, teacher_id, coins, created_at) values (${awardId}, ${teacherId}, 5, now())`);
    await before.db.execute(sql`
      insert into coin_ledger (from_account, to_account, amount, reason, actor, group_id, reference) values
        (${'teacher:' + teacherId}, ${'member:' + emma}, 5, 'teacher_award', ${'teacher:' + teacherId}, ${groupId}, ${awardId}),
        (${'teacher:' + teacherId}, ${'member:' + ville}, 5, 'teacher_award', ${'teacher:' + teacherId}, ${groupId}, ${awardId}),
        (${'member:' + emma}, ${'teacher:' + teacherId}, 1, 'reward_purchase', ${'member:' + emma}, ${groupId}, null),
        (${'member:' + emma}, ${'teacher:' + teacherId}, 1, 'reward_purchase', ${'member:' + emma}, ${groupId}, null)`);
    await before.db.execute(sql`
      insert into reward_purchases (member_id, reward_name, reward_description, price, group_id, purchased_at, active_until) values
        (${emma}, 'Music in class', '', 1, ${groupId}, now() - interval '30 days', now() - interval '29 days'),
        (${emma}, 'First in line', '', 1, ${groupId}, now() - interval '1 day', now() + interval '1 day')`);
    const [range] = await queryRows<{ first: number; last: number }>(
      before.db,
      sql`select min(id)::int as first, max(id)::int as last from coin_ledger where reference = ${awardId}`,
    );
    await before.close();

    const database = await kit.openMigrated();
    const app = await kit.app(database);
    try {
      expect(await queryRows(database.db, sql`select 1 from pg_indexes where indexname = 'coin_ledger_award_idx'`)).toHaveLength(0);
      // 0020: an award's reason id has no foreign key.
      expect(await queryRows(database.db, sql`select 1 from pg_constraint where conname = 'awards_reason_id_award_reasons_id_fk'`)).toHaveLength(0);
      expect(await queryRows(database.db, sql`select ledger_first::int as first, ledger_last::int as last from awards`)).toEqual([range]);
      expect(await queryRows(database.db, sql`select reward_name, state, settled_at from reward_purchases order by purchased_at`)).toEqual([
        { reward_name: 'Music in class', state: 'given', settled_at: null },
        { reward_name: 'First in line', state: 'pending', settled_at: null },
      ]);
      expect(await queryRows(database.db, sql`select skin_tone from members`)).toEqual([{ skin_tone: null }, { skin_tone: null }]);

      const login = await app.inject({ method: 'POST', url: '/api/login/admin', payload: { loginName: 'opettaja', password: 'carrot1' } });
      expect(login.statusCode).toBe(200);
      const undone = await app.inject({ method: 'POST', url: `/api/award/${awardId}/undo`, headers: { cookie: sessionCookie(login) } });
      expect(undone.statusCode).toBe(200);
      // Emma spent 2 of her 5: 3 come back from her, 5 from Ville.
      expect(undone.json()).toMatchObject({ teacher_coins: 300 });
      expect(await queryRows(database.db, sql`select username, coins from members order by username`)).toEqual([
        { username: 'Emma', coins: 0 },
        { username: 'Ville', coins: 0 },
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
