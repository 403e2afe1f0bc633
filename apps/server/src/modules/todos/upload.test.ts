import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';
import { multipartFile } from '../../test/multipart.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));

/**
 * Sends a multipart body over a real connection in two writes: up to `split` bytes of the file,
 * then, after a pause in which the server reads all of that, the rest. A browser's upload arrives
 * in pieces like these; where the 5 MB mark falls among them decided the answer before.
 */
function sendInTwo(path: string, cookie: string, file: Buffer, split: number | null): Promise<{ status: number; body: { errorCode?: string } }> {
  const { payload, headers } = multipartFile(file, 'big.jpg', 'image/jpeg');
  const fileStart = payload.indexOf('\r\n\r\n') + 4;
  const cut = split === null ? payload.length : fileStart + split;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: address.hostname, port: address.port, method: 'PUT', path, headers: { ...headers, cookie, 'content-length': payload.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.write(payload.subarray(0, cut));
    void sleep(split === null ? 0 : 100).then(() => req.end(payload.subarray(cut)));
  });
}

async function classroom() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const list = await buildTodolist(db, teacher.id);
  const todo = await buildTodo(db, list.id, { answertype: 'free', allowMemberImage: true });
  await showTodolist(db, group.id, 'blue', list.id);
  const member = await buildMember(db, group.id);
  const teacherCookie = await signIn(app, teacher, 'teacher');
  const memberCookie = await signIn(app, member, 'member');
  const [memberTodo]: { id: string }[] = (await app.inject({ method: 'GET', url: `/api/membertodos?group_id=${group.id}`, headers: { cookie: memberCookie } })).json();
  if (!memberTodo) throw new Error('no member todo');
  return { todo, memberTodo, teacherCookie, memberCookie };
}

describe('an upload over 5 MB', () => {
  it('answers 413 IMAGE.TOO_BIG_FILE ten times in a row on every upload route, wherever its pieces break', async () => {
    const c = await classroom();
    const routes = [
      { path: `/api/todos/${c.todo.id}/image`, cookie: c.teacherCookie },
      { path: `/api/membertodo/${c.todo.id}/${c.memberTodo.id}/image`, cookie: c.memberCookie },
    ];
    // Over by a byte or by megabytes; the first piece ends exactly at the limit (the case that
    // answered 400), just before or after it, or the body goes in one write.
    const tries: { over: number; split: number | null }[] = [
      { over: 1, split: IMAGE_MAX_BYTES },
      { over: 1_000, split: IMAGE_MAX_BYTES },
      { over: 65_536, split: IMAGE_MAX_BYTES },
      { over: 3_000_000, split: IMAGE_MAX_BYTES },
      { over: 1, split: IMAGE_MAX_BYTES - 1 },
      { over: 1_000, split: IMAGE_MAX_BYTES + 1 },
      { over: 1, split: null },
      { over: 500_000, split: 65_536 },
      { over: 2, split: IMAGE_MAX_BYTES },
      { over: 10, split: IMAGE_MAX_BYTES },
    ];
    for (const route of routes) {
      const answers = [];
      for (const { over, split } of tries) {
        const res = await sendInTwo(route.path, route.cookie, Buffer.alloc(IMAGE_MAX_BYTES + over, 7), split);
        answers.push([res.status, res.body.errorCode]);
      }
      expect([route.path, answers]).toEqual([route.path, tries.map(() => [413, 'IMAGE.TOO_BIG_FILE'])]);
    }
    expect(await queryRows(db, sql`select count(*)::int as n from images`)).toEqual([{ n: 0 }]);
  });

  it('is told apart from a file of exactly 5 MB, which is read whole (and here is no image)', async () => {
    const c = await classroom();
    const res = await sendInTwo(`/api/todos/${c.todo.id}/image`, c.teacherCookie, Buffer.alloc(IMAGE_MAX_BYTES, 7), IMAGE_MAX_BYTES);
    expect([res.status, res.body.errorCode]).toEqual([400, 'MISC.UPLOAD_FAIL']);
  });
});
