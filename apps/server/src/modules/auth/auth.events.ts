import { disconnectSessions, type RealtimeServer } from '../realtime/io.ts';

/** Ended sessions (logout, a new login, password change or reset) lose their sockets too. */
export interface SessionEvents {
  ended(tokenHashes: string[]): void;
}

export function socketSessionEvents(io: RealtimeServer): SessionEvents {
  return {
    ended(tokenHashes) {
      disconnectSessions(io, tokenHashes);
    },
  };
}
