import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rooms } from '@kolikko/core/events';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';
import { nextEvent, request, socketClients, type Client, reaches as probeReaches } from '../../test/sockets.ts';

/**
 * Issue 34, live: a co-teacher's open sockets join the group's teachers room when it accepts,
 * and leave it at once when the owner removes it or its last day passes; the owner's purse never
 * reaches a co-teacher's socket.
 */
const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);

const reaches = (client: Client, room: string) => probeReaches(app, clients, client, room);

async function coteaching() {
  const owner = await buildTeacher(db);
  const coteacher = await buildTeacher(db);
  const group = await buildGroup(db, owner.id);
  const member = await buildMember(db, group.id);
  const ownerCookie = await signIn(app, owner, 'teacher');
  const coteacherCookie = await signIn(app, coteacher, 'teacher');
  const owned = await clients.connect(ownerCookie);
  const co = await clients.connect(coteacherCookie);
  const invitation = (await call('POST', `/api/group/${group.id}/coteachers`, ownerCookie, { recipient: coteacher.username })).json() as { id: string };
  return { owner, coteacher, group, member, ownerCookie, coteacherCookie, owned, co, invitation };
}

describe('co-teaching, live', () => {
  it('joins the sockets of a co-teacher who accepts, and both teachers hear of it', async () => {
    const s = await coteaching();
    expect(await reaches(s.co, rooms.groupTeachers(s.group.id))).toBe(false);
    expect(await request(s.co, 'teacher-join-room', { group_id: s.group.id })).toEqual({ ok: false, errorCode: 'GROUP.NOT_YOUR_GROUP' });
    const told = nextEvent(s.owned, 'coteaching-changed');
    expect((await call('POST', `/api/coteaching/invitations/${s.invitation.id}/accept`, s.coteacherCookie)).statusCode).toBe(200);
    expect(await told).toEqual({ group_id: s.group.id, teacher_id: s.coteacher.id, change: 'started' });
    expect(await reaches(s.co, rooms.groupTeachers(s.group.id))).toBe(true);
    expect(await request(s.co, 'teacher-join-room', { group_id: s.group.id })).toEqual({ ok: true, rooms: [rooms.groupTeachers(s.group.id)] });
    // A socket opened later joins the group's room on connecting.
    const later = await clients.connect(s.coteacherCookie);
    expect(await reaches(later, rooms.groupTeachers(s.group.id))).toBe(true);
  });

  it("takes a removed co-teacher's sockets out of the group's room at once, and tells its screens", async () => {
    const s = await coteaching();
    await call('POST', `/api/coteaching/invitations/${s.invitation.id}/accept`, s.coteacherCookie);
    expect(await reaches(s.co, rooms.groupTeachers(s.group.id))).toBe(true);
    const ended = nextEvent(s.co, 'coteaching-changed', { where: (p) => p.change === 'ended' });
    expect((await call('DELETE', `/api/group/${s.group.id}/coteachers/${s.coteacher.id}`, s.ownerCookie)).statusCode).toBe(200);
    expect(await ended).toEqual({ group_id: s.group.id, teacher_id: s.coteacher.id, change: 'ended' });
    expect(await reaches(s.co, rooms.groupTeachers(s.group.id))).toBe(false);
    expect(await reaches(s.owned, rooms.groupTeachers(s.group.id))).toBe(true);
    expect(await request(s.co, 'teacher-join-room', { group_id: s.group.id })).toEqual({ ok: false, errorCode: 'GROUP.NOT_YOUR_GROUP' });
  });

  it("ends a co-teaching whose last day passed: the job takes its sockets out and removes the row", async () => {
    const s = await coteaching();
    await call('POST', `/api/coteaching/invitations/${s.invitation.id}/accept`, s.coteacherCookie);
    await db.execute(sql`update group_coteachers set until = now() - interval '1 second' where teacher_id = ${s.coteacher.id}`);
    // Refused on every route already; the socket still sits in the room until the job runs.
    expect((await call('GET', `/api/group/${s.group.id}/members`, s.coteacherCookie)).statusCode).toBe(403);
    const ended = nextEvent(s.co, 'coteaching-changed', { where: (p) => p.change === 'ended' });
    expect(await app.jobs.runNow('end-coteachings')).toEqual({ rows: 1 });
    await ended;
    expect(await reaches(s.co, rooms.groupTeachers(s.group.id))).toBe(false);
    expect((await call('GET', `/api/group/${s.group.id}/coteachers`, s.ownerCookie)).json()).toEqual([]);
    expect(await app.jobs.runNow('end-coteachings')).toEqual({ rows: 0 });
  });

  it("sends a student's deletion to both teachers, the refunded purse only to the owner", async () => {
    const s = await coteaching();
    await call('POST', `/api/coteaching/invitations/${s.invitation.id}/accept`, s.coteacherCookie);
    const toOwner = nextEvent(s.owned, 'teacher-delete-member');
    const toCoteacher = nextEvent(s.co, 'teacher-delete-member');
    expect((await call('DELETE', `/api/member/${s.member.id}`, s.ownerCookie)).statusCode).toBe(200);
    expect(await toOwner).toEqual({ member_id: s.member.id, group_id: s.group.id, teacher_coins: expect.any(Number) });
    expect(await toCoteacher).toEqual({ member_id: s.member.id, group_id: s.group.id });
  });
});
