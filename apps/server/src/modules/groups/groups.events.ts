import { rooms } from '@kolikko/core/events';
import type { RealtimeServer } from '../realtime/io.ts';

/** What a group's creation and deletion mean for open sockets, after the change is committed. */
export interface GroupEvents {
  /** The teacher's open sockets start receiving the new group's events. */
  created(teacherId: string, groupId: string): void;
  /** The group's members are told and disconnected; the teachers' sockets leave its room. */
  deleted(groupId: string, memberIds: string[]): void;
  /** The group's members learn whether they may trade now (their transfer form says so). */
  settingsChanged(groupId: string, tradingAllowed: boolean): void;
}

export function socketGroupEvents(io: RealtimeServer): GroupEvents {
  return {
    created(teacherId, groupId) {
      io.in(rooms.teacher(teacherId)).socketsJoin(rooms.groupTeachers(groupId));
    },
    deleted(groupId, memberIds) {
      for (const id of memberIds) {
        io.to(rooms.member(id)).emit('teacher-delete-member', { member_id: id, group_id: groupId });
        io.in(rooms.member(id)).disconnectSockets(true);
      }
      io.in(rooms.groupTeachers(groupId)).socketsLeave(rooms.groupTeachers(groupId));
    },
    settingsChanged(groupId, tradingAllowed) {
      io.to(rooms.groupMembers(groupId)).emit('teacher-updated-group-settings', { group_id: groupId, trading_allowed: tradingAllowed });
    },
  };
}
