import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_RATE_LIMIT_MESSAGES } from '@kolikko/core/limits';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, signIn, caller } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher } from '../../test/factories.ts';
import { eventNames, nextEvent, socketClients, type Client } from '../../test/sockets.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const clients = socketClients(app, await app.listen({ port: 0, host: '127.0.0.1' }));

const call = caller(app);
const send = (cookie: string | undefined, payload: object) => call('POST', '/api/chat', cookie, payload);

/** A teacher, its group with alice and bob, and another teacher with a group of its own and a student. */
async function school() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const alice = await buildMember(db, group.id);
  const bob = await buildMember(db, group.id);
  const otherTeacher = await buildTeacher(db);
  const otherGroup = await buildGroup(db, otherTeacher.id);
  const stranger = await buildMember(db, otherGroup.id);
  return {
    teacher,
    group,
    alice,
    bob,
    otherGroup,
    stranger,
    cookies: {
      teacher: await signIn(app, teacher, 'teacher'),
      alice: await signIn(app, alice, 'member'),
      bob: await signIn(app, bob, 'member'),
      otherTeacher: await signIn(app, otherTeacher, 'teacher'),
      stranger: await signIn(app, stranger, 'member'),
    },
  };
}

describe('sending and reading', () => {
  it("sends to the group's chat and to private chats, and reads them back newest last", async () => {
    const { teacher, group, alice, cookies } = await school();
    const first = await send(cookies.teacher, { group_id: group.id, message: 'Good morning!' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      group_id: group.id,
      member_id: null,
      teacher_id: teacher.id,
      send_by: 'teacher',
      sender_member_id: null,
      sender_teacher_id: teacher.id,
      sender_username: teacher.username,
      message: 'Good morning!',
      send_at: expect.any(String),
      seen_by_the_other: false,
    });
    expect((await send(cookies.alice, { group_id: group.id, message: 'Morning' })).json()).toMatchObject({
      send_by: 'member',
      sender_member_id: alice.id,
      sender_username: alice.username,
      member_id: null,
    });
    expect((await send(cookies.teacher, { member_id: alice.id, message: 'A word, Alice?' })).json()).toMatchObject({ member_id: alice.id, group_id: group.id });
    expect((await send(cookies.alice, { member_id: alice.id, message: 'Yes?' })).json()).toMatchObject({ member_id: alice.id, send_by: 'member' });

    const groupChat = await call('GET', `/api/chat?group_id=${group.id}`, cookies.bob);
    expect(groupChat.statusCode).toBe(200);
    expect(groupChat.json().messages.map((m: { message: string }) => m.message)).toEqual(['Good morning!', 'Morning']);
    expect(groupChat.json().has_more).toBe(false);
    const privateChat = await call('GET', `/api/chat?member_id=${alice.id}`, cookies.teacher);
    expect(privateChat.json().messages.map((m: { message: string }) => m.message)).toEqual(['A word, Alice?', 'Yes?']);
    expect((await call('GET', `/api/chat?member_id=${alice.id}`, cookies.alice)).json().messages).toHaveLength(2);
  });

  it('keeps text as given (markup too), refuses control characters, blank and too long messages', async () => {
    const { group, cookies } = await school();
    const markup = '<img src=x onerror="alert(1)"> & <b>bold</b>';
    const stored = await send(cookies.alice, { group_id: group.id, message: `  ${markup}\r\n second\tline ` });
    expect(stored.statusCode).toBe(201);
    expect(stored.headers['content-type']).toMatch(/^application\/json/);
    expect(stored.json().message).toBe(`${markup}\n second\tline`);

    // Refused like in every other text field (plugins/text-input.ts), rather than dropped unseen.
    for (const control of [`${markup}\u0000`, 'second line\u0007', '\u0000\u0001']) {
      const res = await send(cookies.alice, { group_id: group.id, message: control });
      expect([res.statusCode, res.json().errorCode, res.json().field]).toEqual([400, 'VALIDATION.INVALID_INPUT', 'message']);
    }

    for (const blank of ['', '   ', '\n\t ']) {
      const res = await send(cookies.alice, { group_id: group.id, message: blank });
      expect([res.statusCode, res.json().errorCode]).toEqual([400, 'CHAT.MESSAGE_EMPTY']);
    }
    expect((await send(cookies.alice, { group_id: group.id })).json().errorCode).toBe('CHAT.MESSAGE_EMPTY');
    expect((await send(cookies.alice, { group_id: group.id, message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH) })).statusCode).toBe(201);
    const long = await send(cookies.alice, { group_id: group.id, message: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) });
    expect([long.statusCode, long.json().errorCode, long.json().field]).toEqual([400, 'VALIDATION.INVALID_INPUT', 'message']);

    const nowhere = await send(cookies.alice, { message: 'to whom?' });
    expect([nowhere.statusCode, nowhere.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
    expect((await send(cookies.alice, { group_id: 'nope', message: 'x' })).json().errorCode).toBe('GROUP.INVALID_GROUP_ID');
  });

  it('pages backwards with before and limit', async () => {
    const { group, cookies } = await school();
    for (let i = 1; i <= 5; i++) await send(cookies.teacher, { group_id: group.id, message: `m${i}` });
    const texts = (page: { messages: { message: string }[] }) => page.messages.map((m) => m.message);

    const last = (await call('GET', `/api/chat?group_id=${group.id}&limit=2`, cookies.alice)).json();
    expect([texts(last), last.has_more]).toEqual([['m4', 'm5'], true]);
    const middle = (await call('GET', `/api/chat?group_id=${group.id}&limit=2&before=${last.messages[0].id}`, cookies.alice)).json();
    expect([texts(middle), middle.has_more]).toEqual([['m2', 'm3'], true]);
    const first = (await call('GET', `/api/chat?group_id=${group.id}&limit=2&before=${middle.messages[0].id}`, cookies.alice)).json();
    expect([texts(first), first.has_more]).toEqual([['m1'], false]);

    expect((await call('GET', `/api/chat?group_id=${group.id}&limit=0`, cookies.alice)).json().errorCode).toBe('VALIDATION.INVALID_INPUT');
    expect((await call('GET', `/api/chat?group_id=${group.id}&limit=101`, cookies.alice)).json().errorCode).toBe('VALIDATION.INVALID_INPUT');
    const elsewhere = (await send(cookies.teacher, { member_id: (await buildMember(db, group.id)).id, message: 'private' })).json();
    const wrongCursor = await call('GET', `/api/chat?group_id=${group.id}&before=${elsewhere.id}`, cookies.alice);
    expect([wrongCursor.statusCode, wrongCursor.json().errorCode]).toEqual([404, 'CHAT.MESSAGE_NOT_FOUND']);
  });
});

