import type { SessionCache, SessionRevocation } from '../../plugins/auth.ts';
import { disconnectSessions, type RealtimeServer } from '../realtime/io.ts';

/**
 * Ended sessions: logout, a new login, a password change or reset (`ended`, by token), and the
 * sessions that go with a deleted member, group or account (`revoked`). Their sockets are
 * disconnected, and every node forgets them from its session cache.
 */
export interface SessionEvents {
  ended(tokenHashes: string[]): void;
  revoked(revocation: SessionRevocation): void;
}

/**
 * With several nodes (`crossNode`, Redis), a revocation also reaches the other nodes' caches
 * through Socket.IO's server-side events; Socket.IO's in-memory adapter has none to reach.
 */
export function socketSessionEvents(io: RealtimeServer, cache: SessionCache, { crossNode }: { crossNode: boolean }): SessionEvents {
  if (crossNode) io.on('sessions-revoked', (revocation) => cache.revoke(revocation));
  const revoke = (revocation: SessionRevocation) => {
    cache.revoke(revocation);
    if (crossNode) io.serverSideEmit('sessions-revoked', revocation);
  };
  return {
    ended(tokenHashes) {
      if (tokenHashes.length === 0) return;
      revoke({ tokenHashes });
      disconnectSessions(io, tokenHashes);
    },
    revoked(revocation) {
      revoke(revocation);
    },
  };
}
