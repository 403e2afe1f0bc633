#!/usr/bin/env node
// The live fan-out baseline of bench/sockets.mjs --baseline (issue 36): the bare pieces the app's
// award path is made of, put together as plainly as a hand-written server would, so that what the
// app costs on top of them shows as a ratio measured in the same run.
//
//   PORT=3001 DATABASE_URL=postgres://... [REDIS_URL=redis://... REDIS_KEY_PREFIX=x] node bench/sockets-baseline-server.mjs
//
// The same packages as the app, from the repository's node_modules (so the same versions):
// Fastify (no logger, no plugins), Socket.IO with the app's server options and, with REDIS_URL,
// the app's Redis adapter setup (apps/server/src/plugins/realtime.ts), pg with a pool of 10 (the
// app's), prom-client's default metrics at /metrics (bench/sockets.mjs reads the heap, event loop
// delay and GCs there). None of the app's own optimizations (batched websocket writes, one Redis
// message per award, spread pings, the handshake request dropped): stock behaviour.
//
// Authentication as the app's: the `kolikko_session` cookie's token, hashed with SHA-256, looked
// up in `sessions` (remembered for 60 s, as the app's session cache does). A socket's handshake
// joins the rooms the app's joins (a student: member:<id>, group:<id>:members, online:<group>,
// session:<hash>; a teacher: teacher:<id>, session:<hash> and group:<id>:teachers of each group it
// teaches); the online count goes to the group's teachers 50 ms after a student's socket comes or
// goes, counted with fetchSockets (every process), as the app's presence does.
//
// PUT /api/member/coins/batch { members, coins } runs the app's batch award without a reason
// (apps/server/src/modules/members/members.service.ts, awardMany): the same statements, prepared
// by the same names, in the same order (begin with generic plans; lock the purse and the members;
// one statement for the movements, the ledger and the award's row, or the award's row alone when
// nothing moves; commit; after a take-back, whether the purse owes rewards), then one
// `teacher-gave-coins` { member_id, coins, amount, award_id } per student to its member room and
// its group's teachers room, and the app's answer. Settling owed rewards is left out (the bench
// never owes any).
import { createHash, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { collectDefaultMetrics, register } from 'prom-client';
import { Server } from 'socket.io';

const TEACHES = `(g.teacher_id = $1::uuid or exists (
    select 1 from group_coteachers gc
    where gc.group_id = g.id and gc.teacher_id = $1::uuid
      and gc.accepted_at is not null and (gc.until is null or gc.until > now())))`;

const SQL = {
  session: `select s.teacher_id, s.member_id, m.group_id from sessions s left join members m on m.id = s.member_id
    where s.token_hash = $1 and s.expires_at > now()`,
  teacherGroups: `select g.id from groups g where ${TEACHES}`,
  lockAward: `
    select m.id, m.coins, m.group_id, tch.coins as purse
    from members m
      join groups g on g.id = m.group_id
      join teachers tch on tch.id = $1::uuid
    where m.id = any($2::uuid[]) and ${TEACHES}
    order by m.id
    for update of tch, m`,
  moveCoinsAward: `
    with debited_teachers as (
    update teachers as acc set coins = acc.coins - v.amount
    from unnest($1::uuid[], $2::integer[]) as v(id, amount)
    where acc.id = v.id and acc.coins >= v.amount and true
    returning acc.id),
      debited_members as (
    update members as acc set coins = acc.coins - v.amount
    from unnest($3::uuid[], $4::integer[]) as v(id, amount)
    where acc.id = v.id and acc.coins >= v.amount and true
    returning acc.id),
      ok as (select (select count(*) from debited_teachers) = cardinality($1::uuid[])
        and (select count(*) from debited_members) = cardinality($3::uuid[]) as debited),
      credited_teachers as (
    update teachers as acc set coins = acc.coins + v.amount
    from unnest($5::uuid[], $6::integer[]) as v(id, amount)
    where acc.id = v.id  and (select debited from ok)
    returning acc.id),
      credited_members as (
    update members as acc set coins = acc.coins + v.amount
    from unnest($7::uuid[], $8::integer[]) as v(id, amount)
    where acc.id = v.id  and (select debited from ok)
    returning acc.id),
      logged as (
        insert into coin_ledger (from_account, to_account, amount, reason, actor, group_id, reference)
        select * from unnest($9::text[], $10::text[], $11::integer[], $12::text[], $13::text[],
          $14::uuid[], $15::text[])
        where (select debited from ok) and (select count(*) from credited_teachers) = cardinality($5::uuid[])
          and (select count(*) from credited_members) = cardinality($7::uuid[])
        returning id),
      awarded as (
        insert into awards (id, teacher_id, reason_id, reason_name, reason_icon, coins, created_at, ledger_first, ledger_last)
        select $16::uuid, $17::uuid, $18::uuid, $19::text,
          $20::text, $21::integer, $22::timestamptz, min(id), max(id)
        from logged having count(*) > 0)
    select (select debited from ok) as debited,
      case when (select count(*) from debited_teachers) < cardinality($1::uuid[]) then array(select id::text from debited_teachers) end as debited_teachers,
      case when (select count(*) from debited_members) < cardinality($3::uuid[]) then array(select id::text from debited_members) end as debited_members,
      case when (select count(*) from credited_teachers) < cardinality($5::uuid[]) then array(select id::text from credited_teachers) end as credited_teachers,
      case when (select count(*) from credited_members) < cardinality($7::uuid[]) then array(select id::text from credited_members) end as credited_members,
      (select count(*)::integer from logged) as logged`,
  insertAward: `
    insert into awards (id, teacher_id, reason_id, reason_name, reason_icon, coins, created_at)
    values ($1::uuid, $2::uuid, $3::uuid, $4::text, $5::text, $6::int, $7::timestamptz)`,
  owesAnything: 'select exists (select from owed_rewards where teacher_id = $1::uuid) as owed',
};

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', (err) => console.error('idle connection:', err.message));
const app = Fastify({ bodyLimit: 1024 * 1024 });
collectDefaultMetrics();

/** Sessions by token hash, each remembered for 60 s (the app's SessionCache). */
const sessions = new Map();
async function sessionOf(cookieHeader) {
  const token = /(?:^|;\s*)kolikko_session=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  if (!token) return null;
  const tokenHash = createHash('sha256').update(decodeURIComponent(token)).digest('hex');
  const known = sessions.get(tokenHash);
  if (known && known.until > Date.now()) return known.session;
  const { rows: [row] } = await pool.query({ name: 'session_live', text: SQL.session, values: [tokenHash] });
  if (!row) return null;
  const session = row.teacher_id ? { kind: 'teacher', teacherId: row.teacher_id, tokenHash } : { kind: 'member', memberId: row.member_id, groupId: row.group_id, tokenHash };
  sessions.set(tokenHash, { session, until: Date.now() + 60_000 });
  return session;
}

app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/metrics', async (_request, reply) => reply.type(register.contentType).send(await register.metrics()));

app.put('/api/member/coins/batch', async (request, reply) => {
  const session = await sessionOf(request.headers.cookie);
  if (session?.kind !== 'teacher') return reply.code(401).send({ errorCode: 'AUTH.NO_AUTH' });
  const { members, coins } = request.body ?? {};
  if (!Array.isArray(members) || members.length === 0 || !Number.isInteger(coins) || coins === 0 || Math.abs(coins) > 999) {
    return reply.code(400).send({ errorCode: 'VALIDATION.INVALID_INPUT' });
  }
  const { teacherId } = session;
  const ids = [...new Set(members)];
  const awardId = randomUUID();
  const client = await pool.connect();
  let after;
  let purse;
  try {
    await client.query('begin; set local plan_cache_mode = force_generic_plan');
    const { rows: locked } = await client.query({ name: 'members_lock_award', text: SQL.lockAward, values: [teacherId, ids] });
    if (locked.length !== ids.length) {
      await client.query('rollback');
      return reply.code(404).send({ errorCode: 'MEMBER.MEMBER_NOT_FOUND' });
    }
    purse = locked[0].purse;
    const moved = locked.map((m) => ({ m, amount: coins > 0 ? coins : Math.min(-coins, m.coins) })).filter((x) => x.amount > 0);
    after = locked.map((m) => {
      const amount = coins > 0 ? coins : -Math.min(-coins, m.coins);
      purse -= amount;
      return { id: m.id, groupId: m.group_id, coins: m.coins + amount, moved: amount };
    });
    const createdAt = new Date();
    if (moved.length > 0) {
      const teacher = `teacher:${teacherId}`;
      const total = moved.reduce((a, x) => a + x.amount, 0);
      const memberIds = moved.map((x) => x.m.id);
      const amounts = moved.map((x) => x.amount);
      const accounts = memberIds.map((id) => `member:${id}`);
      const teachers = moved.map(() => teacher);
      const give = coins > 0;
      const values = [
        ...(give ? [[teacherId], [total], [], []] : [[], [], memberIds, amounts]),
        ...(give ? [[], [], memberIds, amounts] : [[teacherId], [total], [], []]),
        give ? teachers : accounts,
        give ? accounts : teachers,
        amounts,
        moved.map(() => (give ? 'teacher_award' : 'teacher_deduction')),
        teachers,
        moved.map((x) => x.m.group_id),
        moved.map(() => awardId),
        awardId, teacherId, null, null, null, coins, createdAt,
      ];
      const { rows: [outcome] } = await client.query({ name: 'move_coins_award', text: SQL.moveCoinsAward, values });
      if (!outcome.debited || outcome.logged !== moved.length) {
        await client.query('rollback');
        return reply.code(400).send({ errorCode: 'MISC.TEACHER_OUT_OF_COINS' });
      }
    } else {
      await client.query({ name: 'awards_insert', text: SQL.insertAward, values: [awardId, teacherId, null, null, null, coins, createdAt] });
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  for (const m of after) {
    io.to([`member:${m.id}`, `group:${m.groupId}:teachers`]).emit('teacher-gave-coins', { member_id: m.id, coins: m.coins, amount: m.moved, award_id: awardId });
  }
  if (coins < 0) await pool.query({ name: 'owed_rewards_exist', text: SQL.owesAnything, values: [teacherId] });
  return { members: after.map((m) => ({ id: m.id, coins: m.coins })), teacher_coins: purse, award_id: awardId };
});

const io = new Server(app.server, {
  path: '/socket.io',
  serveClient: false,
  maxHttpBufferSize: 16 * 1024,
  allowRequest: (req, callback) => {
    const { origin, host } = req.headers;
    callback(null, !origin || origin === process.env.PUBLIC_URL || origin === `http://${host}` || origin === `https://${host}`);
  },
});

if (process.env.REDIS_URL) {
  const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
  const pub = createClient({ url: process.env.REDIS_URL, commandOptions: { timeout: 0 } });
  const sub = pub.duplicate();
  pub.on('error', (err) => console.error('redis publisher:', err.message));
  sub.on('error', (err) => console.error('redis subscriber:', err.message));
  await Promise.all([pub.connect(), sub.connect()]);
  const key = `${process.env.REDIS_KEY_PREFIX ?? 'kolikko'}:socket.io`;
  io.adapter(createAdapter(pub, sub, { key, publishOnSpecificResponseChannel: true, requestsTimeout: 3000 }));
}

io.use(async (socket, next) => {
  try {
    const session = await sessionOf(socket.handshake.headers.cookie);
    if (!session) return next(new Error('AUTH.NO_AUTH'));
    socket.data.session = session;
    if (session.kind === 'member') {
      await socket.join([`session:${session.tokenHash}`, `member:${session.memberId}`, `group:${session.groupId}:members`, `online:${session.groupId}`]);
    } else {
      const { rows } = await pool.query(SQL.teacherGroups, [session.teacherId]);
      socket.data.groupIds = rows.map((r) => r.id);
      await socket.join([`session:${session.tokenHash}`, `teacher:${session.teacherId}`, ...socket.data.groupIds.map((id) => `group:${id}:teachers`)]);
    }
    next();
  } catch (err) {
    console.error('handshake:', err);
    next(new Error('SERVER.ERROR'));
  }
});

/** online-member-count-update: the distinct students of the group with a socket, on every process. */
async function onlineCount(groupId) {
  const sockets = await io.in(`online:${groupId}`).fetchSockets();
  const memberIds = [...new Set(sockets.map((s) => s.data.session.memberId))];
  return { group_id: groupId, count: memberIds.length, member_ids: memberIds };
}
const countsDue = new Set();
function presenceChanged(groupId) {
  if (countsDue.has(groupId)) return;
  countsDue.add(groupId);
  setTimeout(async () => {
    countsDue.delete(groupId);
    io.to(`group:${groupId}:teachers`).emit('online-member-count-update', await onlineCount(groupId));
  }, 50).unref();
}

io.on('connection', async (socket) => {
  const { session, groupIds } = socket.data;
  if (session.kind === 'member') {
    presenceChanged(session.groupId);
    socket.on('disconnect', () => presenceChanged(session.groupId));
  } else {
    for (const groupId of groupIds) socket.emit('online-member-count-update', await onlineCount(groupId));
  }
});

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3000) });
