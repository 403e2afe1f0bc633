import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildReward, buildRewardList, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';

/** Issue 33: the class report. */
const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

const DAY_MS = 24 * 3600 * 1000;
/** A day (UTC, as the class board's "today") `offset` days from today. */
const day = (offset = 0) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

type Json = Record<string, unknown>;

/**
 * A class with a known day: awards with reasons, without, a "needs work" one, one undone and a
 * class award; a task done, one done and undone, an answer sent back; rewards bought (one given,
 * one returned, one waiting); a transfer. Another group of the same teacher has an award too.
 */
async function knownClass() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const cookie = await signIn(app, teacher, 'teacher');
  const [ten, two, aanekas, kettu] = await Promise.all(['oppilas10', 'Oppilas2', 'Äänekäs', 'Kettu; "K"'].map((username) => buildMember(db, group.id, { username })));
  if (!ten || !two || !aanekas || !kettu) throw new Error('members missing');
  const elsewhere = await buildMember(db, (await buildGroup(db, teacher.id)).id);
  const ok = async (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBeLessThan(300);
    return JSON.parse(res.body) as Json;
  };
  const reason = async (name: string, coins: number) => (await ok(await call('POST', `/api/group/${group.id}/reasons`, cookie, { name, icon: 'helping', coins }))).id as string;
  const helping = await reason('Auttaminen', 3);
  const team = await reason('Ryhmä; "A"', 4);
  const award = (memberId: string, body: Json) => call('PUT', '/api/member/coins', cookie, { member_id: memberId, ...body }).then(ok);

  for (let i = 0; i < 3; i++) await award(ten.id, { reason_id: helping });
  await award(ten.id, { coins: 5 });
  await award(ten.id, { coins: -2 });
  const undone = (await award(two.id, { coins: 4 })).award_id as string;
  await ok(await call('POST', `/api/award/${undone}/undo`, cookie));
  await award(two.id, { reason_id: helping });
  await award(aanekas.id, { reason_id: team });
  await ok(await call('PUT', '/api/member/coins/batch', cookie, { members: [ten.id, two.id, aanekas.id, kettu.id], coins: 1 }));
  await award(elsewhere.id, { coins: 7 });

  // Tasks: a todo worth 10 and a free answer worth 20, on the blue list everyone sees.
  const list = await buildTodolist(db, teacher.id);
  await buildTodo(db, list.id, { reward: 10 });
  await buildTodo(db, list.id, { reward: 20, answertype: 'free' });
  await showTodolist(db, group.id, 'blue', list.id);
  const todosOf = async (memberCookie: string) => (await ok(await call('GET', `/api/membertodos?group_id=${group.id}`, memberCookie))) as unknown as { id: string }[];
  const update = (memberCookie: string, mtodoId: string, updates: Json) => call('PUT', '/api/membertodo', memberCookie, { mtodo_id: mtodoId, updates }).then(ok);
  const tenCookie = await signIn(app, ten, 'member');
  const twoCookie = await signIn(app, two, 'member');
  const aanekasCookie = await signIn(app, aanekas, 'member');
  const [tenTask] = await todosOf(tenCookie);
  await update(tenCookie, tenTask!.id, { completed: true });
  const [, twoFree] = await todosOf(twoCookie);
  await update(twoCookie, twoFree!.id, { member_answer: 'Minä en tiedä' });
  await ok(await call('PUT', `/api/membertodo/${twoFree!.id}/sendback`, cookie, { comment: 'Kokeile uudelleen' }));
  const [aanekasTask] = await todosOf(aanekasCookie);
  await update(aanekasCookie, aanekasTask!.id, { completed: true });
  await update(aanekasCookie, aanekasTask!.id, { completed: false });

  // Rewards: oppilas10 buys two (one handed out, one returned), Oppilas2 one still waiting.
  const recess = await buildReward(db, teacher.id, { name: 'Välitunti', price: 5 });
  const music = await buildReward(db, teacher.id, { name: 'Musiikki', price: 4 });
  await buildRewardList(db, teacher.id, { rewardIds: [recess.id, music.id], publishTo: group.id });
  await ok(await call('POST', `/api/member/${ten.id}/reward/${recess.id}`, tenCookie, { price: 5 }));
  await ok(await call('POST', `/api/member/${ten.id}/reward/${music.id}`, tenCookie, { price: 4 }));
  await ok(await call('POST', `/api/member/${two.id}/reward/${music.id}`, twoCookie, { price: 4 }));
  // The hand-out queue (another part of issue 33) sets these; here they are set as it would leave them.
  await db.execute(sql`update reward_purchases set state = 'given', settled_at = now() where member_id = ${ten.id} and reward_id = ${recess.id}`);
  await db.execute(sql`update reward_purchases set state = 'returned', settled_at = now() where member_id = ${ten.id} and reward_id = ${music.id}`);

  // A transfer: oppilas10 sends 3 to Äänekäs.
  await ok(await call('PUT', `/api/group/${group.id}/settings`, cookie, { trading_allowed: true }));
  await ok(await call('POST', `/api/member/${ten.id}/transfer`, tenCookie, { recipient: aanekas.id, amount: 3 }));
  return { teacher, group, cookie, ten, two, aanekas, kettu, tenCookie, undone };
}

