import { rooms, type OnlineMemberCountPayload } from '@kolikko/core/events';
import { internalRooms, type RealtimeServer, type RealtimeSocket } from './io.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * A burst of connections (a class opening the app, a reconnect after a network blip) is counted
 * once: changes to a group's presence within this many milliseconds make one count.
 */
export const PRESENCE_SETTLE_MS = 50;

export type Presence = ReturnType<typeof createPresence>;

/**
 * online-member-count-update: how many distinct members of a group have a socket connected.
 * Counted with fetchSockets() on the group's `online:` room, which asks every node through the
 * adapter, so the count is right with several processes and heals itself when a node dies.
 */
export function createPresence(io: RealtimeServer, log: Log) {
  const pending = new Map<string, NodeJS.Timeout>();

  async function count(groupId: string): Promise<OnlineMemberCountPayload> {
    const sockets = await io.in(internalRooms.online(groupId)).fetchSockets();
    const memberIds = new Set<string>();
    for (const s of sockets) if (s.data.session.kind === 'member') memberIds.add(s.data.session.memberId);
    return { group_id: groupId, count: memberIds.size, member_ids: [...memberIds] };
  }

  return {
    /** A member socket of the group connected or disconnected: tell the group's teachers, soon. */
    changed(groupId: string): void {
      if (pending.has(groupId)) return;
      const timer = setTimeout(() => {
        pending.delete(groupId);
        count(groupId).then(
          (payload) => io.to(rooms.groupTeachers(groupId)).emit('online-member-count-update', payload),
          (err: unknown) => log.warn({ err, groupId }, 'online member count failed'),
        );
      }, PRESENCE_SETTLE_MS);
      timer.unref();
      pending.set(groupId, timer);
    },

    /** Tells one teacher socket the counts of the given groups (on connect and on join). */
    async tell(socket: RealtimeSocket, groupIds: string[]): Promise<void> {
      for (const groupId of groupIds) {
        try {
          socket.emit('online-member-count-update', await count(groupId));
        } catch (err) {
          log.warn({ err, groupId }, 'online member count failed');
        }
      }
    },

    close(): void {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