describe('who may chat where', () => {
  it('refuses nobody, another teacher, a student of another group, and a classmate in a private chat', async () => {
    const { group, alice, otherGroup, cookies } = await school();
    const mine = (await send(cookies.teacher, { member_id: alice.id, message: 'private' })).json();

    for (const [method, url, body] of [
      ['POST', '/api/chat', { group_id: group.id, message: 'hi' }],
      ['GET', `/api/chat?group_id=${group.id}`, undefined],
      ['POST', '/api/chat/seen', { group_id: group.id }],
      ['GET', `/api/chat/unread/teacher?userId=${group.teacherId}`, undefined],
      ['GET', `/api/chat/unread/member?userId=${alice.id}`, undefined],
      ['DELETE', `/api/chat/${mine.id}`, undefined],
    ] as const) {
      const res = await call(method, url, undefined, body);
      expect([url, res.statusCode, res.json().errorCode]).toEqual([url, 401, 'AUTH.NO_AUTH']);
    }

    const outcomes: [string, Promise<{ statusCode: number; json(): { errorCode: string } }>, number, string][] = [
      ['other teacher posts to the group', send(cookies.otherTeacher, { group_id: group.id, message: 'hi' }), 404, 'CHAT.CHAT_NOT_FOUND'],
      ['other teacher reads the group', call('GET', `/api/chat?group_id=${group.id}`, cookies.otherTeacher), 404, 'CHAT.CHAT_NOT_FOUND'],
      ['other teacher writes to alice', send(cookies.otherTeacher, { member_id: alice.id, message: 'hi' }), 404, 'CHAT.CHAT_NOT_FOUND'],
      ['other teacher reads alice', call('GET', `/api/chat?member_id=${alice.id}`, cookies.otherTeacher), 404, 'CHAT.CHAT_NOT_FOUND'],
      ['other teacher marks seen', call('POST', '/api/chat/seen', cookies.otherTeacher, { member_id: alice.id }), 404, 'CHAT.CHAT_NOT_FOUND'],
      ['teacher names a group and a member of another', send(cookies.teacher, { group_id: otherGroup.id, member_id: alice.id, message: 'x' }), 404, 'CHAT.CHAT_NOT_FOUND'],
      ['stranger posts to the group', send(cookies.stranger, { group_id: group.id, message: 'hi' }), 403, 'CHAT.UNAUTHORIZED_USER'],
      ['stranger reads the group', call('GET', `/api/chat?group_id=${group.id}`, cookies.stranger), 403, 'CHAT.UNAUTHORIZED_USER'],
      ['bob reads alice', call('GET', `/api/chat?member_id=${alice.id}`, cookies.bob), 403, 'CHAT.UNAUTHORIZED_USER'],
      ['bob writes into alice', send(cookies.bob, { member_id: alice.id, message: 'psst' }), 403, 'CHAT.UNAUTHORIZED_USER'],
      ['bob marks alice seen', call('POST', '/api/chat/seen', cookies.bob, { member_id: alice.id }), 403, 'CHAT.UNAUTHORIZED_USER'],
      ['bob deletes in alice', call('DELETE', `/api/chat/${mine.id}`, cookies.bob), 404, 'CHAT.MESSAGE_NOT_FOUND'],
      ['stranger deletes', call('DELETE', `/api/chat/${mine.id}`, cookies.stranger), 404, 'CHAT.MESSAGE_NOT_FOUND'],
      ['other teacher deletes', call('DELETE', `/api/chat/${mine.id}`, cookies.otherTeacher), 404, 'CHAT.MESSAGE_NOT_FOUND'],
      ['a student asks for teacher counts', call('GET', `/api/chat/unread/teacher?userId=${alice.id}`, cookies.alice), 403, 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
      ['bob asks for alice counts', call('GET', `/api/chat/unread/member?userId=${alice.id}`, cookies.bob), 403, 'USER.NOT_YOU'],
      ['another teacher asks for counts', call('GET', `/api/chat/unread/teacher?userId=${group.teacherId}`, cookies.otherTeacher), 403, 'USER.NOT_YOU'],
    ];
    for (const [what, pending, status, code] of outcomes) {
      const res = await pending;
      expect([what, res.statusCode, res.json().errorCode]).toEqual([what, status, code]);
    }
    expect((await call('GET', `/api/chat?member_id=${alice.id}`, cookies.teacher)).json().messages).toHaveLength(1);
  });

  it('lets a teacher delete any message of its groups and a member only its own', async () => {
    const { group, alice, cookies } = await school();
    const fromTeacher = (await send(cookies.teacher, { group_id: group.id, message: 'from teacher' })).json();
    const fromAlice = (await send(cookies.alice, { group_id: group.id, message: 'from alice' })).json();
    const fromBob = (await send(cookies.bob, { group_id: group.id, message: 'from bob' })).json();
    const privateOfAlice = (await send(cookies.alice, { member_id: alice.id, message: 'private' })).json();

    const refused = await call('DELETE', `/api/chat/${fromTeacher.id}`, cookies.alice);
    expect([refused.statusCode, refused.json().errorCode]).toEqual([403, 'CHAT.UNAUTHORIZED_USER']);
    expect((await call('DELETE', `/api/chat/${fromBob.id}`, cookies.alice)).json().errorCode).toBe('CHAT.UNAUTHORIZED_USER');
    expect((await call('DELETE', `/api/chat/${fromAlice.id}`, cookies.alice)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/chat/${privateOfAlice.id}`, cookies.alice)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/chat/${fromBob.id}`, cookies.teacher)).statusCode).toBe(200);
    const again = await call('DELETE', `/api/chat/${fromBob.id}`, cookies.teacher);
    expect([again.statusCode, again.json().errorCode]).toEqual([404, 'CHAT.MESSAGE_NOT_FOUND']);
    expect((await call('DELETE', '/api/chat/not-an-id', cookies.teacher)).json().errorCode).toBe('CHAT.MESSAGE_NOT_FOUND');
    const left = (await call('GET', `/api/chat?group_id=${group.id}`, cookies.teacher)).json().messages;
    expect(left.map((m: { id: string }) => m.id)).toEqual([fromTeacher.id]);
  });

  it('rate limits each sender, not the others', async () => {
    const { group, cookies } = await school();
    for (let i = 0; i < CHAT_RATE_LIMIT_MESSAGES; i++) {
      expect((await send(cookies.alice, { group_id: group.id, message: `spam ${i}` })).statusCode).toBe(201);
    }
    const limited = await send(cookies.alice, { group_id: group.id, message: 'one more' });
    expect([limited.statusCode, limited.json().errorCode]).toEqual([429, 'SERVER.TRY_AGAIN']);
    expect((await send(cookies.bob, { group_id: group.id, message: 'my turn' })).statusCode).toBe(201);
    expect((await send(cookies.teacher, { group_id: group.id, message: 'calm down' })).statusCode).toBe(201);
  });

  it("goes with a deleted member: its private chat and its group messages", async () => {
    const { group, alice, cookies } = await school();
    await send(cookies.alice, { group_id: group.id, message: 'mine' });
    await send(cookies.teacher, { member_id: alice.id, message: 'to alice' });
    await send(cookies.bob, { group_id: group.id, message: 'stays' });
    await call('DELETE', `/api/member/${alice.id}`, cookies.teacher);
    const rows = await queryRows<{ message: string }>(db, sql`select message from chat_messages order by send_at`);
    expect(rows.map((r) => r.message)).toEqual(['stays']);
  });
});

