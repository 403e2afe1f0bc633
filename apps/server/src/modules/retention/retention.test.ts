import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INACTIVE_ACCOUNT_DELETION_MS, LOGIN_KNOWN_ADDRESS_MS } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { listJobRuns } from '../../platform/jobs.repo.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildTestApp, caller } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher, buildTodo, buildTodolist, giveCoins, showTodolist } from '../../test/factories.ts';
import { insertSession } from '../auth/auth.repo.ts';
import { insertChatMessage } from '../chat/chat.repo.ts';
import { ledgerBalance } from '../coins/ledger.repo.ts';
import { CONTACT_MESSAGE_KEEP_MS, DELETE_AFTER_INACTIVE_MS, KEPT_MAIL_MS } from './retention.jobs.ts';
import { memberStillDue } from './retention.repo.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const TWO_YEARS = INACTIVE_ACCOUNT_DELETION_MS;

const run = (job: string, at: Date) => app.jobs.runNow(job, at);
const after = (from: Date, ms: number) => new Date(from.getTime() + ms);

async function setLastLogin(table: 'teachers' | 'members', id: string, at: Date) {
  await db.execute(sql`update ${sql.identifier(table)} set last_login_at = ${at.toISOString()}::timestamptz where id = ${id}`);
}

async function exists(table: 'teachers' | 'members', id: string): Promise<boolean> {
  return (await queryRows(db, sql`select 1 from ${sql.identifier(table)} where id = ${id}`)).length === 1;
}

async function mailsTo(to: string) {
  return queryRows<{ subject: string; text: string }>(db, sql`select subject, text from mail_outbox where "to" = ${to} order by id`);
}

