import { describe, expect, it } from 'vitest';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';

/** Issue 33: a class award is one row of the teacher's purchase history, with its students inside. */
const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

type Item = {
  type: string;
  reason: string;
  amount: number;
  counterpartName: string | null;
  reasonName?: string | null;
  award?: { id: string; students: { name: string | null; amount: number }[] };
};

async function classroom(size = 4) {
  const teacher = await buildTeacher(db, { coins: 300 });
  const group = await buildGroup(db, teacher.id);
  const members = [];
  for (let i = 0; i < size; i++) members.push(await buildMember(db, group.id));
  const cookie = await signIn(app, teacher, 'teacher');
  const reasons = (await call('GET', `/api/group/${group.id}/reasons`, cookie)).json<{ id: string; name: string }[]>();
  return { teacher, group, members, cookie, reason: reasons[1]! };
}

const grouped = async (teacherId: string, cookie: string) => {
  const res = await call('GET', `/api/purchase/history/${teacherId}?awards=grouped`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Item[]>();
};

describe('GET purchase/history/{userId}?awards=grouped', () => {
  it('shows a class award, its undo and a class deduction as one row each, with each student and its coins', async () => {
    const c = await classroom(4);
    const ids = c.members.map((m) => m.id);
    expect((await call('PUT', `/api/reason/${c.reason.id}`, c.cookie, { coins: 2 })).statusCode).toBe(200);
    const awardRes = await call('PUT', '/api/member/coins/batch', c.cookie, { members: ids, reason_id: c.reason.id });
    expect(awardRes.statusCode, awardRes.body).toBe(200);
    const award = awardRes.json<{ award_id: string }>();
    expect((await call('POST', `/api/award/${award.award_id}/undo`, c.cookie)).statusCode).toBe(200);
    const again = (await call('PUT', '/api/member/coins/batch', c.cookie, { members: ids, coins: 3 })).json<{ award_id: string }>();
    const single = (await call('PUT', '/api/member/coins', c.cookie, { member_id: ids[0], coins: 5 })).json<{ award_id: string }>();
    const deduction = (await call('PUT', '/api/member/coins/batch', c.cookie, { members: ids.slice(0, 2), coins: -1 })).json<{ award_id: string }>();

    const items = await grouped(c.teacher.id, c.cookie);
    const names = c.members.map((m) => m.username);
    const sorted = (students: { name: string | null; amount: number }[] | undefined) => [...(students ?? [])].sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const expected = (list: string[], amount: number) => list.map((name) => ({ name, amount })).sort((a, b) => a.name.localeCompare(b.name));
    expect(items.map((i) => [i.type, i.reason, i.amount, i.counterpartName, i.reasonName ?? null])).toEqual([
      ['received', 'teacher_deduction', 2, null, null],
      ['sent', 'teacher_award', 5, names[0], null],
      ['sent', 'teacher_award', 12, null, null],
      ['received', 'award_undo', 8, null, c.reason.name],
      ['sent', 'teacher_award', 8, null, c.reason.name],
      ['received', 'starter_coins', 300, null, null],
    ]);
    expect(items.map((i) => i.award?.id ?? null)).toEqual([deduction.award_id, single.award_id, again.award_id, award.award_id, award.award_id, null]);
    expect(sorted(items[0]?.award?.students)).toEqual(expected(names.slice(0, 2), 1));
    expect(items[1]?.award?.students).toEqual([{ name: names[0], amount: 5 }]);
    expect(sorted(items[2]?.award?.students)).toEqual(expected(names, 3));
    expect(sorted(items[3]?.award?.students)).toEqual(expected(names, 2));
    expect(sorted(items[4]?.award?.students)).toEqual(expected(names, 2));

    // Without the parameter the answer is as before: one row per ledger row (a client of the old shape keeps working).
    const rows = (await call('GET', `/api/purchase/history/${c.teacher.id}`, c.cookie)).json<Item[]>();
    expect(rows.filter((r) => r.reason === 'teacher_award')).toHaveLength(9);
    expect(rows.every((r) => r.award === undefined)).toBe(true);
  });

  it('names a deleted student as null', async () => {
    const c = await classroom(3);
    const ids = c.members.map((m) => m.id);
    expect((await call('PUT', '/api/member/coins/batch', c.cookie, { members: ids, coins: 3 })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/member/${ids[2]}`, c.cookie)).statusCode).toBe(200);
    const items = await grouped(c.teacher.id, c.cookie);
    const award = items.find((i) => i.reason === 'teacher_award');
    expect(award?.amount).toBe(9);
    expect(award?.award?.students.map((s) => s.name).sort()).toEqual([c.members[0]!.username, c.members[1]!.username, null].sort());
    // The deleted student's refund is a row of its own.
    expect(items.filter((i) => i.reason === 'member_deleted_refund')).toHaveLength(1);
  });

  it('refuses nobody, a student, another teacher and a value it does not know', async () => {
    const c = await classroom(1);
    const other = await buildTeacher(db);
    const url = `/api/purchase/history/${c.teacher.id}?awards=grouped`;
    const refusals: [string | undefined, number, string][] = [
      [undefined, 401, 'AUTH.NO_AUTH'],
      [await signIn(app, c.members[0]!, 'member'), 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      [await signIn(app, other, 'teacher'), 403, 'USER.NOT_YOU'],
    ];
    for (const [cookie, status, code] of refusals) {
      const res = await call('GET', url, cookie);
      expect([res.statusCode, res.json().errorCode]).toEqual([status, code]);
    }
    const bad = await call('GET', `/api/purchase/history/${c.teacher.id}?awards=maybe`, c.cookie);
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
  });
});
