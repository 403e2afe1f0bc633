import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';

export interface DashboardGroupRow {
  id: string;
  name: string;
  answers_to_approve: number;
  rewards_to_hand_out: number;
}

/**
 * The teacher's groups with what waits in each: open answers awaiting approval (the class grid's
 * "awaiting teacher": a free todo of the list shown to the student's small group, not done, not
 * sent back, with a written answer or a picture) and reward purchases still pending.
 */
export async function listGroupsWaiting(db: DbOrTx, teacherId: string): Promise<DashboardGroupRow[]> {
  const result = await db.execute(sql`
    select g.id, g.name,
      (select count(*)::int
         from members m
         join member_todos mt on mt.member_id = m.id
           and mt.todolist_id = case m.small_group when 'blue' then g.blue_shared_id else g.orange_shared_id end
         join todos t on t.id = mt.todo_id and t.answertype = 'free'
        where m.group_id = g.id and not mt.completed and mt.sent_back_comment is null
          and (mt.member_answer ~ '[^[:space:]]' or exists (select 1 from images i where i.member_todo_id = mt.id))) as answers_to_approve,
      (select count(*)::int from reward_purchases rp where rp.group_id = g.id and rp.state = 'pending') as rewards_to_hand_out
    from groups g
    where g.teacher_id = ${teacherId}::uuid
    order by g.created_at, g.name`);
  return rowsOf<DashboardGroupRow>(result);
}

export interface DashboardTotalsRow {
  owed_rewards: number;
  owed_coins: number;
  unread_messages: number;
  coins_awarded: number;
  tasks_done: number;
  rewards_bought: number;
}

/** The teacher's owed rewards, unseen messages from students, and what happened since `since`. */
export async function readTotals(db: DbOrTx, teacherId: string, since: Date): Promise<DashboardTotalsRow> {
  const account = `teacher:${teacherId}`;
  const result = await db.execute(sql`
    select
      (select count(*)::int from owed_rewards where teacher_id = ${teacherId}::uuid) as owed_rewards,
      (select coalesce(sum(amount), 0)::int from owed_rewards where teacher_id = ${teacherId}::uuid) as owed_coins,
      (select count(*)::int from chat_messages
        where teacher_id = ${teacherId}::uuid and send_by = 'member' and not seen_by_the_other) as unread_messages,
      (select coalesce(sum(amount), 0)::int from coin_ledger
        where from_account = ${account} and at >= ${since.toISOString()}::timestamptz
          and reason in ('teacher_award', 'todo_reward') and to_account like 'member:%') as coins_awarded,
      (select count(*)::int from member_todos mt join members m on m.id = mt.member_id join groups g on g.id = m.group_id
        where g.teacher_id = ${teacherId}::uuid and mt.completed and mt.updated_at >= ${since.toISOString()}::timestamptz) as tasks_done,
      (select count(*)::int from reward_purchases rp join groups g on g.id = rp.group_id
        where g.teacher_id = ${teacherId}::uuid and rp.purchased_at >= ${since.toISOString()}::timestamptz) as rewards_bought`);
  const [row] = rowsOf<DashboardTotalsRow>(result);
  if (!row) throw new Error('dashboard totals returned nothing');
  return row;
}
