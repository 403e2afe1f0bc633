import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberTodos, members, teachers, todos } from '../../db/schema/index.ts';

/** Usernames of the members and teachers that still exist, by id. */
export async function findUsernames(db: DbOrTx, ids: { memberIds: string[]; teacherIds: string[] }): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (ids.memberIds.length > 0) {
    for (const r of await db.select({ id: members.id, username: members.username }).from(members).where(inArray(members.id, ids.memberIds))) {
      found.set(`member:${r.id}`, r.username);
    }
  }
  if (ids.teacherIds.length > 0) {
    for (const r of await db.select({ id: teachers.id, username: teachers.username }).from(teachers).where(inArray(teachers.id, ids.teacherIds))) {
      found.set(`teacher:${r.id}`, r.username);
    }
  }
  return found;
}

/** The content HTML of the todos behind these member todos (a task reward's ledger reference), by member todo id. */
export async function findMemberTodoContents(db: DbOrTx, memberTodoIds: string[]): Promise<Map<string, string>> {
  if (memberTodoIds.length === 0) return new Map();
  const rows = await db
    .select({ id: memberTodos.id, html: todos.contentHtml })
    .from(memberTodos)
    .innerJoin(todos, eq(todos.id, memberTodos.todoId))
    .where(inArray(memberTodos.id, memberTodoIds));
  return new Map(rows.map((r) => [r.id, r.html]));
}
