import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Db } from '../db/client.ts';
import { listTeacherGroupIds } from '../modules/realtime/realtime.repo.ts';
import { SESSION_COOKIE, resolveSession, type Session } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

/** Room names of DESIGN.md section 5. */
export const rooms = {
  teacher: (teacherId: string) => `teacher:${teacherId}`,
  member: (memberId: string) => `member:${memberId}`,
  groupTeachers: (groupId: string) => `group:${groupId}:teachers`,
  groupMembers: (groupId: string) => `group:${groupId}:members`,
};

export interface RealtimeOptions {
  db: Db;
  publicUrl: string;
  redisUrl: string | undefined;
}

/**
 * Socket.IO on the HTTP server. The handshake is authenticated with the session cookie, a
 * socket joins only its own user's rooms, and with REDIS_URL events cross server processes.
 */
async function realtimePlugin(app: FastifyInstance, opts: RealtimeOptions) {
  const publicOrigin = new URL(opts.publicUrl).origin;
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const own = !origin || origin === publicOrigin || origin === `http://${req.headers.host}` || origin === `https://${req.headers.host}`;
      callback(null, own);
    },
  });

  io.use(async (socket, next) => {
    try {
      const cookies = app.parseCookie(socket.request.headers.cookie ?? '');
      const session = await resolveSession(opts.db, cookies[SESSION_COOKIE]);
      if (!session) return next(new Error('AUTH.NO_AUTH'));
      socket.data.session = session;
      await socket.join(await roomsOf(opts.db, session));
      next();
    } catch (err) {
      app.log.error({ err }, 'socket handshake failed');
      next(new Error('SERVER.ERROR'));
    }
  });

  if (opts.redisUrl) {
    const pub = createClient({ url: opts.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (err) => app.log.error({ err }, 'redis publisher error'));
    sub.on('error', (err) => app.log.error({ err }, 'redis subscriber error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    app.addHook('onClose', async () => {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    });
  }

  app.decorate('io', io);
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
  });
}

async function roomsOf(db: Db, session: Session): Promise<string[]> {
  if (session.kind === 'member') return [rooms.member(session.memberId), rooms.groupMembers(session.groupId)];
  const groupIds = await listTeacherGroupIds(db, session.teacherId);
  return [rooms.teacher(session.teacherId), ...groupIds.map(rooms.groupTeachers)];
}

export default fp(realtimePlugin, { name: 'realtime', dependencies: ['@fastify/cookie'] });
