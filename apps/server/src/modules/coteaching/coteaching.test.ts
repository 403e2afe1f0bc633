import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';

/** Issue 34: a group's owner invites co-teachers; the invitee accepts or declines; the owner removes. */
const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

const DAY_MS = 24 * 3600 * 1000;
const day = (offset = 0) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const codeOf = (res: { statusCode: number; body: string }) => `${res.statusCode} ${(JSON.parse(res.body) as { errorCode?: string }).errorCode ?? ''}`.trim();

async function school() {
  const owner = await buildTeacher(db);
  const invitee = await buildTeacher(db, { email: `sub_${Math.random().toString(36).slice(2, 8)}@school.test` });
  const group = await buildGroup(db, owner.id);
  const member = await buildMember(db, group.id);
  return { owner, invitee, group, member, ownerCookie: await signIn(app, owner, 'teacher'), inviteeCookie: await signIn(app, invitee, 'teacher') };
}

describe('co-teaching invitations', () => {
  it('invites by username or e-mail, optionally until a day; the invitee sees it and accepts, once', async () => {
    const s = await school();
    const invited = await call('POST', `/api/group/${s.group.id}/coteachers`, s.ownerCookie, { recipient: s.invitee.email.toUpperCase(), until: day(6) });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ teacher_id: s.invitee.id, username: s.invitee.username, accepted: false, until: `${day(7)}T00:00:00.000Z` });
    // The same teacher again, by username, or as two racing invitations: one row.
    expect(codeOf(await call('POST', `/api/group/${s.group.id}/coteachers`, s.ownerCookie, { recipient: s.invitee.username }))).toBe('409 COTEACHING.ALREADY_INVITED');

    const invitations = (await call('GET', '/api/coteaching/invitations', s.inviteeCookie)).json();
    expect(invitations).toEqual([
      { id: invited.json().id, group_id: s.group.id, group_name: s.group.name, owner_username: s.owner.username, until: `${day(7)}T00:00:00.000Z`, invited_at: expect.any(String) },
    ]);
    // Only the invitee can answer it.
    expect(codeOf(await call('POST', `/api/coteaching/invitations/${invited.json().id}/accept`, s.ownerCookie))).toBe('404 COTEACHING.INVITATION_NOT_FOUND');
    const accepts = await Promise.all([1, 2, 3].map(() => call('POST', `/api/coteaching/invitations/${invited.json().id}/accept`, s.inviteeCookie)));
    expect(accepts.map(codeOf).sort()).toEqual(['200', '404 COTEACHING.INVITATION_NOT_FOUND', '404 COTEACHING.INVITATION_NOT_FOUND']);
    expect(accepts.find((r) => r.statusCode === 200)?.json()).toEqual({ group_id: s.group.id });
    expect((await call('GET', '/api/coteaching/invitations', s.inviteeCookie)).json()).toEqual([]);
    expect((await call('GET', `/api/group/${s.group.id}/coteachers`, s.ownerCookie)).json()).toMatchObject([{ teacher_id: s.invitee.id, accepted: true }]);
    expect(codeOf(await call('POST', `/api/coteaching/invitations/${invited.json().id}/decline`, s.inviteeCookie))).toBe('404 COTEACHING.INVITATION_NOT_FOUND');
  });

  it('lets the invitee decline, and the owner withdraw an invitation or remove a co-teacher', async () => {
    const s = await school();
    const first = (await call('POST', `/api/group/${s.group.id}/coteachers`, s.ownerCookie, { recipient: s.invitee.username })).json();
    expect(codeOf(await call('POST', `/api/coteaching/invitations/${first.id}/decline`, s.inviteeCookie))).toBe('200');
    expect((await call('GET', `/api/group/${s.group.id}/coteachers`, s.ownerCookie)).json()).toEqual([]);

    const withdrawn = (await call('POST', `/api/group/${s.group.id}/coteachers`, s.ownerCookie, { recipient: s.invitee.username })).json();
    expect(codeOf(await call('DELETE', `/api/group/${s.group.id}/coteachers/${s.invitee.id}`, s.ownerCookie))).toBe('200');
    expect(codeOf(await call('POST', `/api/coteaching/invitations/${withdrawn.id}/accept`, s.inviteeCookie))).toBe('404 COTEACHING.INVITATION_NOT_FOUND');

    const again = (await call('POST', `/api/group/${s.group.id}/coteachers`, s.ownerCookie, { recipient: s.invitee.username })).json();
    await call('POST', `/api/coteaching/invitations/${again.id}/accept`, s.inviteeCookie);
    expect(codeOf(await call('DELETE', `/api/group/${s.group.id}/coteachers/${s.invitee.id}`, s.ownerCookie))).toBe('200');
    expect(codeOf(await call('DELETE', `/api/group/${s.group.id}/coteachers/${s.invitee.id}`, s.ownerCookie))).toBe('404 COTEACHING.NOT_A_COTEACHER');
    expect((await call('GET', `/api/group/${s.group.id}/coteachers`, s.ownerCookie)).json()).toEqual([]);
  });

  it('refuses a day gone by, an unknown teacher, oneself, a teacher who blocked the owner, and the eleventh', async () => {
    const s = await school();
    const invite = (body: Record<string, unknown>) => call('POST', `/api/group/${s.group.id}/coteachers`, s.ownerCookie, body).then(codeOf);
    expect(await invite({ recipient: s.invitee.username, until: day(-1) })).toBe('400 VALIDATION.INVALID_INPUT');
    expect(await invite({ recipient: s.invitee.username, until: '2026-02-30' })).toBe('400 VALIDATION.INVALID_INPUT');
    expect(await invite({ recipient: 'nobody-at-all' })).toBe('404 USER.USER_NOT_FOUND');
    expect(await invite({ recipient: '   ' })).toBe('404 USER.USER_NOT_FOUND');
    expect(await invite({ recipient: s.owner.username })).toBe('403 USER.NOT_YOU');
    await db.execute(sql`insert into teacher_blocks (teacher_id, blocked_id) values (${s.invitee.id}, ${s.owner.id})`);
    expect(await invite({ recipient: s.invitee.username })).toBe('403 USER.CANNOT_RECEIVE_SHARES');
    const tenth = await buildTeacher(db);
    for (let i = 0; i < 9; i++) expect(await invite({ recipient: (await buildTeacher(db)).username })).toBe('201');
    expect(await invite({ recipient: tenth.username, until: day(0) })).toBe('201');
    expect(await invite({ recipient: (await buildTeacher(db)).username })).toBe('400 VALIDATION.INVALID_INPUT');
    // An invitation whose last day has passed can no longer be accepted, and is not listed.
    const late = await signIn(app, tenth, 'teacher');
    const [open] = (await call('GET', '/api/coteaching/invitations', late)).json();
    await db.execute(sql`update group_coteachers set until = now() - interval '1 second' where teacher_id = ${tenth.id}`);
    expect((await call('GET', '/api/coteaching/invitations', late)).json()).toEqual([]);
    expect(codeOf(await call('POST', `/api/coteaching/invitations/${open.id}/accept`, late))).toBe('404 COTEACHING.INVITATION_NOT_FOUND');
  });

  it("is the owner's alone: not another teacher, a co-teacher, a student, a demo classroom's teacher or nobody", async () => {
    const s = await school();
    const other = await signIn(app, await buildTeacher(db), 'teacher');
    const invited = (await call('POST', `/api/group/${s.group.id}/coteachers`, s.ownerCookie, { recipient: s.invitee.username })).json();
    await call('POST', `/api/coteaching/invitations/${invited.id}/accept`, s.inviteeCookie);
    const third = await buildTeacher(db);
    const memberCookie = await signIn(app, s.member, 'member');
    const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: { language: 'en' } });
    const demoCookie = `kolikko_demo=${demo.cookies.find((x) => x.name === 'kolikko_demo')?.value ?? ''}`;
    const asDemo = { 'x-kolikko-demo-as': 'teacher' };
    const tries = async (cookie: string | undefined, headers: Record<string, string> = {}) =>
      [
        await call('GET', `/api/group/${s.group.id}/coteachers`, cookie, undefined, headers),
        await call('POST', `/api/group/${s.group.id}/coteachers`, cookie, { recipient: third.username }, headers),
        await call('DELETE', `/api/group/${s.group.id}/coteachers/${s.invitee.id}`, cookie, undefined, headers),
      ].map(codeOf);
    expect(await tries(other)).toEqual(['403 GROUP.NOT_YOUR_GROUP', '403 GROUP.NOT_YOUR_GROUP', '403 GROUP.NOT_YOUR_GROUP']);
    expect(await tries(s.inviteeCookie)).toEqual(['403 COTEACHING.OWNER_ONLY', '403 COTEACHING.OWNER_ONLY', '403 COTEACHING.OWNER_ONLY']);
    expect(await tries(memberCookie)).toEqual(['403 PERMISSION.INSUFFICIENT_PERMISSIONS', '403 PERMISSION.INSUFFICIENT_PERMISSIONS', '403 PERMISSION.INSUFFICIENT_PERMISSIONS']);
    expect(await tries(demoCookie, asDemo)).toEqual(['403 GROUP.NOT_YOUR_GROUP', '403 PERMISSION.INSUFFICIENT_PERMISSIONS', '403 GROUP.NOT_YOUR_GROUP']);
    expect(await tries(undefined)).toEqual(['401 AUTH.NO_AUTH', '401 AUTH.NO_AUTH', '401 AUTH.NO_AUTH']);
    expect(codeOf(await call('GET', '/api/coteaching/invitations', memberCookie))).toBe('403 PERMISSION.INSUFFICIENT_PERMISSIONS');
    expect(codeOf(await call('GET', '/api/coteaching/invitations', undefined))).toBe('401 AUTH.NO_AUTH');
    // Nothing changed by any of them.
    expect((await call('GET', `/api/group/${s.group.id}/coteachers`, s.ownerCookie)).json()).toMatchObject([{ teacher_id: s.invitee.id, accepted: true }]);
  });

  it('goes with its group: a removed group takes its co-teachers and invitations along', async () => {
    const s = await school();
    await call('POST', `/api/group/${s.group.id}/coteachers`, s.ownerCookie, { recipient: s.invitee.username });
    expect(codeOf(await call('DELETE', `/api/group/${s.group.id}`, s.ownerCookie))).toBe('200');
    expect((await call('GET', '/api/coteaching/invitations', s.inviteeCookie)).json()).toEqual([]);
    expect(await queryRows(db, sql`select 1 from group_coteachers where group_id = ${s.group.id}`)).toEqual([]);
  });
});
