import { rooms } from '@kolikko/core/events';
import type { RealtimeServer } from '../realtime/io.ts';

/** What a co-teaching's start and end mean for open sockets (issue 34), after the change is committed. */
export interface CoteachingEvents {
  /** The co-teacher's open sockets start receiving the group's events; both teachers' screens are told. */
  started(groupId: string, ownerId: string, teacherId: string): void;
  /** The co-teacher's sockets leave the group's room at once, on every node; both teachers' screens are told. */
  ended(groupId: string, ownerId: string, teacherId: string): void;
}

export function socketCoteachingEvents(io: RealtimeServer): CoteachingEvents {
  return {
    started(groupId, ownerId, teacherId) {
      io.in(rooms.teacher(teacherId)).socketsJoin(rooms.groupTeachers(groupId));
      io.to([rooms.teacher(teacherId), rooms.teacher(ownerId)]).emit('coteaching-changed', { group_id: groupId, teacher_id: teacherId, change: 'started' });
    },
    ended(groupId, ownerId, teacherId) {
      io.in(rooms.teacher(teacherId)).socketsLeave(rooms.groupTeachers(groupId));
      io.to([rooms.teacher(teacherId), rooms.teacher(ownerId)]).emit('coteaching-changed', { group_id: groupId, teacher_id: teacherId, change: 'ended' });
    },
  };
}