/** Rows in every table but the ledger's, the outbox's and the jobs' own (they outlive accounts by design). */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('coin_ledger', 'mail_outbox', 'job_runs', 'app_secrets', 'auth_attempts') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(tablename)}`);
    counts[tablename] = row?.n ?? 0;
  }
  return counts;
}

/** A teacher with a group of two students holding coins, a list shown to it with a todo, a reward list, chat and sessions. */
async function classroom(name: string) {
  const teacher = await buildTeacher(db, { username: name });
  const group = await buildGroup(db, teacher.id);
  const students = [await buildMember(db, group.id), await buildMember(db, group.id)];
  for (const s of students) await giveCoins(db, teacher.id, s.id, 20);
  const list = await buildTodolist(db, teacher.id);
  await buildTodo(db, list.id, { reward: 5 });
  await showTodolist(db, group.id, 'blue', list.id);
  const reward = await buildReward(db, teacher.id);
  await buildRewardList(db, teacher.id, { rewardIds: [reward.id], publishTo: group.id });
  await insertChatMessage(db, { groupId: group.id, teacherId: teacher.id, memberId: students[0]!.id, sendBy: 'member', senderMemberId: students[0]!.id, senderTeacherId: null, message: 'hello' });
  await insertSession(db, `${name}-t`, { teacherId: teacher.id }, after(new Date(), DAY));
  await insertSession(db, `${name}-m`, { memberId: students[0]!.id }, after(new Date(), DAY));
  return { teacher, group, students };
}

describe('inactive teachers', () => {
  it('warns once 31 days before the 2 years, deletes a day before them with everything, keeps the active, and the books balance', async () => {
    const t0 = new Date();
    const inactive = await classroom('sleepy');
    const active = await classroom('busy');
    await setLastLogin('teachers', inactive.teacher.id, t0);
    await setLastLogin('teachers', active.teacher.id, after(t0, TWO_YEARS - 10 * DAY));
    const before = await tableCounts();
    expect(before).toMatchObject({ teachers: 2, groups: 2, members: 4, todolists: 2, todos: 2, rewards: 2, reward_lists: 2, chat_messages: 2, sessions: 4 });

    expect(await run('warn-inactive-teachers', after(t0, TWO_YEARS - 32 * DAY))).toEqual({ rows: 0 });
    expect(await mailsTo(inactive.teacher.email)).toEqual([]);

    const warnedAt = after(t0, TWO_YEARS - 31 * DAY + HOUR);
    expect(await run('warn-inactive-teachers', warnedAt)).toEqual({ rows: 1 });
    expect(await run('warn-inactive-teachers', after(warnedAt, HOUR))).toEqual({ rows: 0 });
    const mails = await mailsTo(inactive.teacher.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Kolikko: your account will be deleted / tilisi poistetaan / ditt konto tas bort');
    // The deletion's date: 30 days after the warning (later than a day before the 2 years).
    const deleteOn = after(warnedAt, 30 * DAY);
    expect(mails[0]!.text).toContain(`(${deleteOn.toISOString().slice(0, 10)})`);
    const dayMonthYear = `${deleteOn.getUTCDate()}.${deleteOn.getUTCMonth() + 1}.${deleteOn.getUTCFullYear()}`;
    expect(mails[0]!.text).toContain(`Tilisi poistetaan ${dayMonthYear} ja sen mukana`);
    expect(mails[0]!.text).toContain(`Hej sleepy, du har inte loggat in på Kolikko på nästan två år. Ditt konto tas bort den ${dayMonthYear} och med det`);
    expect(mails[0]!.text).toContain('i din profil (”Dina data”)');
    expect(mails[0]!.text).toContain('sleepy');
    expect(mails[0]!.text).toContain('http://localhost:3000/teacher/login');
    expect(await mailsTo(active.teacher.email)).toEqual([]);

    // 29 days after the warning: not yet.
    expect(await run('delete-inactive-teachers', after(warnedAt, 29 * DAY))).toEqual({ rows: 0 });
    expect(await exists('teachers', inactive.teacher.id)).toBe(true);

    // 30 days after the warning, and still before the 2 years are full.
    const deletedAt = after(warnedAt, 30 * DAY + HOUR);
    expect(deletedAt.getTime()).toBeLessThan(t0.getTime() + TWO_YEARS);
    expect(await run('delete-inactive-teachers', deletedAt)).toEqual({ rows: 1 });
    expect(await exists('teachers', inactive.teacher.id)).toBe(false);
    for (const s of inactive.students) expect(await exists('members', s.id)).toBe(false);
    expect(await exists('teachers', active.teacher.id)).toBe(true);
    // Every table holds exactly the active classroom's half: nothing of the deleted teacher is left.
    const afterwards = await tableCounts();
    for (const [table, n] of Object.entries(before)) expect([table, afterwards[table]]).toEqual([table, n / 2]);
    // The deleted teacher's coins (its purse and its students') left through the ledger, to the sink.
    expect(await ledgerBalance(db, 'sink')).toBe(300);
    await expectBooksBalance(db);
    expect(await run('delete-inactive-teachers', after(deletedAt, HOUR))).toEqual({ rows: 0 });
  });

  it('starts afresh when the teacher logs in after the warning', async () => {
    const teacher = await buildTeacher(db);
    const now = new Date();
    await setLastLogin('teachers', teacher.id, new Date(now.getTime() - (TWO_YEARS - 30 * DAY)));
    expect(await run('warn-inactive-teachers', now)).toEqual({ rows: 1 });
    const login = await call('POST', '/api/login/admin', undefined, { loginName: teacher.username, password: teacher.password });
    expect(login.statusCode).toBe(200);
    const loggedIn = new Date();

    expect(await run('delete-inactive-teachers', after(now, 31 * DAY))).toEqual({ rows: 0 });
    expect(await run('warn-inactive-teachers', after(now, 31 * DAY))).toEqual({ rows: 0 });
    expect(await exists('teachers', teacher.id)).toBe(true);
    // Inactive again for (almost) two years after that login: a new warning, then the deletion.
    const secondWarning = after(loggedIn, TWO_YEARS - 31 * DAY + HOUR);
    expect(await run('warn-inactive-teachers', secondWarning)).toEqual({ rows: 1 });
    expect(await mailsTo(teacher.email)).toHaveLength(2);
    expect(await run('delete-inactive-teachers', after(secondWarning, 30 * DAY + HOUR))).toEqual({ rows: 1 });
    expect(await exists('teachers', teacher.id)).toBe(false);
    await expectBooksBalance(db);
  });

  it('gives the 30 days of notice to a teacher found already past the 2 years', async () => {
    const teacher = await buildTeacher(db);
    const now = new Date();
    await setLastLogin('teachers', teacher.id, after(now, -3 * 365 * DAY));
    expect(await run('delete-inactive-teachers', now)).toEqual({ rows: 0 });
    expect(await run('warn-inactive-teachers', now)).toEqual({ rows: 1 });
    expect((await mailsTo(teacher.email))[0]!.text).toContain(`(${after(now, 30 * DAY).toISOString().slice(0, 10)})`);
    expect(await run('delete-inactive-teachers', after(now, 30 * DAY - HOUR))).toEqual({ rows: 0 });
    expect(await exists('teachers', teacher.id)).toBe(true);
    expect(await run('delete-inactive-teachers', after(now, 30 * DAY))).toEqual({ rows: 1 });
    expect(await exists('teachers', teacher.id)).toBe(false);
  });

  it('leaves demo teachers to the demo sweep', async () => {
    const teacher = await buildTeacher(db);
    await db.execute(sql`insert into demos (id, language) values (gen_random_uuid(), 'en')`);
    await db.execute(sql`update teachers set demo_id = (select id from demos limit 1), last_login_at = now() - interval '3 years' where id = ${teacher.id}`);
    expect(await run('warn-inactive-teachers', new Date())).toEqual({ rows: 0 });
  });

  it('finishes a run killed midway on the next run, deleting nobody twice', async () => {
    const t0 = new Date();
    const teachers = [];
    for (const [i, name] of ['first', 'second', 'third'].entries()) {
      const room = await classroom(name);
      await setLastLogin('teachers', room.teacher.id, after(t0, i * HOUR));
      teachers.push(room.teacher);
    }
    expect(await run('warn-inactive-teachers', after(t0, TWO_YEARS - 30 * DAY))).toEqual({ rows: 3 });
    // The second deletion fails (as if the process died there): the first stays deleted, wholly.
    await db.execute(sql.raw(`create or replace function retention_test_boom() returns trigger language plpgsql as $$ begin raise exception 'killed mid-run'; end $$`));
    await db.execute(sql.raw(`create trigger retention_test_boom before delete on teachers for each row when (old.username = 'second') execute function retention_test_boom()`));
    const at = after(t0, TWO_YEARS);
    try {
      await expect(run('delete-inactive-teachers', at)).rejects.toThrow();
    } finally {
      await db.execute(sql.raw('drop trigger retention_test_boom on teachers'));
      await db.execute(sql.raw('drop function retention_test_boom'));
    }
    expect(await Promise.all(teachers.map((t) => exists('teachers', t.id)))).toEqual([false, true, true]);
    await expectBooksBalance(db);
    const [failed] = await listJobRuns(db);
    expect(failed).toMatchObject({ name: 'delete-inactive-teachers', failures: 1, lastError: expect.stringContaining('killed mid-run') });

    expect(await run('delete-inactive-teachers', after(at, HOUR))).toEqual({ rows: 2 });
    expect(await Promise.all(teachers.map((t) => exists('teachers', t.id)))).toEqual([false, false, false]);
    // Each teacher's coins went to the sink once: 300 each.
    const moves = await queryRows<{ from: string; n: number; coins: number }>(
      db,
      sql`select from_account as from, count(*)::int as n, sum(amount)::int as coins from coin_ledger where to_account = 'sink' and from_account like 'teacher:%' group by 1`,
    );
    expect(moves.map((m) => [m.n, m.coins])).toEqual([
      [1, 260],
      [1, 260],
      [1, 260],
    ]);
    expect(await ledgerBalance(db, 'sink')).toBe(900);
    await expectBooksBalance(db);
    const [done] = await listJobRuns(db);
    expect(done).toMatchObject({ failures: 1, runs: 2, lastError: null, lastRows: 2 });
  });
});

describe('inactive students', () => {
  it('deletes students inactive for 2 years, their coins going back to the teacher through the ledger', async () => {
    const t0 = new Date();
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const idle = await buildMember(db, group.id);
    const used = await buildMember(db, group.id);
    await giveCoins(db, teacher.id, idle.id, 30);
    await giveCoins(db, teacher.id, used.id, 10);
    await setLastLogin('teachers', teacher.id, after(t0, TWO_YEARS));
    await setLastLogin('members', used.id, after(t0, 365 * DAY));

    // The check the deletion makes again with the student's row locked: a login in between keeps it.
    const due = after(t0, TWO_YEARS - DAY + HOUR);
    const activeBefore = new Date(due.getTime() - DELETE_AFTER_INACTIVE_MS);
    expect(await memberStillDue(db, idle.id, activeBefore)).toBe(true);
    expect(await memberStillDue(db, used.id, activeBefore)).toBe(false);
    expect(await run('delete-inactive-members', after(t0, TWO_YEARS - 2 * DAY))).toEqual({ rows: 0 });
    expect(await run('delete-inactive-members', after(t0, TWO_YEARS - DAY + HOUR))).toEqual({ rows: 1 });
    expect(await exists('members', idle.id)).toBe(false);
    expect(await exists('members', used.id)).toBe(true);
    const [purse] = await queryRows<{ coins: number }>(db, sql`select coins from teachers where id = ${teacher.id}`);
    expect(purse?.coins).toBe(300 - 10);
    const refunds = await queryRows(db, sql`select amount from coin_ledger where reason = 'member_deleted_refund' and from_account = ${`member:${idle.id}`}`);
    expect(refunds).toEqual([{ amount: 30 }]);
    await expectBooksBalance(db);
    expect(await run('delete-inactive-members', after(t0, TWO_YEARS))).toEqual({ rows: 0 });
  });
});

describe('purging expired rows', () => {
  it('deletes expired sessions, links, captcha solutions, stale attempt counts, old kept mail and year-old contact messages, and nothing else', async () => {
    const now = new Date();
    const teacher = await buildTeacher(db);
    await insertSession(db, 'expired', { teacherId: teacher.id }, after(now, -HOUR));
    await insertSession(db, 'live', { teacherId: teacher.id }, after(now, HOUR));
    await db.execute(sql`insert into one_time_tokens (token_hash, kind, teacher_id, expires_at, used_at) values
      ('old', 'verify_email', ${teacher.id}, ${after(now, -HOUR).toISOString()}::timestamptz, null),
      ('old-used', 'password_reset', ${teacher.id}, ${after(now, -HOUR).toISOString()}::timestamptz, now()),
      ('fresh', 'password_reset', ${teacher.id}, ${after(now, HOUR).toISOString()}::timestamptz, null)`);
    await db.execute(sql`insert into captcha_used (signature, expires_at) values
      ('old', ${after(now, -HOUR).toISOString()}::timestamptz), ('fresh', ${after(now, HOUR).toISOString()}::timestamptz)`);
    const key = (k: string) => createHash('sha256').update(k).digest('hex');
    const iso = (d: Date) => d.toISOString();
    await db.execute(sql`insert into auth_attempts (key, attempts, last_at, blocked_until, succeeded_at) values
      (${key('stale')}, 3, ${iso(after(now, -2 * DAY))}::timestamptz, null, null),
      (${key('recent')}, 3, ${iso(after(now, -HOUR))}::timestamptz, null, null),
      (${key('blocked')}, 30, ${iso(after(now, -2 * DAY))}::timestamptz, ${iso(after(now, HOUR))}::timestamptz, null),
      (${key('known')}, 0, ${iso(after(now, -2 * DAY))}::timestamptz, null, ${iso(after(now, -LOGIN_KNOWN_ADDRESS_MS + DAY))}::timestamptz),
      (${key('forgotten')}, 0, ${iso(after(now, -40 * DAY))}::timestamptz, null, ${iso(after(now, -LOGIN_KNOWN_ADDRESS_MS - DAY))}::timestamptz)`);
    await db.execute(sql`insert into mail_outbox ("to", subject, text, html, send_after, created_at) values
      ('old-kept@x.test', 's', 't', 'h', null, ${iso(after(now, -KEPT_MAIL_MS - DAY))}::timestamptz),
      ('new-kept@x.test', 's', 't', 'h', null, ${iso(after(now, -DAY))}::timestamptz),
      ('old-queued@x.test', 's', 't', 'h', ${iso(after(now, -DAY))}::timestamptz, ${iso(after(now, -KEPT_MAIL_MS - DAY))}::timestamptz)`);
    await db.execute(sql`insert into contact_messages (name, email, subject, message, created_at) values
      ('Old', 'old@x.test', 's', 'm', ${iso(after(now, -CONTACT_MESSAGE_KEEP_MS - DAY))}::timestamptz),
      ('New', 'new@x.test', 's', 'm', ${iso(after(now, -CONTACT_MESSAGE_KEEP_MS + DAY))}::timestamptz)`);

    expect(await run('purge-expired', now)).toEqual({ rows: 1 + 2 + 1 + 2 + 1 + 1 });
    expect(await queryRows(db, sql`select token_hash from sessions order by 1`)).toEqual([{ token_hash: 'live' }]);
    expect(await queryRows(db, sql`select token_hash from one_time_tokens order by 1`)).toEqual([{ token_hash: 'fresh' }]);
    expect(await queryRows(db, sql`select signature from captcha_used`)).toEqual([{ signature: 'fresh' }]);
    const keys = await queryRows<{ key: string }>(db, sql`select key from auth_attempts`);
    expect(keys.map((k) => k.key).sort()).toEqual([key('recent'), key('blocked'), key('known')].sort());
    expect(await queryRows(db, sql`select "to" from mail_outbox order by 1`)).toEqual([{ to: 'new-kept@x.test' }, { to: 'old-queued@x.test' }]);
    expect(await queryRows(db, sql`select name from contact_messages`)).toEqual([{ name: 'New' }]);
    expect(await run('purge-expired', now)).toEqual({ rows: 0 });
  });
});
