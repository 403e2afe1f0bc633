import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@kolikko/core/limits';
import { hashPassword } from '../platform/passwords.ts';
import { sessionCookie } from '../test/build-test-app.ts';
import { migrationTestKit } from './migration-test-kit.ts';
import { queryRows } from './reset.ts';

/**
 * Migration 0012 (issue 31) on a database holding today's data: names unique system-wide, no
 * join codes. The database is brought up to 0011, filled, then migrated to the end, and the app
 * runs on it. On PGlite (a data directory of its own) or, with DATABASE_URL, a database of its own.
 */
const kit = migrationTestKit('identity');

afterAll(() => kit.cleanup());

describe('migration 0012_identity on a database with today\'s data', () => {
  it('keeps every group, name and login, gives each group a code, and lets names repeat afterwards', async () => {
    const before = await kit.openBefore('0012_identity');
    // Today's schema: no join codes yet.
    expect(await queryRows(before.db, sql`select 1 from information_schema.columns where table_name = 'groups' and column_name = 'join_code'`)).toHaveLength(0);
    const hash = await hashPassword('carrot1');
    await before.db.execute(sql`
      insert into teachers (id, username, email, password_hash, email_verified_at, coins)
      values ('00000000-0000-4000-8000-000000000001', 'opettaja', 'ope@school.test', ${hash}, now(), 300),
             ('00000000-0000-4000-8000-000000000002', 'toinen', 'toinen@school.test', ${hash}, now(), 300)`);
    await before.db.execute(sql`
      insert into groups (id, teacher_id, name, locked) values
        ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', '3A', false),
        ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'Kallio-3A-2026', true),
        ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-000000000002', '5B', false)`);
    await before.db.execute(sql`
      insert into members (group_id, username, password_hash) values
        ('00000000-0000-4000-8000-0000000000a1', 'Emma', ${hash}),
        ('00000000-0000-4000-8000-0000000000a2', 'emma4821', ${hash}),
        ('00000000-0000-4000-8000-0000000000a3', 'ville', ${hash})`);
    await before.close();

    const database = await kit.openMigrated();
    const app = await kit.app(database);
    try {
      const groups = await queryRows<{ name: string; join_code: string; badges_enabled: boolean }>(database.db, sql`select name, join_code, badges_enabled from groups order by name`);
      expect(groups.map((g) => g.name)).toEqual(['3A', '5B', 'Kallio-3A-2026']);
      const codeShape = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);
      expect(groups.every((g) => codeShape.test(g.join_code) && g.badges_enabled)).toBe(true);
      expect(new Set(groups.map((g) => g.join_code)).size).toBe(3);
      const [members] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from members`);
      expect(members?.n).toBe(3);

      const post = (url: string, payload: object, cookie?: string) => app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
      // Every existing login works as before: by name alone.
      for (const loginName of ['Emma', 'emma4821', 'VILLE']) expect((await post('/api/login/member', { loginName, password: 'carrot1' })).statusCode).toBe(200);
      const teacher = await post('/api/login/admin', { loginName: 'toinen', password: 'carrot1' });
      expect(teacher.statusCode).toBe(200);

      // Names may now repeat: the second teacher makes a "3a" of its own (a slot bought first), a second Emma joins it by code.
      const cookie = sessionCookie(teacher);
      await post('/api/purchase/group', { userId: '00000000-0000-4000-8000-000000000002', amount: 1 }, cookie);
      const made = await post('/api/group', { id: '00000000-0000-4000-8000-000000000002', group_name: '3a' }, cookie);
      expect(made.statusCode).toBe(201);
      const joined = await post('/api/signup/member', { username: 'EMMA', group_name: made.json().join_code, password: 'apple12' });
      expect(joined.statusCode).toBe(201);
      expect((await post('/api/login/member', { loginName: 'emma', password: 'carrot1' })).json().errorCode).toBe('USER.AMBIGUOUS_NAME');
      const oldEmma = await post('/api/login/member', { loginName: 'emma', password: 'carrot1', group_code: groups[0]?.join_code ?? '' });
      expect([oldEmma.statusCode, oldEmma.json().group_id]).toEqual([200, '00000000-0000-4000-8000-0000000000a1']);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
