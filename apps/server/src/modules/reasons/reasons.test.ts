import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REASONS_PER_GROUP_MAX } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';
import { pageLanguage } from '../../platform/page-language.ts';

/** Issue 32: a group's award reasons. */
const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

async function classroom() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  return { teacher, group, cookie: await signIn(app, teacher, 'teacher') };
}

type Reason = { id: string; name: string; icon: string; coins: number; position: number };
const names = (reasons: Reason[]) => reasons.map((r) => `${r.position}:${r.name}`);

describe('default reasons', () => {
  it('gives a new group six positive reasons in the teacher\'s language', async () => {
    const teacher = await buildTeacher(db);
    const cookie = await signIn(app, teacher, 'teacher');
    const made = await call('POST', '/api/group', cookie, { id: teacher.id, group_name: '2B' }, { 'accept-language': 'fi-FI,fi;q=0.9,en;q=0.8' });
    expect(made.statusCode).toBe(201);
    expect(made.json().needs_work_enabled).toBe(false);
    const reasons = (await call('GET', `/api/group/${made.json().id}/reasons`, cookie, undefined, { 'accept-language': 'en' })).json<Reason[]>();
    expect(names(reasons)).toEqual(['1:Toisten auttaminen', '2:Yhteistyö', '3:Ahkeruus', '4:Osallistuminen', '5:Ystävällisyys', '6:Sinnikkyys']);
    expect(reasons.every((r) => r.coins > 0)).toBe(true);
    const swedish = await call('POST', '/api/group', cookie, { id: teacher.id, group_name: '2C' }, { 'accept-language': 'sv-FI,sv;q=0.9,fi;q=0.8' });
    const svenska = (await call('GET', `/api/group/${swedish.json().id}/reasons`, cookie)).json<Reason[]>();
    expect(names(svenska)).toEqual(['1:Hjälpa andra', '2:Samarbete', '3:Flit', '4:Aktivt deltagande', '5:Vänlighet', '6:Uthållighet']);
  });

  it('gives a group made before reasons existed its defaults once, however many first reads race', async () => {
    const { group, cookie } = await classroom();
    const reads = await Promise.all(Array.from({ length: 8 }, () => call('GET', `/api/group/${group.id}/reasons`, cookie)));
    expect(reads.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from award_reasons where group_id = ${group.id}`);
    expect(count?.n).toBe(6);
    expect(names(reads[0]?.json() ?? [])).toEqual(['1:Helping others', '2:Teamwork', '3:Working hard', '4:Participating', '5:Kindness', '6:Persistence']);
  });

  it('reads the language from Accept-Language, English otherwise', () => {
    expect(pageLanguage('fi')).toBe('fi');
    expect(pageLanguage('fi-FI,en;q=0.5')).toBe('fi');
    expect(pageLanguage('en-GB,fi;q=0.9')).toBe('en');
    expect(pageLanguage('sv-FI')).toBe('sv');
    expect(pageLanguage('sv,en;q=0.5')).toBe('sv');
    expect(pageLanguage('sv-SE')).toBe('sv');
    expect(pageLanguage('de-DE,sv;q=0.9')).toBe('en');
    expect(pageLanguage(undefined)).toBe('en');
  });
});

describe('changing reasons', () => {
  it('adds at the end, renames, re-icons, re-prices and moves, keeping positions contiguous', async () => {
    const { group, cookie } = await classroom();
    const added = await call('POST', `/api/group/${group.id}/reasons`, cookie, { name: '  Tidy desk ', icon: 'tidy', coins: 2 });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Tidy desk', icon: 'tidy', coins: 2, position: 7 });
    const id = added.json().id;
    const moved = await call('PUT', `/api/reason/${id}`, cookie, { position: 2, name: 'Siisti pulpetti', coins: 3, icon: 'star' });
    expect(moved.json()).toMatchObject({ name: 'Siisti pulpetti', icon: 'star', coins: 3, position: 2 });
    let list = (await call('GET', `/api/group/${group.id}/reasons`, cookie)).json<Reason[]>();
    expect(names(list)).toEqual(['1:Helping others', '2:Siisti pulpetti', '3:Teamwork', '4:Working hard', '5:Participating', '6:Kindness', '7:Persistence']);
    // Past the end means the end.
    await call('PUT', `/api/reason/${list[0]?.id}`, cookie, { position: 99 });
    list = (await call('GET', `/api/group/${group.id}/reasons`, cookie)).json<Reason[]>();
    expect(names(list)).toEqual(['1:Siisti pulpetti', '2:Teamwork', '3:Working hard', '4:Participating', '5:Kindness', '6:Persistence', '7:Helping others']);
    const removed = await call('DELETE', `/api/reason/${list[2]?.id}`, cookie);
    expect(removed.statusCode).toBe(200);
    list = (await call('GET', `/api/group/${group.id}/reasons`, cookie)).json<Reason[]>();
    expect(list.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(list.map((r) => r.name)).not.toContain('Working hard');
  });

  it('refuses bad names, icons and amounts, and "needs work" reasons until the group allows them', async () => {
    const { group, cookie } = await classroom();
    const refusals = await Promise.all([
      call('POST', `/api/group/${group.id}/reasons`, cookie, { name: '   ', icon: 'star', coins: 1 }),
      call('POST', `/api/group/${group.id}/reasons`, cookie, { name: 'x'.repeat(41), icon: 'star', coins: 1 }),
      call('POST', `/api/group/${group.id}/reasons`, cookie, { name: 'Star', icon: 'skull', coins: 1 }),
      call('POST', `/api/group/${group.id}/reasons`, cookie, { name: 'Star', icon: 'star', coins: 0 }),
      call('POST', `/api/group/${group.id}/reasons`, cookie, { name: 'Star', icon: 'star', coins: 101 }),
      call('POST', `/api/group/${group.id}/reasons`, cookie, { name: 'Star', icon: 'star', coins: 1.5 }),
      call('POST', `/api/group/${group.id}/reasons`, cookie, { name: 'Noise', icon: 'noise', coins: -1 }),
    ]);
    expect(refusals.map((r) => [r.statusCode, r.json().errorCode, r.json().field])).toEqual([
      [400, 'VALIDATION.INVALID_INPUT', 'name'],
      [400, 'VALIDATION.INVALID_INPUT', 'name'],
      [400, 'VALIDATION.INVALID_INPUT', 'icon'],
      [400, 'VALIDATION.INVALID_INPUT', 'coins'],
      [400, 'VALIDATION.INVALID_INPUT', 'coins'],
      [400, 'VALIDATION.INVALID_INPUT', 'coins'],
      [400, 'VALIDATION.INVALID_INPUT', 'coins'],
    ]);
    expect(await queryRows(db, sql`select 1 from award_reasons where group_id = ${group.id}`)).toHaveLength(0);

    const allowed = await call('PUT', `/api/group/${group.id}/settings`, cookie, { needs_work_enabled: true });
    expect(allowed.json().needs_work_enabled).toBe(true);
    const needsWork = await call('POST', `/api/group/${group.id}/reasons`, cookie, { name: 'Noise', icon: 'noise', coins: -2 });
    expect([needsWork.statusCode, needsWork.json().coins]).toEqual([201, -2]);
  });

  it(`holds at most ${REASONS_PER_GROUP_MAX} reasons a group`, async () => {
    const { group, cookie } = await classroom();
    await call('GET', `/api/group/${group.id}/reasons`, cookie);
    for (let i = 6; i < REASONS_PER_GROUP_MAX; i++) {
      expect((await call('POST', `/api/group/${group.id}/reasons`, cookie, { name: `R${i}`, icon: 'star', coins: 1 })).statusCode).toBe(201);
    }
    const over = await call('POST', `/api/group/${group.id}/reasons`, cookie, { name: 'One more', icon: 'star', coins: 1 });
    expect([over.statusCode, over.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
  });
});

describe('who may read and change reasons', () => {
  it('refuses another teacher, a student of the group, a demo teacher and nobody', async () => {
    const { group, cookie } = await classroom();
    const [reason] = (await call('GET', `/api/group/${group.id}/reasons`, cookie)).json<Reason[]>();
    const other = await signIn(app, await buildTeacher(db), 'teacher');
    const student = await signIn(app, await buildMember(db, group.id), 'member');
    const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: { language: 'en' } });
    const demoCookie = `kolikko_demo=${demo.cookies.find((c) => c.name === 'kolikko_demo')?.value ?? ''}`;
    const asks = (who: string | undefined) => {
      // The demo's teacher speaks through the header its frame sends.
      const headers: Record<string, string> = who === demoCookie ? { 'x-kolikko-demo-as': 'teacher' } : {};
      return [
        call('GET', `/api/group/${group.id}/reasons`, who, undefined, headers),
        call('POST', `/api/group/${group.id}/reasons`, who, { name: 'Mine', icon: 'star', coins: 1 }, headers),
        call('PUT', `/api/reason/${reason?.id}`, who, { name: 'Mine' }, headers),
        call('DELETE', `/api/reason/${reason?.id}`, who, undefined, headers),
      ];
    };
    const codes = async (who: string | undefined) => (await Promise.all(asks(who))).map((r) => `${r.statusCode} ${r.json().errorCode}`);
    expect(await codes(other)).toEqual(['403 GROUP.NOT_YOUR_GROUP', '403 GROUP.NOT_YOUR_GROUP', '404 AWARD.REASON_NOT_FOUND', '404 AWARD.REASON_NOT_FOUND']);
    expect(await codes(demoCookie)).toEqual(['403 GROUP.NOT_YOUR_GROUP', '403 GROUP.NOT_YOUR_GROUP', '404 AWARD.REASON_NOT_FOUND', '404 AWARD.REASON_NOT_FOUND']);
    expect(new Set(await codes(student))).toEqual(new Set(['403 PERMISSION.INSUFFICIENT_PERMISSIONS']));
    expect(new Set(await codes(undefined))).toEqual(new Set(['401 AUTH.NO_AUTH']));
    const after = (await call('GET', `/api/group/${group.id}/reasons`, cookie)).json<Reason[]>();
    expect(after).toHaveLength(6);
    expect(after[0]?.name).toBe('Helping others');
  });
});
