import { rooms, type TeacherSentBackTodoPayload, type TeacherUpdatedMemberTodoPayload, type TeacherUpdatedTodoPayload } from '@kolikko/core/events';
import type { RealtimeServer } from '../realtime/io.ts';

/**
 * The live events of this module (spec section 7 names), sent after the change is committed.
 * Services depend on this interface; the socket adapter below is the only sender.
 */
export interface TodoEvents {
  /** The todos of a list changed: tell the members (and teachers) of the groups showing it. */
  todosChanged(groupIds: string[], todolistId: string): void;
  /** A todo of a list changed: every teacher who owns the list or has it shared refreshes it. */
  todoUpdated(teacherIds: string[], payload: TeacherUpdatedTodoPayload): void;
  /** A group's blue or orange list changed (color null: both cleared). */
  sharedListChanged(groupId: string, change: { color: 'blue' | 'orange' | null; todolistId: string | null }): void;
  /** A member todo changed (the member answered or toggled it, or a teacher approved, reverted or sent it back): its group's teachers refresh. */
  memberUpdatedTodo(groupId: string, payload: { member_id: string; mtodo_id: string; member_coins: number }): void;
  /** A teacher changed a member's todo (approved, reverted): the member refreshes. */
  teacherUpdatedMemberTodo(memberId: string, payload: TeacherUpdatedMemberTodoPayload): void;
  /** Ours: the teacher sent a member's free answer back with a comment: the member refreshes. */
  teacherSentBackTodo(memberId: string, payload: TeacherSentBackTodoPayload): void;
}

export function socketTodoEvents(io: RealtimeServer): TodoEvents {
  return {
    todosChanged(groupIds, todolistId) {
      for (const id of groupIds) {
        io.to([rooms.groupMembers(id), rooms.groupTeachers(id)]).emit('teacher-updated-shared-todolist-todos', { group_id: id, todolist_id: todolistId });
      }
    },
    todoUpdated(teacherIds, payload) {
      if (teacherIds.length > 0) io.to(teacherIds.map(rooms.teacher)).emit('teacher-updated-todo', payload);
    },
    sharedListChanged(groupId, change) {
      const payload = { group_id: groupId, color: change.color, todolist_id: change.todolistId };
      const to = io.to([rooms.groupMembers(groupId), rooms.groupTeachers(groupId)]);
      if (change.todolistId) to.emit('teacher-shared-todolist', payload);
      else to.emit('teacher-unshared-todolist', payload);
    },
    memberUpdatedTodo(groupId, payload) {
      io.to(rooms.groupTeachers(groupId)).emit('member-updated-todo', payload);
    },
    teacherUpdatedMemberTodo(memberId, payload) {
      io.to(rooms.member(memberId)).emit('teacher-updated-member-todo', payload);
    },
    teacherSentBackTodo(memberId, payload) {
      io.to(rooms.member(memberId)).emit('teacher-sent-back-todo', payload);
    },
  };
}
