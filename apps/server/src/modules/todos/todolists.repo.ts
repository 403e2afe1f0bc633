import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groups, images, teachers, todolistShares, todolists, todos } from '../../db/schema/index.ts';

export type TodolistRow = typeof todolists.$inferSelect;
export type TodolistValues = Partial<Pick<TodolistRow, 'name' | 'category' | 'target' | 'language'>>;

export async function insertTodolist(db: DbOrTx, teacherId: string, values: TodolistValues & { name: string }): Promise<TodolistRow> {
  const [row] = await db.insert(todolists).values({ teacherId, ...values }).returning();
  if (!row) throw new Error('insert todolist returned nothing');
  return row;
}

/** A list with its owner's username and, if it is shared with this teacher, the permission. */
export async function findTodolistForTeacher(db: DbOrTx, todolistId: string, teacherId: string) {
  const [row] = await db
    .select({ list: todolists, ownerUsername: teachers.username, sharePermission: todolistShares.permissions })
    .from(todolists)
    .innerJoin(teachers, eq(teachers.id, todolists.teacherId))
    .leftJoin(todolistShares, and(eq(todolistShares.todolistId, todolists.id), eq(todolistShares.teacherId, teacherId)))
    .where(eq(todolists.id, todolistId));
  return row;
}

/** Whether the list is shown to a small group of a group the teacher co-teaches now (issue 34). */
export async function isShownToCotaughtGroup(db: DbOrTx, todolistId: string, teacherId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        or(eq(groups.blueSharedId, todolistId), eq(groups.orangeSharedId, todolistId)),
        sql`exists (select 1 from group_coteachers gc where gc.group_id = ${groups.id} and gc.teacher_id = ${teacherId}::uuid
          and gc.accepted_at is not null and (gc.until is null or gc.until > now()))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listTodolistsOfTeacher(db: DbOrTx, teacherId: string): Promise<TodolistRow[]> {
  return db.select().from(todolists).where(eq(todolists.teacherId, teacherId)).orderBy(asc(todolists.createdAt), asc(todolists.name));
}

/** Who each list is shared with (spec section 3: shared_with). */
export async function listSharesOfTodolists(db: DbOrTx, todolistIds: string[]) {
  if (todolistIds.length === 0) return [];
  return db
    .select({ todolistId: todolistShares.todolistId, teacherId: todolistShares.teacherId, username: teachers.username, permissions: todolistShares.permissions })
    .from(todolistShares)
    .innerJoin(teachers, eq(teachers.id, todolistShares.teacherId))
    .where(inArray(todolistShares.todolistId, todolistIds))
    .orderBy(asc(sql`lower(${teachers.username})`));
}

export async function updateTodolist(db: DbOrTx, todolistId: string, values: TodolistValues): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(todolists).set(values).where(eq(todolists.id, todolistId));
}

/** Deletes a list; its todos, member todos and images go with it, groups showing it show nothing. */
export async function deleteTodolist(db: DbOrTx, todolistId: string): Promise<void> {
  await db.delete(todolists).where(eq(todolists.id, todolistId));
}

/**
 * Locks the list row: every change of its todos' positions takes it first (FOR UPDATE), a copy
 * takes it shared, so positions stay 1..n without gaps or duplicates.
 */
export async function lockTodolist(db: DbOrTx, todolistId: string, mode: 'update' | 'share' = 'update'): Promise<boolean> {
  const rows = await db.select({ id: todolists.id }).from(todolists).where(eq(todolists.id, todolistId)).for(mode);
  return rows.length === 1;
}

/** The groups that show this list to a small group (to tell their members it changed). */
export async function listGroupIdsShowingTodolist(db: DbOrTx, todolistId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(or(eq(groups.blueSharedId, todolistId), eq(groups.orangeSharedId, todolistId)));
  return rows.map((r) => r.id);
}

export async function setGroupSharedTodolists(db: DbOrTx, groupId: string, values: { blueSharedId?: string | null; orangeSharedId?: string | null }) {
  await db.update(groups).set(values).where(eq(groups.id, groupId));
}

/**
 * Copies a list's todos into another list, keeping positions, and duplicates their images (each
 * image belongs to one todo). Run it in a transaction that holds the source list shared.
 */
export async function copyTodos(db: DbOrTx, fromTodolistId: string, toTodolistId: string): Promise<void> {
  await db.insert(todos).select(
    db
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        todolistId: sql<string>`${toTodolistId}::uuid`.as('todolist_id'),
        position: todos.position,
        contentHtml: todos.contentHtml,
        contentDelta: todos.contentDelta,
        reward: todos.reward,
        answertype: todos.answertype,
        answer: todos.answer,
        allowMemberImage: todos.allowMemberImage,
        createdAt: sql<Date>`now()`.as('created_at'),
        updatedAt: sql<Date>`now()`.as('updated_at'),
      })
      .from(todos)
      .where(eq(todos.todolistId, fromTodolistId)),
  );
  // The copies are matched to their originals by position, unique within each list.
  await db.execute(sql`
    insert into ${images} (name, mime, ext, bytes, todo_id)
    select replace(gen_random_uuid()::text, '-', '') || '.' || i.ext, i.mime, i.ext, i.bytes, copy.id
    from ${images} i
    join ${todos} original on original.id = i.todo_id
    join ${todos} copy on copy.todolist_id = ${toTodolistId} and copy.position = original.position
    where original.todolist_id = ${fromTodolistId}`);
}

/** Shares a list with a teacher, or changes the permission it has. */
export async function upsertTodolistShare(db: DbOrTx, todolistId: string, teacherId: string, permissions: 'read' | 'edit'): Promise<void> {
  await db
    .insert(todolistShares)
    .values({ todolistId, teacherId, permissions })
    .onConflictDoUpdate({ target: [todolistShares.todolistId, todolistShares.teacherId], set: { permissions } });
}

/** The teachers who can see a list: its owner and everyone it is shared with. */
export async function listTeacherIdsWithAccess(db: DbOrTx, todolistId: string): Promise<string[]> {
  const [owner] = await db.select({ id: todolists.teacherId }).from(todolists).where(eq(todolists.id, todolistId));
  if (!owner) return [];
  const shares = await db.select({ id: todolistShares.teacherId }).from(todolistShares).where(eq(todolistShares.todolistId, todolistId));
  return [owner.id, ...shares.map((s) => s.id)];
}