describe('unread counts and seen', () => {
  it('counts what the other side wrote until the conversation is opened', async () => {
    const { teacher, group, alice, bob, cookies } = await school();
    await send(cookies.alice, { member_id: alice.id, message: 'p1' });
    await send(cookies.alice, { member_id: alice.id, message: 'p2' });
    await send(cookies.bob, { group_id: group.id, message: 'g1' });
    const teacherUnread = () => call('GET', `/api/chat/unread/teacher?userId=${teacher.id}`, cookies.teacher).then((r) => r.json());
    expect(await teacherUnread()).toEqual(
      expect.arrayContaining([
        { group_id: group.id, member_id: alice.id, unread_count: 2 },
        { group_id: group.id, member_id: null, unread_count: 1 },
      ]),
    );

    expect((await call('POST', '/api/chat/seen', cookies.teacher, { member_id: alice.id })).json()).toEqual({ ok: true, marked: 2 });
    expect(await teacherUnread()).toEqual([{ group_id: group.id, member_id: null, unread_count: 1 }]);
    const seenPrivate = (await call('GET', `/api/chat?member_id=${alice.id}`, cookies.alice)).json().messages;
    expect(seenPrivate.every((m: { seen_by_the_other: boolean }) => m.seen_by_the_other)).toBe(true);
    await call('POST', '/api/chat/seen', cookies.teacher, { group_id: group.id });
    expect(await teacherUnread()).toEqual([]);

    await send(cookies.teacher, { member_id: alice.id, message: 'answer' });
    await send(cookies.teacher, { group_id: group.id, message: 'to everyone' });
    const memberUnread = (who: 'alice' | 'bob', id: string) => call('GET', `/api/chat/unread/member?userId=${id}`, cookies[who]).then((r) => r.json());
    expect(await memberUnread('alice', alice.id)).toEqual({ unread_count: 3, private_unread_count: 1, group_unread_count: 2 });
    expect(await memberUnread('bob', bob.id)).toEqual({ unread_count: 1, private_unread_count: 0, group_unread_count: 1 });

    expect((await call('POST', '/api/chat/seen', cookies.alice, { group_id: group.id })).json()).toEqual({ ok: true, marked: 1 });
    expect(await memberUnread('alice', alice.id)).toEqual({ unread_count: 1, private_unread_count: 1, group_unread_count: 0 });
    // Bob's own read mark has not moved, though the teacher's message counts as seen by the group.
    expect(await memberUnread('bob', bob.id)).toEqual({ unread_count: 1, private_unread_count: 0, group_unread_count: 1 });
    await call('POST', '/api/chat/seen', cookies.alice, { member_id: alice.id });
    expect(await memberUnread('alice', alice.id)).toEqual({ unread_count: 0, private_unread_count: 0, group_unread_count: 0 });
  });
});

