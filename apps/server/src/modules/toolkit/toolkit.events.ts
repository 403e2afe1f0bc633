import { rooms, type ToolkitPickedPayload, type ToolkitTeamsPayload, type ToolkitTimerPayload } from '@kolikko/core/events';
import type { RealtimeServer } from '../realtime/io.ts';

/** What the toolkit tells: only the group's teacher sockets (the board, the teacher's phone), never its students. */
export interface ToolkitEvents {
  picked(payload: ToolkitPickedPayload): void;
  teams(payload: ToolkitTeamsPayload): void;
  timer(payload: ToolkitTimerPayload): void;
}

export function socketToolkitEvents(io: RealtimeServer): ToolkitEvents {
  return {
    picked: (payload) => io.to(rooms.groupTeachers(payload.group_id)).emit('toolkit-picked', payload),
    teams: (payload) => io.to(rooms.groupTeachers(payload.group_id)).emit('toolkit-teams', payload),
    timer: (payload) => io.to(rooms.groupTeachers(payload.group_id)).emit('toolkit-timer', payload),
  };
}
