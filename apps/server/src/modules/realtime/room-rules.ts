import type { ErrorCode } from '@kolikko/core/errors';
import { rooms, ZMemberJoinRoom, ZTeacherJoinRoom, type RoomAck } from '@kolikko/core/events';
import type { Db } from '../../db/client.ts';
import { isInternalRoom, type RealtimeSocket } from './io.ts';
import type { Presence } from './presence.ts';
import { isTeacherGroup } from './realtime.repo.ts';

interface Deps {
  db: Db;
  presence: Presence;
  log: { error(obj: object, msg: string): void };
}

/** Answers through the acknowledgement callback, if the client passed one (it may pass anything). */
function answer(ack: unknown, result: RoomAck): void {
  if (typeof ack === 'function') ack(result);
}

const refuse = (ack: unknown, errorCode: ErrorCode) => answer(ack, { ok: false, errorCode });

/**
 * The three requests a client may send. A socket may join only rooms of its own user and group
 * (a teacher: the teachers room of a group it owns or co-teaches; a member: its own member room and its group's
 * members room) and may leave any room but its internal ones. Anything else is refused, and a
 * refused socket joins nothing. Every other event a client sends has no handler: it is dropped,
 * never relayed.
 */
export function handleRoomRequests(socket: RealtimeSocket, { db, presence, log }: Deps): void {
  const { session } = socket.data;

  socket.on('teacher-join-room', async (payload: unknown, ack: unknown) => {
    if (session.kind !== 'teacher') return refuse(ack, 'PERMISSION.INSUFFICIENT_PERMISSIONS');
    const parsed = ZTeacherJoinRoom.safeParse(payload);
    if (!parsed.success) return refuse(ack, 'VALIDATION.INVALID_INPUT');
    const groupId = parsed.data.group_id;
    try {
      if (!(await isTeacherGroup(db, session.teacherId, groupId))) return refuse(ack, 'GROUP.NOT_YOUR_GROUP');
    } catch (err) {
      log.error({ err }, 'teacher-join-room failed');
      return refuse(ack, 'SERVER.ERROR');
    }
    const room = rooms.groupTeachers(groupId);
    await socket.join(room);
    answer(ack, { ok: true, rooms: [room] });
    await presence.tell(socket, [groupId]);
  });

  socket.on('member-join-room', async (payload: unknown, ack: unknown) => {
    if (session.kind !== 'member') return refuse(ack, 'PERMISSION.INSUFFICIENT_PERMISSIONS');
    const parsed = ZMemberJoinRoom.safeParse(payload);
    if (!parsed.success) return refuse(ack, 'VALIDATION.INVALID_INPUT');
    if (parsed.data.member_id !== session.memberId) return refuse(ack, 'USER.NOT_YOU');
    if (parsed.data.group_id !== session.groupId) return refuse(ack, 'GROUP.NOT_YOUR_GROUP');
    const joined = [rooms.member(session.memberId), rooms.groupMembers(session.groupId)];
    await socket.join(joined);
    answer(ack, { ok: true, rooms: joined });
  });

  socket.on('leave-room', async (room: unknown, ack: unknown) => {
    if (typeof room !== 'string' || room.length > 200) return refuse(ack, 'VALIDATION.INVALID_INPUT');
    if (room === socket.id || isInternalRoom(room)) return refuse(ack, 'PERMISSION.INSUFFICIENT_PERMISSIONS');
    await socket.leave(room);
    socket.emit('room_left', room);
    answer(ack, { ok: true, rooms: [room] });
  });
}
