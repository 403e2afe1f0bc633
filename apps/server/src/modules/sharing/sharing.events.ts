import { rooms, type TeacherShareRewardListPayload, type TeacherShareTodolistPayload } from '@kolikko/core/events';
import type { RealtimeServer } from '../realtime/io.ts';

/**
 * The live events of sharing between teachers, sent after the change is committed, each to the
 * teacher rooms named (see todos.events.ts for the small-group ones).
 */
export interface SharingEvents {
  /** A list is now shared with a teacher. */
  todolistShared(teacherIds: string[], payload: Omit<TeacherShareTodolistPayload, 'group_id' | 'color'>): void;
  /** A recipient's permission changed. */
  todolistPermissionChanged(teacherId: string, payload: { todolist_id: string; permissions: 'read' | 'edit' }): void;
  /** A teacher no longer has a list shared with it. */
  todolistUnshared(teacherIds: string[], payload: Omit<TeacherShareTodolistPayload, 'group_id' | 'color' | 'permissions'>): void;
  /** A reward list was shared with a teacher, or no longer is. */
  rewardListShareChanged(teacherIds: string[], payload: TeacherShareRewardListPayload): void;
}

export function socketSharingEvents(io: RealtimeServer): SharingEvents {
  const to = (teacherIds: string[]) => io.to(teacherIds.map(rooms.teacher));
  return {
    todolistShared(teacherIds, payload) {
      to(teacherIds).emit('teacher-shared-todolist', { group_id: null, color: null, ...payload });
    },
    todolistPermissionChanged(teacherId, payload) {
      to([teacherId]).emit('teacher-updated-shared-todolist-permissions', payload);
    },
    todolistUnshared(teacherIds, payload) {
      if (teacherIds.length > 0) to(teacherIds).emit('teacher-unshared-todolist', { group_id: null, color: null, permissions: null, ...payload });
    },
    rewardListShareChanged(teacherIds, payload) {
      to(teacherIds).emit('teacher-shared-rewardlist', payload);
    },
  };
}