const report = (c: { group: { id: string }; cookie: string }, query: string, headers: Record<string, string> = {}) => call('GET', `/api/group/${c.group.id}/report?${query}`, c.cookie, undefined, headers);

const zero = {
  coins_earned: 0,
  coins_from_awards: 0,
  coins_from_tasks: 0,
  coins_taken: 0,
  tasks_done: 0,
  answers_sent_back: 0,
  rewards_bought: 0,
  rewards_given: 0,
  rewards_returned: 0,
  coins_spent_on_rewards: 0,
  coins_sent: 0,
  coins_received: 0,
};

describe('the class report', () => {
  it("counts each student's coins by reason, tasks, answers sent back, rewards and transfers, and the class's totals", async () => {
    const c = await knownClass();
    const res = await report(c, `from=${day()}&to=${day()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ group_id: c.group.id, group_name: c.group.name, from: day(), to: day(), days: 1 });
    // Most coins first: Auttaminen 12, awards without a reason 9 (5 + 4 - 4 undone + the class's four), Ryhmä 4, needs work 2.
    expect(body.reasons).toEqual([
      { name: 'Auttaminen', icon: 'helping', negative: false },
      { name: null, icon: null, negative: false },
      { name: 'Ryhmä; "A"', icon: 'helping', negative: false },
      { name: null, icon: null, negative: true },
    ]);
    expect(body.students.map((s: { username: string }) => s.username)).toEqual(['Kettu; "K"', 'Oppilas2', 'oppilas10', 'Äänekäs']);
    const [kettu, two, ten, aanekas] = body.students;
    expect(ten).toEqual({
      member_id: c.ten.id,
      username: 'oppilas10',
      face: null,
      hair: null,
      coins_earned: 25,
      coins_from_awards: 15,
      coins_from_tasks: 10,
      coins_taken: 2,
      by_reason: [9, 6, 0, -2],
      tasks_done: 1,
      answers_sent_back: 0,
      rewards_bought: 2,
      rewards_given: 1,
      rewards_returned: 1,
      coins_spent_on_rewards: 5,
      coins_sent: 3,
      coins_received: 0,
      earned_by_day: [25],
    });
    // The undone award of 4 nets out; the free answer was sent back.
    expect(two).toMatchObject({ ...zero, coins_earned: 4, coins_from_awards: 4, by_reason: [3, 1, 0, 0], answers_sent_back: 1, rewards_bought: 1, coins_spent_on_rewards: 4, earned_by_day: [4] });
    // A task done and undone earns nothing and does not count as done.
    expect(aanekas).toMatchObject({ ...zero, coins_earned: 5, coins_from_awards: 5, by_reason: [0, 1, 4, 0], coins_received: 3, earned_by_day: [5] });
    expect(kettu).toMatchObject({ ...zero, coins_earned: 1, coins_from_awards: 1, by_reason: [0, 1, 0, 0], earned_by_day: [1] });
    expect(body.totals).toEqual({
      coins_earned: 35,
      coins_from_awards: 25,
      coins_from_tasks: 10,
      coins_taken: 2,
      by_reason: [12, 9, 4, -2],
      tasks_done: 1,
      answers_sent_back: 1,
      rewards_bought: 3,
      rewards_given: 1,
      rewards_returned: 1,
      coins_spent_on_rewards: 9,
      coins_sent: 3,
      coins_received: 3,
      earned_by_day: [35],
    });
  });

  it('counts a day in its place of the range and nothing outside it', async () => {
    const c = await knownClass();
    // oppilas10's task reward and the transfer happened three days ago.
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
    await db.execute(sql`update coin_ledger set at = ${threeDaysAgo} where reason in ('todo_reward', 'transfer') and (to_account = ${`member:${c.ten.id}`} or from_account = ${`member:${c.ten.id}`})`);
    const week = (await report(c, `from=${day(-6)}&to=${day()}`)).json();
    expect(week.days).toBe(7);
    const ten = week.students.find((s: { member_id: string }) => s.member_id === c.ten.id);
    expect(ten).toMatchObject({ coins_earned: 25, coins_from_tasks: 10, coins_sent: 3, earned_by_day: [0, 0, 0, 10, 0, 0, 15] });
    expect(week.totals.earned_by_day).toEqual([0, 0, 0, 10, 0, 0, 25]);

    const today = (await report(c, `from=${day()}&to=${day()}`)).json();
    expect(today.students.find((s: { member_id: string }) => s.member_id === c.ten.id)).toMatchObject({ coins_earned: 15, coins_from_tasks: 0, coins_sent: 0 });
    expect(today.totals).toMatchObject({ coins_sent: 0, coins_received: 0 });

    const before = (await report(c, `from=${day(-30)}&to=${day(-1)}`)).json();
    expect(before.reasons).toEqual([]);
    expect(before.totals).toMatchObject({ ...zero, coins_earned: 10, coins_from_tasks: 10, coins_sent: 3, coins_received: 3 });
    expect(before.totals.earned_by_day).toHaveLength(30);
  });

  it('answers an empty class with empty lists', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const cookie = await signIn(app, teacher, 'teacher');
    const body = (await report({ group, cookie }, `from=${day(-1)}&to=${day()}`)).json();
    expect(body).toMatchObject({ days: 2, reasons: [], students: [], totals: { ...zero, by_reason: [], earned_by_day: [0, 0] } });
  });
});

/** Moves everything the class did `days` days back: its ledger rows, its teacher's awards, its tasks and purchases. */
async function shiftBack(c: Awaited<ReturnType<typeof knownClass>>, days: number) {
  const ids = [c.ten.id, c.two.id, c.aanekas.id, c.kettu.id];
  const accounts = ids.map((id) => `member:${id}`);
  const by = sql`${`${days} days`}::interval`;
  await db.execute(sql`update coin_ledger set at = at - ${by} where to_account = any(${sql.param(accounts)}::text[]) or from_account = any(${sql.param(accounts)}::text[])`);
  await db.execute(sql`update awards set created_at = created_at - ${by} where teacher_id = ${c.teacher.id}`);
  await db.execute(sql`update member_todos set updated_at = updated_at - ${by} where member_id = any(${sql.param(ids)}::uuid[])`);
  await db.execute(sql`update reward_purchases set purchased_at = purchased_at - ${by} where member_id = any(${sql.param(ids)}::uuid[])`);
}

const rolledRows = async (c: { group: { id: string } }) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from report_days d join members m on m.id = d.member_id where m.group_id = ${c.group.id}`))[0]?.n;
const coverageOf = (c: { group: { id: string } }) =>
  queryRows<{ first_day: string; until_day: string }>(db, sql`select distinct first_day::text, until_day::text from report_coverage r join members m on m.id = r.member_id where m.group_id = ${c.group.id}`);
/** Forgets what report_days holds for the class: the next report sums it from the ledger again. */
const forgetRolled = async (c: { group: { id: string } }) => {
  await db.execute(sql`delete from report_days d using members m where m.id = d.member_id and m.group_id = ${c.group.id}`);
  await db.execute(sql`delete from report_coverage r using members m where m.id = r.member_id and m.group_id = ${c.group.id}`);
};

describe('closed days summed once (report_days)', () => {
  it('sums a closed day into report_days at the first report and answers the same from it after', async () => {
    const c = await knownClass();
    await shiftBack(c, 5);
    const first = (await report(c, `from=${day(-6)}&to=${day()}`)).json();
    // The day five days back holds the known day's numbers (the first test's), in its place.
    expect(first.reasons).toHaveLength(4);
    expect(first.totals).toMatchObject({ coins_earned: 35, coins_from_awards: 25, coins_taken: 2, by_reason: [12, 9, 4, -2], tasks_done: 1, rewards_bought: 3, coins_sent: 3, coins_received: 3 });
    expect(first.totals.earned_by_day).toEqual([0, 35, 0, 0, 0, 0, 0]);
    expect(first.students.find((s: { member_id: string }) => s.member_id === c.ten.id)).toMatchObject({ coins_earned: 25, by_reason: [9, 6, 0, -2], coins_sent: 3, earned_by_day: [0, 25, 0, 0, 0, 0, 0] });
    // Closed: every day before yesterday. Held for each member: from the range's first day.
    expect(await coverageOf(c)).toEqual([{ first_day: day(-6), until_day: day(-1) }]);
    const rows = await rolledRows(c);
    expect(rows).toBeGreaterThan(0);

    const again = (await report(c, `from=${day(-6)}&to=${day()}`)).json();
    expect(again).toEqual(first);
    expect(await rolledRows(c)).toBe(rows);
    // The closed days are read from report_days, not from the ledger: a row changed there shows.
    await db.execute(sql`update report_days set net = net + 100, gained = gained + 100, earned = earned + 100 where member_id = ${c.ten.id} and kind = 2`);
    const read = (await report(c, `from=${day(-6)}&to=${day()}`)).json();
    expect(read.totals.coins_from_tasks).toBe(first.totals.coins_from_tasks + 100);
    await forgetRolled(c);
    expect((await report(c, `from=${day(-6)}&to=${day()}`)).json()).toEqual(first);
  });

  it('counts an award undone after midnight on the award\'s day, closed or not', async () => {
    const c = await knownClass();
    // Oppilas2's award of 4 at 23:59:50 five days back, undone ten seconds after midnight.
    const awardAt = new Date(`${day(-5)}T23:59:50.000Z`);
    const undoAt = new Date(`${day(-4)}T00:00:10.000Z`);
    await shiftBack(c, 5);
    await db.execute(sql`update awards set created_at = ${awardAt} where id = ${c.undone}`);
    await db.execute(sql`update coin_ledger set at = ${awardAt} where reference = ${c.undone} and reason = 'teacher_award'`);
    await db.execute(sql`update coin_ledger set at = ${undoAt} where reference = ${c.undone} and reason = 'award_undo'`);
    const expected = [0, 4, 0, 0, 0, 0, 0];
    const two = (body: { students: { member_id: string; earned_by_day: number[] }[] }) => body.students.find((s) => s.member_id === c.two.id)?.earned_by_day;
    expect(two((await report(c, `from=${day(-6)}&to=${day()}`)).json())).toEqual(expected);
    // A range that ends on the award's day, and one that starts on the undo's.
    expect(two((await report(c, `from=${day(-5)}&to=${day(-5)}`)).json())).toEqual([4]);
    expect(two((await report(c, `from=${day(-4)}&to=${day(-4)}`)).json())).toEqual([0]);
  });

  it('extends what it holds either way and answers as if summed from the ledger in one go', async () => {
    const c = await knownClass();
    await shiftBack(c, 9);
    // Held first: four days, none of them the class's day; then the year to today.
    await report(c, `from=${day(-4)}&to=${day()}`);
    expect(await coverageOf(c)).toEqual([{ first_day: day(-4), until_day: day(-1) }]);
    const wide = (await report(c, `from=${day(-20)}&to=${day()}`)).json();
    expect(await coverageOf(c)).toEqual([{ first_day: day(-20), until_day: day(-1) }]);
    expect(wide.totals).toMatchObject({ coins_earned: 35, by_reason: [12, 9, 4, -2] });
    expect(wide.totals.earned_by_day[11]).toBe(35);
    await forgetRolled(c);
    expect((await report(c, `from=${day(-20)}&to=${day()}`)).json()).toEqual(wide);
    // A range inside what is held sums nothing more.
    const rows = await rolledRows(c);
    const inside = (await report(c, `from=${day(-10)}&to=${day(-8)}`)).json();
    expect(inside.totals.earned_by_day).toEqual([0, 35, 0]);
    expect(await rolledRows(c)).toBe(rows);
  });

  it('sums the days once when reports of the class race', async () => {
    const c = await knownClass();
    await shiftBack(c, 3);
    const bodies = await Promise.all(Array.from({ length: 6 }, () => report(c, `from=${day(-6)}&to=${day()}`).then((r) => r.body)));
    expect(new Set(bodies).size).toBe(1);
    const rows = await rolledRows(c);
    await forgetRolled(c);
    const single = (await report(c, `from=${day(-6)}&to=${day()}`)).body;
    expect(single).toBe(bodies[0]);
    expect(await rolledRows(c)).toBe(rows);
  });
});

describe('the report as a spreadsheet', () => {
  it('is UTF-8 with a BOM, semicolon-separated, in the teacher\'s language, its texts quoted where they need it', async () => {
    const c = await knownClass();
    const fi = await report(c, `from=${day()}&to=${day()}&format=csv`, { 'accept-language': 'fi-FI,fi;q=0.9,en;q=0.8' });
    expect(fi.statusCode).toBe(200);
    expect(fi.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(fi.headers['content-disposition']).toContain(`${day()}-${day()}.csv`);
    expect([...fi.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = fi.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'Oppilas;Ansaitut kolikot;Tehtävistä;Palkinnoista;Auttaminen;Palkinto ilman syytä;"Ryhmä; ""A""";Otetut kolikot ilman syytä;' +
        'Otetut kolikot (harjoiteltavaa);Tehdyt tehtävät;Palautetut vastaukset;Ostetut palkinnot;Annetut palkinnot;Hyvitetyt palkinnot;Palkintoihin käytetyt kolikot;Lähetetyt kolikot;Saadut kolikot',
    );
    expect(lines.slice(1, -1)).toEqual([
      '"Kettu; ""K""";1;0;1;0;1;0;0;0;0;0;0;0;0;0;0;0',
      'Oppilas2;4;0;4;3;1;0;0;0;0;1;1;0;0;4;0;0',
      'oppilas10;25;10;15;9;6;0;-2;2;1;0;2;1;1;5;3;0',
      'Äänekäs;5;0;5;0;1;4;0;0;0;0;0;0;0;0;0;3',
      'Luokka yhteensä;35;10;25;12;9;4;-2;2;1;1;3;1;1;9;3;3',
    ]);

    const en = await report(c, `from=${day()}&to=${day()}&format=csv&lang=en`, { 'accept-language': 'fi' });
    const enLines = en.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(enLines[0]?.startsWith('Student;Coins earned;From tasks;From awards;Auttaminen;Award without a reason;')).toBe(true);
    expect(enLines.at(-2)?.startsWith('Class total;35;')).toBe(true);
    const svLines = (await report(c, `from=${day()}&to=${day()}&format=csv&lang=sv`, { 'accept-language': 'fi' })).rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(svLines[0]).toBe(
      'Elev;Tjänade mynt;Från uppgifter;Givna mynt;Auttaminen;Mynt utan motivering;"Ryhmä; ""A""";Mynt som tagits tillbaka utan motivering;' +
        'Mynt som tagits tillbaka (att öva på);Klara uppgifter;Tillbakaskickade svar;Köpta belöningar;Utdelade belöningar;Återbetalda belöningar;Mynt använda på belöningar;Skickade mynt;Mottagna mynt',
    );
    expect(svLines.at(-2)).toBe('Klassen totalt;35;10;25;12;9;4;-2;2;1;1;3;1;1;9;3;3');
    // Without `lang`, a Finland-Swedish or Sweden-Swedish browser gets Swedish; any other language English.
    for (const acceptLanguage of ['sv-FI,sv;q=0.9,fi;q=0.8', 'sv-SE']) {
      const byBrowser = await report(c, `from=${day()}&to=${day()}&format=csv`, { 'accept-language': acceptLanguage });
      expect(byBrowser.rawPayload.subarray(3).toString('utf8').startsWith('Elev;Tjänade mynt;')).toBe(true);
    }
    const fallback = await report(c, `from=${day()}&to=${day()}&format=csv`, { 'accept-language': 'de-DE,sv;q=0.9' });
    expect(fallback.rawPayload.subarray(3).toString('utf8').startsWith('Student;')).toBe(true);
  });

  it('keeps a text that starts like a formula from being read as one', async () => {
    const { csvText } = await import('./report-csv.ts');
    expect(csvText('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvText('-a')).toBe("'-a");
    expect(csvText('Väinö')).toBe('Väinö');
    expect(csvText('a\nb')).toBe('"a\nb"');
  });
});

describe('the range', () => {
  it('refuses `to` before `from`, more than 400 days, days that do not exist and a missing day', async () => {
    const c = await knownClass();
    const refusal = async (query: string) => {
      const res = await report(c, query);
      return [res.statusCode, res.json().errorCode, res.json().field];
    };
    expect(await refusal(`from=${day()}&to=${day(-1)}`)).toEqual([400, 'VALIDATION.INVALID_INPUT', 'to']);
    expect(await refusal('from=2025-01-01&to=2026-02-05')).toEqual([400, 'VALIDATION.INVALID_INPUT', 'to']);
    expect(await refusal('from=2026-02-30&to=2026-03-01')).toEqual([400, 'VALIDATION.INVALID_INPUT', 'from']);
    expect(await refusal('from=1.12.2026&to=2026-12-01')).toEqual([400, 'VALIDATION.INVALID_INPUT', 'from']);
    expect(await refusal(`to=${day()}`)).toEqual([400, 'VALIDATION.INVALID_INPUT', 'from']);
    expect(await refusal(`from=${day()}&to=${day()}&format=pdf`)).toEqual([400, 'VALIDATION.INVALID_INPUT', 'format']);
    expect(await refusal(`from=${day()}&to=${day()}&format=csv&lang=de`)).toEqual([400, 'VALIDATION.INVALID_INPUT', 'lang']);
    // 400 days, both ends included, is allowed.
    const longest = await report(c, 'from=2025-01-01&to=2026-02-04');
    expect([longest.statusCode, longest.json().days]).toEqual([200, 400]);
  });
});

describe('who may read the report', () => {
  it("only the group's teacher: not another teacher, a student, a demo classroom's teacher or nobody", async () => {
    const c = await knownClass();
    const url = `/api/group/${c.group.id}/report?from=${day()}&to=${day()}`;
    const other = await signIn(app, await buildTeacher(db), 'teacher');
    const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: { language: 'en' } });
    const demoCookie = `kolikko_demo=${demo.cookies.find((x) => x.name === 'kolikko_demo')?.value ?? ''}`;
    const asks = async (cookie: string | undefined, headers: Record<string, string> = {}) => {
      const [json, csv] = await Promise.all([call('GET', url, cookie, undefined, headers), call('GET', `${url}&format=csv`, cookie, undefined, headers)]);
      return [...new Set([json, csv].map((r) => `${r.statusCode} ${r.json().errorCode}`))];
    };
    expect(await asks(other)).toEqual(['403 GROUP.NOT_YOUR_GROUP']);
    expect(await asks(c.tenCookie)).toEqual(['403 PERMISSION.INSUFFICIENT_PERMISSIONS']);
    expect(await asks(demoCookie, { 'x-kolikko-demo-as': 'teacher' })).toEqual(['403 GROUP.NOT_YOUR_GROUP']);
    expect(await asks(undefined)).toEqual(['401 AUTH.NO_AUTH']);
    const missing = await call('GET', `/api/group/00000000-0000-4000-8000-000000000000/report?from=${day()}&to=${day()}`, c.cookie);
    expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'GROUP.GROUP_NOT_FOUND']);
    expect((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from members where group_id = ${c.group.id}`))[0]?.n).toBe(4);
  });
});
