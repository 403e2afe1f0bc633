import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { rooms } from '@kolikko/core/events';
import type { Db } from '../db/client.ts';
import { internalRooms, type RealtimeServer, type RealtimeSocket } from '../modules/realtime/io.ts';
import { createPresence } from '../modules/realtime/presence.ts';
import { listTeacherGroupIds } from '../modules/realtime/realtime.repo.ts';
import { spreadFirstPings } from '../modules/realtime/spread-pings.ts';
import { batchWebsocketWrites } from '../modules/realtime/write-batching.ts';
import { crossNodes } from '../modules/realtime/emit-many.ts';
import { handleRoomRequests } from '../modules/realtime/room-rules.ts';
import { DEMO_COOKIE, SESSION_COOKIE, resolveDemoSession, resolveSession, type Session, type SessionCache } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    io: RealtimeServer;
  }
}

export interface RealtimeOptions {
  db: Db;
  sessionCache: SessionCache;
  publicUrl: string;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
}

/**
 * The Socket.IO adapter on Redis, with its two clients connected (`pub`, `sub`; they `close()` on
 * shutdown). The clients have no command timeout: node-redis gives every command one of 5 s by
 * default, and a publish still queued when it runs out (Redis down for longer, or restarting)
 * rejects a promise the adapter never handles, which ends the process. Without it the queued
 * publishes go out once the client has reconnected. It also spares each publish a timer that,
 * fired after the answer, still builds an abort error. Loaded only for scale-out: the Redis
 * client alone costs about 21 MB of memory.
 */
export async function connectRedisAdapter(url: string, key: string, onError: (err: Error, client: 'publisher' | 'subscriber') => void) {
  const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
  const pub = createClient({ url, commandOptions: { timeout: 0 } });
  const sub = pub.duplicate();
  pub.on('error', (err: Error) => onError(err, 'publisher'));
  sub.on('error', (err: Error) => onError(err, 'subscriber'));
  await Promise.all([pub.connect(), sub.connect()]);
  // Answers to cross-node requests (fetchSockets) go to the asking node only.
  return { pub, sub, adapter: createAdapter(pub, sub, { key, publishOnSpecificResponseChannel: true, requestsTimeout: 3000 }) };
}

/** Calls `back` each time a Redis client is ready again after losing its connection. */
function onReturn(client: { on(event: 'error' | 'reconnecting' | 'ready', listener: () => void): unknown }, back: () => void): void {
  let lost = false;
  client.on('error', () => (lost = true));
  client.on('reconnecting', () => (lost = true));
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    back();
  });
}

/** Clients send only small join and leave requests. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/**
 * Socket.IO on the HTTP server. The handshake is authenticated with the session cookie; a socket
 * joins its own user's rooms and may ask for no others (modules/realtime/room-rules.ts); with
 * REDIS_URL, events, room changes and disconnects cross server processes.
 */
