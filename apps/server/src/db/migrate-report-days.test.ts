import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../platform/passwords.ts';
import { sessionCookie } from '../test/build-test-app.ts';
import { migrationTestKit } from './migration-test-kit.ts';
import { queryRows } from './reset.ts';

/**
 * Migrations 0021 to 0023 on a database holding the data of 0020: a class whose awards, undo and
 * transfer happened ten days ago, with no report_days yet, a teacher's and a student's message in
 * the group chat, and a second teacher. Migrated to the end, the app's first report sums those
 * closed days from the ledger into report_days, and reads the same numbers from them after; the
 * owner invites the other teacher, who accepts (0022) and reads the chat, where the old message is
 * the owner's and the co-teacher's new one its own (0023).
 */
const kit = migrationTestKit('report_days');

afterAll(() => kit.cleanup());

const teacherId = '00000000-0000-4000-8000-000000000001';
const otherTeacherId = '00000000-0000-4000-8000-000000000002';
const groupId = '00000000-0000-4000-8000-0000000000a1';
const [emma, ville] = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'];
const [helpingAward, undoneAward] = ['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2'];
const DAY_MS = 24 * 3600 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

describe('migrations 0021_report_days to 0023_chat_sender_teacher on a database with the data of 0020', () => {
  it("sums the class's closed days at the first report and answers the same from them after", async () => {
    const before = await kit.openBefore('0021_report_days');
    const hash = await hashPassword('carrot1');
    const at = new Date(`${day(-10)}T10:00:00.000Z`);
    const t = `teacher:${teacherId}`;
    await before.db.execute(sql`
      insert into teachers (id, username, email, password_hash, email_verified_at, coins)
      values (${teacherId}, 'opettaja', 'ope@school.test', ${hash}, now(), 290), (${otherTeacherId}, 'sijainen', 'sijainen@school.test', ${hash}, now(), 300)`);
    await before.db.execute(sql`insert into groups (id, teacher_id, name, locked) values (${groupId}, ${teacherId}, '3A', false)`);
    await before.db.execute(sql`
      insert into members (id, group_id, username, password_hash, coins) values
        (${emma}, ${groupId}, 'Emma', ${hash}, 3), (${ville}, ${groupId}, 'Ville', ${hash}, 7)`);
    // Ten days ago: "Helping others" 5 to both, an award of 4 to Emma undone, Emma sent Ville 2.
    await before.db.execute(sql`
      insert into coin_ledger (id, at, from_account, to_account, amount, reason, actor, group_id, reference) values
        (1, ${at}, 'mint', ${t}, 300, 'starter_coins', 'system', null, null),
        (2, ${at}, ${t}, ${'member:' + emma}, 5, 'teacher_award', ${t}, ${groupId}, ${helpingAward}),
        (3, ${at}, ${t}, ${'member:' + ville}, 5, 'teacher_award', ${t}, ${groupId}, ${helpingAward}),
        (4, ${at}, ${t}, ${'member:' + emma}, 4, 'teacher_award', ${t}, ${groupId}, ${undoneAward}),
        (5, ${at}, ${'member:' + emma}, ${t}, 4, 'award_undo', ${t}, ${groupId}, ${undoneAward}),
        (6, ${at}, ${'member:' + emma}, ${'member:' + ville}, 2, 'transfer', ${'member:' + emma}, ${groupId}, null)`);
    await before.db.execute(sql`select setval('coin_ledger_id_seq', 6)`);
    await before.db.execute(sql`
      insert into chat_messages (group_id, member_id, teacher_id, send_by, sender_member_id, message, send_at) values
        (${groupId}, null, ${teacherId}, 'teacher', null, 'Huomenta!', ${at}),
        (${groupId}, null, ${teacherId}, 'member', ${emma}, 'Huomenta', ${at}::timestamptz + interval '1 minute')`);
    await before.db.execute(sql`
      insert into awards (id, teacher_id, reason_name, reason_icon, coins, created_at, undone_at, ledger_first, ledger_last) values
        (${helpingAward}, ${teacherId}, 'Helping others', 'helping', 5, ${at}, null, 2, 3),
        (${undoneAward}, ${teacherId}, null, null, 4, ${at}, ${at}, 4, 4)`);
    await before.close();

    const database = await kit.openMigrated();
    const app = await kit.app(database);
    try {
      expect(await queryRows(database.db, sql`select count(*)::int as n from report_days`)).toEqual([{ n: 0 }]);
      const login = await app.inject({ method: 'POST', url: '/api/login/admin', payload: { loginName: 'opettaja', password: 'carrot1' } });
      expect(login.statusCode).toBe(200);
      const read = async () => {
        const res = await app.inject({ method: 'GET', url: `/api/group/${groupId}/report?from=${day(-13)}&to=${day(0)}`, headers: { cookie: sessionCookie(login) } });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const first = await read();
      expect(first.reasons).toEqual([
        { name: 'Helping others', icon: 'helping', negative: false },
        { name: null, icon: null, negative: false },
      ]);
      const [emmaRow, villeRow] = first.students;
      expect(emmaRow).toMatchObject({ username: 'Emma', coins_earned: 5, by_reason: [5, 0], coins_sent: 2, coins_received: 0 });
      expect(villeRow).toMatchObject({ username: 'Ville', coins_earned: 5, by_reason: [5, 0], coins_sent: 0, coins_received: 2 });
      expect(first.totals.earned_by_day[3]).toBe(10);
      expect(await queryRows(database.db, sql`select distinct first_day::text, until_day::text from report_coverage`)).toEqual([{ first_day: day(-13), until_day: day(-1) }]);
      const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from report_days`);
      expect(rows[0]?.n).toBeGreaterThan(0);
      expect(await read()).toEqual(first);
      expect(await queryRows(database.db, sql`select count(*)::int as n from report_days`)).toEqual(rows);

      // 0022: the owner invites the other teacher, who accepts.
      const invited = await app.inject({ method: 'POST', url: `/api/group/${groupId}/coteachers`, headers: { cookie: sessionCookie(login) }, payload: { recipient: 'sijainen' } });
      expect(invited.statusCode, invited.body).toBe(201);
      const other = await app.inject({ method: 'POST', url: '/api/login/admin', payload: { loginName: 'sijainen', password: 'carrot1' } });
      const accepted = await app.inject({ method: 'POST', url: `/api/coteaching/invitations/${invited.json().id}/accept`, headers: { cookie: sessionCookie(other) } });
      expect([accepted.statusCode, accepted.json()]).toEqual([200, { group_id: groupId }]);

      // 0023: the old teacher message is the owner's; the co-teacher's new one names it.
      const said = await app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: sessionCookie(other) }, payload: { group_id: groupId, message: 'Sijainen täällä' } });
      expect(said.statusCode, said.body).toBe(201);
      const chat = await app.inject({ method: 'GET', url: `/api/chat?group_id=${groupId}`, headers: { cookie: sessionCookie(other) } });
      expect(chat.json().messages.map((m: { message: string; sender_teacher_id: string | null; sender_username: string }) => [m.message, m.sender_teacher_id, m.sender_username])).toEqual([
        ['Huomenta!', teacherId, 'opettaja'],
        ['Huomenta', null, 'Emma'],
        ['Sijainen täällä', otherTeacherId, 'sijainen'],
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
