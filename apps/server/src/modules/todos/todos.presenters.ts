import type { ListPermission, SharePermission, StoredTodolistCategory, TodolistLanguage, TodolistTarget } from '@kolikko/core/enumerations';
import type { TMemberTodo, TTodo, TTodolist } from '@kolikko/core/schemas/todos';
import type { MemberTodoReadRow } from './member-todos.repo.ts';
import type { TodolistRow } from './todolists.repo.ts';
import type { TodoRow } from './todos.repo.ts';

export function presentTodolist(
  list: TodolistRow,
  access: { permissions: ListPermission; sharedWith: { username: string; permissions: SharePermission }[]; sharedByUsername?: string },
): TTodolist {
  return {
    id: list.id,
    name: list.name,
    // Stored only after validation against the enumerations (see ZUpdateTodolistRequest).
    category: list.category as StoredTodolistCategory | null,
    date_created: list.createdAt.toISOString(),
    target: list.target as TodolistTarget | null,
    language: list.language satisfies TodolistLanguage,
    permissions: access.permissions,
    shared_with: access.permissions === 'owner' ? access.sharedWith : [],
    ...(access.sharedByUsername === undefined ? {} : { shared_by_username: access.sharedByUsername }),
    communityStatus: list.communityStatus,
  };
}

export function presentTodo(row: { todo: TodoRow; imagepath: string | null }): TTodo {
  const { todo } = row;
  return {
    id: todo.id,
    todolist_id: todo.todolistId,
    position: todo.position,
    content_html: todo.contentHtml,
    content_delta: todo.contentDelta,
    reward: todo.reward,
    answertype: todo.answertype,
    answer: todo.answer,
    allow_member_image: todo.allowMemberImage,
    imagepath: row.imagepath,
  };
}

/** A member todo; the stored answer only ever goes to the teacher (spec: never to a student's browser). */
export function presentMemberTodo(row: MemberTodoReadRow & { memberTodoId: string }, viewer: 'teacher' | 'member'): TMemberTodo {
  return {
    id: row.memberTodoId,
    todo_id: row.todoId,
    member_id: row.memberId,
    todolist_id: row.todolistId,
    position: row.position,
    completed: row.completed ?? false,
    reward: row.reward,
    reward_collected: row.rewardCollected ?? 0,
    reward_owed: row.rewardOwed ?? 0,
    answertype: row.answertype,
    answer: viewer === 'teacher' ? row.answer : null,
    member_answer: row.memberAnswer ?? '',
    member_image_path: row.memberImagePath,
    allow_member_image: row.allowMemberImage,
    content: row.content,
    imagepath: row.imagepath,
    sent_back: row.sentBackComment !== null,
    sent_back_comment: row.sentBackComment ?? '',
  };
}