async function realtimePlugin(app: FastifyInstance, opts: RealtimeOptions) {
  const publicOrigin = new URL(opts.publicUrl).origin;
  const io: RealtimeServer = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const own = !origin || origin === publicOrigin || origin === `http://${req.headers.host}` || origin === `https://${req.headers.host}`;
      callback(null, own);
    },
  });
  batchWebsocketWrites(io);
  spreadFirstPings(io);
  const cookieOf = keepOnlyTheCookie(io);

  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(cookieOf(socket));
      // A demo's socket says whom of the demo it is, as its requests do (plugins/auth.ts).
      const demoAs: unknown = socket.handshake.auth.demoAs;
      const session =
        typeof demoAs === 'string'
          ? await resolveDemoSession(opts.db, opts.sessionCache, cookies[DEMO_COOKIE], demoAs)
          : await resolveSession(opts.db, opts.sessionCache, cookies[SESSION_COOKIE]);
      if (!session) return next(new Error('AUTH.NO_AUTH'));
      socket.data.session = session;
      await socket.join([internalRooms.session(session.tokenHash), ...(await roomsOf(opts.db, session))]);
      next();
    } catch (err) {
      app.log.error({ err }, 'socket handshake failed');
      next(new Error('SERVER.ERROR'));
    }
  });

  if (opts.redisUrl) {
    const redis = await connectRedisAdapter(opts.redisUrl, `${opts.redisKeyPrefix}:socket.io`, (err, client) => app.log.error({ err }, `redis ${client} error`));
    io.adapter(redis.adapter);
    crossNodes(io);
    // Redis away: each process still serves its own sockets, events to other processes' are lost
    // (or queued, and sent late). Once it is back, every screen refetches: the publisher's return
    // tells every process's sockets, after the publishes it queued; the subscriber's tells this
    // process's own, which may have missed what others published meanwhile.
    onReturn(redis.pub, () => {
      app.log.warn('redis publisher back: every screen refetches');
      io.emit('live-resync');
    });
    onReturn(redis.sub, () => {
      app.log.warn('redis subscriber back: this process\'s screens refetch');
      io.local.emit('live-resync');
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([redis.pub.close(), redis.sub.close()]);
    });
  }

  const presence = createPresence(io, app.log);
  io.on('connection', (socket) => {
    const { session } = socket.data;
    // A session that merely runs out ends its sockets too, as a logout does.
    const cancelExpiry = runAt(session.expiresAt, () => socket.disconnect(true));
    socket.on('disconnect', cancelExpiry);
    handleRoomRequests(socket, { db: opts.db, presence, log: app.log });
    if (session.kind === 'member') {
      presence.changed(session.groupId);
      socket.on('disconnect', () => presence.changed(session.groupId));
    } else {
      void presence.tell(socket, teacherGroupIdsOf(socket.rooms));
    }
  });

  app.decorate('io', io);
  app.addHook('preClose', async () => {
    presence.close();
    // Shutting down (a rolling deploy): each of this process's sockets has its line closed, not
    // the socket ended, so the client reconnects, to another process, and refetches what it may
    // have missed (apps/web/src/lib/socket.ts). io.disconnectSockets() would end the sockets for
    // good, and with Redis those of every other process too.
    for (const socket of io.of('/').sockets.values()) socket.conn.close();
  });
  app.addHook('onClose', async () => {
    await io.close();
  });
}

/** The parts of an engine.io connection this touches (engine.io 6). */
interface EngineConnection {
  request: IncomingMessage | null;
}

/**
 * engine.io keeps each connection's first HTTP request (the WebSocket upgrade) for the socket's
 * life, with its headers and its stream state: about 1 KB of heap a socket, 9–10 MB at 10,000
 * that every major GC marks again (bench/README.md, "Less garbage per award, fewer bytes per
 * socket, and the GC"). The handshake needs only its cookie, so that is kept and the request let go (Socket.IO's "Memory usage"
 * guide). The handshake's `headers` are then empty and `socket.request` is null: read the cookie
 * with the function this answers.
 */
function keepOnlyTheCookie(io: RealtimeServer): (socket: RealtimeSocket) => string {
  const cookies = new WeakMap<object, string>();
  io.engine.on('connection', (conn: EngineConnection) => {
    cookies.set(conn, conn.request?.headers.cookie ?? '');
    conn.request = null;
  });
  return (socket) => cookies.get(socket.conn) ?? '';
}

/** The longest delay a Node timer takes (about 24.8 days); a session lasts 30. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Runs `work` at `time` (ms since the epoch), however far off; answers how to cancel it. */
function runAt(time: number, work: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const wait = time - Date.now();
    if (wait <= 0) {
      work();
      return;
    }
    timer = setTimeout(arm, Math.min(wait, LONGEST_TIMER_MS));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

async function roomsOf(db: Db, session: Session): Promise<string[]> {
  if (session.kind === 'member') {
    return [rooms.member(session.memberId), rooms.groupMembers(session.groupId), internalRooms.online(session.groupId)];
  }
  const groupIds = await listTeacherGroupIds(db, session.teacherId);
  return [rooms.teacher(session.teacherId), ...groupIds.map(rooms.groupTeachers)];
}

const TEACHERS_ROOM = /^group:(.+):teachers$/;

function teacherGroupIdsOf(joined: Set<string>): string[] {
  return [...joined].flatMap((room) => TEACHERS_ROOM.exec(room)?.[1] ?? []);
}

export default fp(realtimePlugin, { name: 'realtime', dependencies: ['@fastify/cookie'] });
