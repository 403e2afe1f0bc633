import { asc, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { AnswerType } from '@kolikko/core/enumerations';
import type { DbOrTx } from '../../db/client.ts';
import { coinLedger, memberTodos, members, teachers, todos } from '../../db/schema/index.ts';

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

/** The content HTML and answer type of the todos behind these member todos (a task reward's ledger reference), by member todo id. */
export async function findMemberTodoContents(db: DbOrTx, memberTodoIds: string[]): Promise<Map<string, { html: string; answertype: AnswerType }>> {
  if (memberTodoIds.length === 0) return new Map();
  const rows = await db
    .select({ id: memberTodos.id, html: todos.contentHtml, answertype: todos.answertype })
    .from(memberTodos)
    .innerJoin(todos, eq(todos.id, memberTodos.todoId))
    .where(inArray(memberTodos.id, memberTodoIds));
  return new Map(rows.map((r) => [r.id, { html: r.html, answertype: r.answertype }]));
}

/**
 * The key an account's ledger row is shown under in the teacher's grouped history (issue 33): an
 * award's rows (and its undo's) share their reason and award id; any other row is its own.
 */
const awardGroupKey = sql<string>`case when ${coinLedger.reason} in ('teacher_award', 'teacher_deduction', 'award_undo') and ${coinLedger.reference} is not null
  then ${coinLedger.reason} || ':' || ${coinLedger.reference} else ${coinLedger.id}::text end`;

/**
 * An account's ledger rows, newest group first, for at most `limit` groups (an award's rows are one
 * group, each other row one of its own); a group's rows come together, oldest first, each with its key.
 */
export async function listLedgerGroupedByAward(db: DbOrTx, account: string, limit: number) {
  const mine = or(eq(coinLedger.fromAccount, account), eq(coinLedger.toAccount, account));
  const newest = db
    .select({ key: awardGroupKey.as('group_key'), lastAt: sql<Date>`max(${coinLedger.at})`.as('last_at'), lastId: sql<number>`max(${coinLedger.id})`.as('last_id') })
    .from(coinLedger)
    .where(mine)
    .groupBy(awardGroupKey)
    .orderBy(sql`max(${coinLedger.at}) desc`, sql`max(${coinLedger.id}) desc`)
    .limit(limit)
    .as('newest');
  return db
    .select({ ...getTableColumns(coinLedger), groupKey: newest.key })
    .from(coinLedger)
    .innerJoin(newest, eq(awardGroupKey, newest.key))
    .where(mine)
    .orderBy(desc(newest.lastAt), desc(newest.lastId), asc(coinLedger.id));
}
