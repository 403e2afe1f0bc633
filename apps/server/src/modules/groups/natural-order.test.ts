import { describe, expect, it } from 'vitest';
import { buildTestApp, caller, signIn } from '../../test/build-test-app.ts';
import { buildGroup, buildMember, buildTeacher, buildTodo, buildTodolist, showTodolist } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);

/** Issue 33, stumble 4: students are listed in natural order (oppilas2 before oppilas10), not as text. */
describe('students in natural order', () => {
  it('lists the members, the class view and the classmates with numbers as numbers', async () => {
    const teacher = await buildTeacher(db);
    const group = await buildGroup(db, teacher.id);
    const p = `nat${Date.now().toString(36).slice(-4).replace(/\d/g, 'q')}`;
    for (const n of [10, 1, 2, 21, 3]) await buildMember(db, group.id, { username: `${p}${n}` });
    const ten = await buildMember(db, group.id, { username: `${p.toUpperCase()}100` });
    const cookie = await signIn(app, teacher, 'teacher');
    const list = await buildTodolist(db, teacher.id);
    await buildTodo(db, list.id);
    await showTodolist(db, group.id, 'blue', list.id);
    const expected = [`${p}1`, `${p}2`, `${p}3`, `${p}10`, `${p}21`, `${p.toUpperCase()}100`];

    const members = await call('GET', `/api/group/${group.id}/members`, cookie);
    expect(members.statusCode).toBe(200);
    expect(members.json().map((m: { username: string }) => m.username)).toEqual(expected);

    const grid = await call('GET', `/api/membertodos/grid?group_id=${group.id}&color=blue`, cookie);
    expect(grid.statusCode).toBe(200);
    expect(grid.json().members.map((m: { username: string }) => m.username)).toEqual(expected);

    const classmates = await call('GET', `/api/member/${ten.id}/classmates`, await signIn(app, ten, 'member'));
    expect(classmates.statusCode).toBe(200);
    expect(classmates.json().map((m: { username: string }) => m.username)).toEqual(expected.slice(0, -1));
  });
});
