import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../platform/passwords.ts';
import { sessionCookie } from '../test/build-test-app.ts';
import { migrationTestKit } from './migration-test-kit.ts';
import { queryRows } from './reset.ts';

/**
 * Migration 0025_award_teacher_no_key on a database holding the awards of 0024: two teachers'
 * awards. The foreign key from awards.teacher_id goes (its check ran in every award); the awards
 * stay, and deleting a teacher still deletes its awards, now by the account's deletion itself.
 */
const kit = migrationTestKit('award_teacher_key');

afterAll(() => kit.cleanup());

const leaving = '00000000-0000-4000-8000-000000000001';
const staying = '00000000-0000-4000-8000-000000000002';

const awardsOf = async (database: { db: Parameters<typeof queryRows>[0] }) =>
  queryRows<{ teacher_id: string; coins: number; reason_name: string | null }>(
    database.db,
    sql`select teacher_id::text, coins, reason_name from awards order by teacher_id, coins`,
  );
const keyCount = async (database: { db: Parameters<typeof queryRows>[0] }) =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_constraint where conname = 'awards_teacher_id_teachers_id_fk'`))[0]?.n;

describe('migration 0025_award_teacher_no_key on a database with the awards of 0024', () => {
  it("keeps every award, drops the key, and an account's deletion still takes its awards with it", async () => {
    const before = await kit.openBefore('0025_award_teacher_no_key');
    const hash = await hashPassword('carrot1');
    for (const [id, name] of [
      [leaving, 'leaving'],
      [staying, 'staying'],
    ]) {
      await before.db.execute(sql`
        insert into teachers (id, username, email, password_hash, email_verified_at, coins)
        values (${id}, ${name}, ${`${name}@school.test`}, ${hash}, now(), 300)`);
    }
    await before.db.execute(sql`
      insert into awards (id, teacher_id, reason_name, reason_icon, coins) values
        (gen_random_uuid(), ${leaving}, 'Helping others', 'heart', 1), (gen_random_uuid(), ${leaving}, null, null, 5),
        (gen_random_uuid(), ${staying}, 'Teamwork', 'users', 2)`);
    expect(await keyCount(before)).toBe(1);
    const kept = await awardsOf(before);
    await before.close();

    const database = await kit.openMigrated();
    const app = await kit.app(database);
    try {
      expect(await keyCount(database)).toBe(0);
      expect(await awardsOf(database)).toEqual(kept);
      expect(kept).toHaveLength(3);

      const login = await app.inject({ method: 'POST', url: '/api/login/admin', payload: { loginName: 'leaving', password: 'carrot1' } });
      expect(login.statusCode, login.body).toBe(200);
      const deleted = await app.inject({ method: 'DELETE', url: `/api/admin/${leaving}`, headers: { cookie: sessionCookie(login) } });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await awardsOf(database)).toEqual([{ teacher_id: staying, coins: 2, reason_name: 'Teamwork' }]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