describe('chat live events', () => {
  it("reach the conversation's rooms only", async () => {
    const { group, alice, cookies } = await school();
    const s: Record<string, Client> = {};
    for (const who of ['teacher', 'alice', 'bob', 'otherTeacher', 'stranger'] as const) s[who] = await clients.connect(cookies[who]);
    const all = Object.values(s);
    const heard = async () => {
      const names: string[][] = [];
      for (const c of all) {
        await clients.settle(c);
        names.push(eventNames(c));
        c.seen.length = 0;
      }
      return names;
    };
    await heard();

    const toGroup = nextEvent(s.bob!, 'teacher-sent-a-chat');
    const sent = (await send(cookies.teacher, { group_id: group.id, message: 'hello class' })).json();
    expect(await toGroup).toEqual(sent);
    // teacher, alice, bob, otherTeacher, stranger
    expect(await heard()).toEqual([['teacher-sent-a-chat'], ['teacher-sent-a-chat'], ['teacher-sent-a-chat'], [], []]);

    await send(cookies.alice, { group_id: group.id, message: 'hi all' });
    expect(await heard()).toEqual([['member-sent-a-chat'], ['member-sent-a-chat'], ['member-sent-a-chat'], [], []]);

    const privately = (await send(cookies.teacher, { member_id: alice.id, message: 'just you' })).json();
    await send(cookies.alice, { member_id: alice.id, message: 'ok' });
    expect(await heard()).toEqual([['teacher-sent-a-chat', 'member-sent-a-chat'], ['teacher-sent-a-chat', 'member-sent-a-chat'], [], [], []]);

    const deleted = nextEvent(s.alice!, 'chat-message-deleted');
    await call('DELETE', `/api/chat/${privately.id}`, cookies.teacher);
    expect(await deleted).toEqual({ id: privately.id, group_id: group.id, member_id: alice.id });
    await call('DELETE', `/api/chat/${sent.id}`, cookies.teacher);
    expect(await heard()).toEqual([['chat-message-deleted', 'chat-message-deleted'], ['chat-message-deleted', 'chat-message-deleted'], ['chat-message-deleted'], [], []]);

    // The teacher reads Alice's private chat: its own tabs hear it (unread counts), nobody else;
    // reading it again, with nothing new, says nothing.
    const read = nextEvent(s.teacher!, 'teacher-read-chat');
    await call('POST', '/api/chat/seen', cookies.teacher, { member_id: alice.id });
    expect(await read).toEqual({ group_id: group.id, member_id: alice.id, count: 1 });
    await call('POST', '/api/chat/seen', cookies.teacher, { member_id: alice.id });
    expect(await heard()).toEqual([['teacher-read-chat'], [], [], [], []]);
  });
});
