import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../platform/passwords.ts';
import { sessionCookie } from '../test/build-test-app.ts';
import { migrationTestKit } from './migration-test-kit.ts';
import { queryRows } from './reset.ts';

/**
 * Migration 0024_swedish on a database holding the data of 0023: a teacher's Finnish list, its
 * English community listing and a Finnish demo. Before it a Swedish list is refused by the
 * database; after it the old rows read as they were, a list and a listing may be Swedish, and a
 * language no one speaks is still refused.
 */
const kit = migrationTestKit('swedish');

afterAll(() => kit.cleanup());

const teacherId = '00000000-0000-4000-8000-000000000001';
const listId = '00000000-0000-4000-8000-0000000000d1';
const demoId = '00000000-0000-4000-8000-0000000000e1';

const languagesOf = async (database: { db: Parameters<typeof queryRows>[0] }) => ({
  lists: await queryRows(database.db, sql`select name, language from todolists order by name`),
  listings: await queryRows(database.db, sql`select title, language from community_lists order by title`),
  demos: await queryRows(database.db, sql`select language from demos`),
});

describe('migration 0024_swedish on a database with the data of 0023', () => {
  it('keeps the lists, listings and demos as they were, and lets a list and a listing be Swedish', async () => {
    const before = await kit.openBefore('0024_swedish');
    const hash = await hashPassword('carrot1');
    await before.db.execute(sql`
      insert into teachers (id, username, email, password_hash, email_verified_at, coins)
      values (${teacherId}, 'larare', 'larare@skola.test', ${hash}, now(), 300)`);
    await before.db.execute(sql`insert into todolists (id, teacher_id, name, language) values (${listId}, ${teacherId}, 'Murtoluvut', 'FI')`);
    await before.db.execute(sql`
      insert into community_lists (todolist_id, teacher_id, title, description_html, description_delta, categories, targets, language)
      values (${listId}, ${teacherId}, 'Fractions', '<p>Fractions</p>', '{}'::jsonb, '{MATHEMATICS}', '{GRADES_1_2}', 'EN')`);
    await before.db.execute(sql`insert into demos (id, language) values (${demoId}, 'fi')`);
    // Today's schema knows no Swedish.
    await expect(before.db.execute(sql`update todolists set language = 'SV' where id = ${listId}`)).rejects.toThrow();
    const kept = await languagesOf(before);
    await before.close();

    const database = await kit.openMigrated();
    const app = await kit.app(database);
    try {
      expect(await languagesOf(database)).toEqual(kept);
      expect(kept).toEqual({ lists: [{ name: 'Murtoluvut', language: 'FI' }], listings: [{ title: 'Fractions', language: 'EN' }], demos: [{ language: 'fi' }] });

      const login = await app.inject({ method: 'POST', url: '/api/login/admin', payload: { loginName: 'larare', password: 'carrot1' } });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = sessionCookie(login);
      const created = await app.inject({ method: 'POST', url: '/api/todolists', headers: { cookie }, payload: { id: teacherId, name: 'Bråk', language: 'SV' } });
      expect(created.statusCode, created.body).toBeLessThan(300);
      const refused = await app.inject({ method: 'POST', url: '/api/todolists', headers: { cookie }, payload: { id: teacherId, name: 'Brüche', language: 'DE' } });
      expect([refused.statusCode, refused.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
      await database.db.execute(sql`update community_lists set language = 'SV' where todolist_id = ${listId}`);
      expect(await languagesOf(database)).toMatchObject({ lists: [{ name: 'Bråk', language: 'SV' }, { name: 'Murtoluvut', language: 'FI' }], listings: [{ language: 'SV' }] });
      // The database itself still refuses a language outside the three.
      await expect(database.db.execute(sql`update todolists set language = 'DE' where id = ${listId}`)).rejects.toThrow();
      await expect(database.db.execute(sql`insert into demos (language) values ('de')`)).rejects.toThrow();
    } finally {
      await app.close();
      await database.close();
    }
  });
});
