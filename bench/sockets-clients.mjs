// A client process of bench/sockets.mjs: holds the sockets of some groups (their 30 members and
// their teacher) and makes those groups' awards, so that no single Node process has to receive all
// 10,000 sockets' events. Started by sockets.mjs with fork() and `--client raw|frames|lean|socket.io`;
// it answers commands over IPC:
//
//   { cmd: 'connect', nodes: [base, ...], groups, teachers } -> { connected, ms }
//       Member sockets alternate between the nodes by `group.memberOffset + i` (so each group
//       spans them, as in one process), teachers by `teacher.index`.
//   { cmd: 'online', groups: n } -> { times }   the online-count round trip in its first n groups
//   { cmd: 'awards', startAt, count, periodNs, slotNs, record } -> { latencies, starts, http, skipped, events, ... }
//       Group with global index i gets its award k (0 <= k < count) at startAt + k * periodNs +
//       i * slotNs (process.hrtime.bigint(), CLOCK_MONOTONIC, the same clock in every process on
//       Linux); periodNs is 1 s / the rate per group, slotNs periodNs / the number of groups.
//   { cmd: 'disconnect' } -> {}
//
// Every latency is measured inside this process (the request and the 30 receipts are on one
// clock); only the schedule's start time crosses processes.
//
// The sockets stand for students' devices, which are other machines: here they share the
// server's 2 cores, so they should cost as little as a correct client can. `raw` (the default)
// speaks Engine.IO 4 / Socket.IO 5 on a bare `ws` WebSocket, as the web app's own live
// connection does (apps/web/src/lib/live-connection.ts): the open packet `0{...}` is answered
// with the namespace connect `40`, the server's `40{sid}` is the connect and `44{...}` a refusal,
// every ping `2` is answered with `3`, and of the event frames `42["event",payload]` only those
// the bench listens to are read. A student's award event is matched against the exact text the
// server sends for that student (JSON.stringify keeps the key order: member_id, coins, amount)
// and only the coins are read from it; any other shape of it is parsed in full. `frames` handles
// the same packets the same way (packetHandler) but speaks WebSocket itself on a `node:net`
// socket instead of through `ws`: the HTTP upgrade, masked client frames, the server's frames
// read straight off the TCP chunks. `lean` is `frames` with less work a message: every socket
// reads into one shared buffer (node:net's `onread`: no stream, no 'data' event, no Buffer a
// read), an award event is matched and its coins read off the frame's bytes without making a
// string of it, and the awards go out as HTTP/1.1 written and read by hand on kept-alive
// connections instead of through node:http. It counts and checks the same events the same way.
// `socket.io` is socket.io-client, as before, to compare with.
import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { io as connectSocketIo } from 'socket.io-client';
// ws: the server's own WebSocket library (engine.io's), a root dev dependency at the same version.
import WebSocket from 'ws';
import { inBatches, sleep } from './lib.mjs';

const { values: args } = parseArgs({ options: { client: { type: 'string', default: 'raw' } } });
if (!['raw', 'frames', 'lean', 'socket.io'].includes(args.client)) throw new Error(`--client raw|frames|lean|socket.io, not ${args.client}`);

const AWARD_EVENT = 'teacher-gave-coins';
const COUNT_EVENT = 'online-member-count-update';
const CONNECT_TIMEOUT_MS = 120_000;
const agent = new http.Agent({ keepAlive: true });

/**
 * A live connection: calls `onAward(payload's member_id, payload's coins)` for each award event
 * it receives (a teacher's: null, only counted); its `onCount(payload)` may be set to hear the
 * online count; `disconnect()`.
 */
function openSocket(base, cookie, memberId, onAward) {
  if (args.client === 'raw') return openRawSocket(base, cookie, memberId, onAward);
  if (args.client === 'frames' || args.client === 'lean') return openFramesSocket(base, cookie, memberId, onAward, args.client === 'lean');
  return openSocketIo(base, cookie, onAward);
}

function openSocketIo(base, cookie, onAward) {
  return new Promise((resolve, reject) => {
    const socket = connectSocketIo(base, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, timeout: CONNECT_TIMEOUT_MS });
    const live = { onCount: null, disconnect: () => socket.disconnect() };
    sockets.push(live);
    socket.on(AWARD_EVENT, (p) => {
      events++;
      onAward?.(p.member_id, p.coins);
    });
    socket.on(COUNT_EVENT, (p) => live.onCount?.(p));
    socket.once('connect', () => resolve(live));
    socket.once('connect_error', reject);
  });
}

/** The frame that starts every award event, and the text of one addressed to a given student up to its coins. */
const AWARD_FRAME = `42["${AWARD_EVENT}",`;
const COUNT_FRAME = `42["${COUNT_EVENT}",`;
const awardPrefix = (memberId) => `${AWARD_FRAME}{"member_id":${JSON.stringify(memberId)},"coins":`;

/** The member_id and coins of an award event: read off the text when it is addressed to this student as expected, else parsed. */
function readAward(text, memberId, mine, onAward) {
  if (text.startsWith(mine)) {
    let end = mine.length;
    while (end < text.length && text[end] !== ',' && text[end] !== '}') end++;
    const coins = Number(text.slice(mine.length, end));
    if (end > mine.length && Number.isInteger(coins)) return onAward(memberId, coins);
  }
  const payload = JSON.parse(text.slice(2))[1];
  onAward(payload.member_id, payload.coins);
}

const AWARD_BYTES = Buffer.from(AWARD_FRAME);

/**
 * `lean`'s award events, read off the frame's bytes where it lies in the read buffer, without
 * making a string of it: an award event is counted, and a student's, when it starts with the exact
 * text the server sends that student, gives its coins from the digits that follow; any other shape
 * is parsed in full, as readAward does. Answers false for any other message.
 */
function awardBytesReader(memberId, onAward) {
  const mine = memberId ? Buffer.from(awardPrefix(memberId)) : null;
  return (buf, start, end) => {
    if (end - start < AWARD_BYTES.length || buf.compare(AWARD_BYTES, 0, AWARD_BYTES.length, start, start + AWARD_BYTES.length) !== 0) return false;
    events++;
    if (!onAward) return true;
    if (end - start > mine.length && buf.compare(mine, 0, mine.length, start, start + mine.length) === 0) {
      let at = start + mine.length;
      const negative = buf[at] === 0x2d; // '-'
      if (negative) at++;
      let coins = 0;
      const first = at;
      while (at < end && buf[at] >= 0x30 && buf[at] <= 0x39) coins = coins * 10 + (buf[at++] - 0x30);
      if (at > first && at < end && (buf[at] === 0x2c || buf[at] === 0x7d)) {
        onAward(memberId, negative ? -coins : coins);
        return true;
      }
    }
    const payload = JSON.parse(buf.toString('utf8', start + 2, end))[1];
    onAward(payload.member_id, payload.coins);
    return true;
  };
}

/**
 * What both protocol-speaking clients (`raw`, `frames`) do with a text message from the server:
 * count and read award events, hear the online count, answer the open packet and pings, and
 * settle the connect. `io` is the connection's side: `send(text)`, `connected()`, `refused(err)`.
 */
function packetHandler(live, memberId, onAward, io) {
  const mine = memberId ? awardPrefix(memberId) : null;
  return (text) => {
    if (text.startsWith('42')) {
      if (text.startsWith(AWARD_FRAME)) {
        events++;
        if (onAward) readAward(text, memberId, mine, onAward);
      } else if (text.startsWith(COUNT_FRAME) && live.onCount) {
        live.onCount(JSON.parse(text.slice(2))[1]);
      }
    } else if (text === '2') {
      io.send('3');
    } else if (text.startsWith('0')) {
      io.send('40');
    } else if (text.startsWith('40')) {
      io.connected();
    } else if (text.startsWith('44')) {
      io.refused(new Error(`refused: ${text.slice(2)}`));
    }
  };
}

function openRawSocket(base, cookie, memberId, onAward) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { headers: { cookie }, perMessageDeflate: false });
    const live = {
      onCount: null,
      disconnect() {
        // As socket.io-client does: leave the namespace, then close the transport.
        if (ws.readyState === WebSocket.OPEN) ws.send('41');
        ws.close();
      },
    };
    sockets.push(live);
    const { fail, connected } = connectDeadline(() => resolve(live), reject, () => ws.terminate());
    const handle = packetHandler(live, memberId, onAward, { send: (text) => ws.send(text), connected, refused: fail });
    ws.on('error', fail);
    ws.on('close', () => fail(new Error('closed before the connect')));
    ws.on('message', (data, isBinary) => {
      if (!isBinary) handle(data.toString());
    });
  });
}

/**
 * A client socket's connect, settled once: `connected` resolves it (and stops the deadline),
 * `fail` rejects it and `abort`s the transport, as does the deadline after CONNECT_TIMEOUT_MS;
 * whatever comes after the first has no effect.
 */
function connectDeadline(resolve, reject, abort) {
  let settled = false;
  const timer = setTimeout(() => fail(new Error('timeout')), CONNECT_TIMEOUT_MS);
  function fail(err) {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    abort();
    reject(err);
  }
  function connected() {
    settled = true;
    clearTimeout(timer);
    resolve();
  }
  return { fail, connected };
}

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OP_CONTINUATION = 0x0;
const OP_TEXT = 0x1;
const OP_BINARY = 0x2;
const OP_CLOSE = 0x8;
const OP_PING = 0x9;
const OP_PONG = 0xa;

/** Masking keys: 4 bytes each from a pool of random bytes, refilled when used up (RFC 6455 5.3: unpredictable). */
const maskPool = Buffer.alloc(8192);
let maskOffset = maskPool.length;
function maskKey() {
  if (maskOffset === maskPool.length) {
    randomFillSync(maskPool);
    maskOffset = 0;
  }
  const key = maskPool.subarray(maskOffset, maskOffset + 4);
  maskOffset += 4;
  return key;
}

/** A client-to-server frame (FIN set, masked as a client's must be). */
export function clientFrame(opcode, payload) {
  const n = payload.length;
  const lengthBytes = n < 126 ? 0 : n < 65536 ? 2 : 8;
  const frame = Buffer.allocUnsafe(2 + lengthBytes + 4 + n);
  frame[0] = 0x80 | opcode;
  if (lengthBytes === 0) frame[1] = 0x80 | n;
  else if (lengthBytes === 2) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  const at = 2 + lengthBytes;
  const key = maskKey();
  key.copy(frame, at);
  for (let i = 0; i < n; i++) frame[at + 4 + i] = payload[i] ^ key[i & 3];
  return frame;
}

/**
 * The server's frames out of a TCP byte stream: any number of frames in a chunk, a frame split
 * over chunks, 7-, 16- and 64-bit payload lengths, fragmented messages (continuation frames).
 * Server frames must not be masked (RFC 6455 5.1) nor use RSV bits (no extension was offered).
 * Calls `onFrame(opcode, buffer, start, end)` for control frames and, for data messages, once the
 * message is whole; throws on a protocol error.
 */
export function frameReader(onFrame) {
  let pending = null; // bytes of an incomplete frame carried over from the previous chunk(s)
  let fragments = null; // { opcode, parts } of a fragmented data message
  return (chunk) => {
    let buf = chunk;
    if (pending) {
      buf = Buffer.concat([pending, chunk]);
      pending = null;
    }
    let at = 0;
    while (true) {
      const left = buf.length - at;
      if (left < 2) break;
      const b0 = buf[at];
      const b1 = buf[at + 1];
      if (b0 & 0x70) throw new Error('a server frame with RSV bits set');
      if (b1 & 0x80) throw new Error('a masked server frame');
      let length = b1 & 0x7f;
      let header = 2;
      if (length === 126) {
        if (left < 4) break;
        length = buf.readUInt16BE(at + 2);
        header = 4;
      } else if (length === 127) {
        if (left < 10) break;
        const big = buf.readBigUInt64BE(at + 2);
        if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('a server frame too long');
        length = Number(big);
        header = 10;
      }
      if (left < header + length) break;
      const start = at + header;
      const end = start + length;
      at = end;
      const fin = (b0 & 0x80) !== 0;
      const opcode = b0 & 0x0f;
      if (opcode >= 0x8) {
        if (!fin || length > 125) throw new Error('a fragmented or long control frame');
        onFrame(opcode, buf, start, end);
      } else if (opcode === OP_CONTINUATION) {
        if (!fragments) throw new Error('a continuation frame outside a message');
        fragments.parts.push(Buffer.from(buf.subarray(start, end)));
        if (fin) {
          const whole = Buffer.concat(fragments.parts);
          const first = fragments.opcode;
          fragments = null;
          onFrame(first, whole, 0, whole.length);
        }
      } else {
        if (fragments) throw new Error('a new message inside a fragmented one');
        if (fin) onFrame(opcode, buf, start, end);
        else fragments = { opcode, parts: [Buffer.from(buf.subarray(start, end))] };
      }
    }
    if (at < buf.length) pending = Buffer.from(buf.subarray(at));
  };
}

/**
 * A live connection on a bare TCP socket (node:net) speaking WebSocket (RFC 6455) itself: the
 * HTTP upgrade with the session cookie and a random Sec-WebSocket-Key (the answer's
 * Sec-WebSocket-Accept is checked), masked client frames, unmasked server frames read straight
 * off the TCP chunks; the packets are then handled as `raw` handles them (packetHandler).
 */
function openFramesSocket(base, cookie, memberId, onAward, lean) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const key = randomBytes(16).toString('base64');
    const accept = createHash('sha1').update(key + WS_GUID).digest('base64');
    // lean: every socket reads into one buffer and gets its bytes in a callback (no stream, no
    // 'data' event, no Buffer a read); whatever outlives the callback is copied.
    const socket = lean
      ? net.connect({ host: hostname, port: Number(port), onread: { buffer: READ_BUFFER, callback: (n, buf) => void onChunk(buf.subarray(0, n), true) } })
      : net.connect({ host: hostname, port: Number(port) });
    socket.setNoDelay(true);
    let open = false; // the upgrade answered 101 and no close frame has been sent
    let closeSent = false;
    const send = (opcode, payload) => {
      if (open && !closeSent && socket.writable) socket.write(clientFrame(opcode, payload));
    };
    const close = (code) => {
      if (!open || closeSent) return;
      const body = Buffer.alloc(2);
      body.writeUInt16BE(code);
      send(OP_CLOSE, body);
      closeSent = true;
    };
    const live = {
      onCount: null,
      disconnect() {
        // As socket.io-client does: leave the namespace, then close the transport.
        send(OP_TEXT, Buffer.from('41'));
        close(1000);
        socket.end();
        setTimeout(() => socket.destroy(), 2000).unref();
      },
    };
    sockets.push(live);
    const { fail, connected } = connectDeadline(() => resolve(live), reject, () => socket.destroy());
    const handle = packetHandler(live, memberId, onAward, { send: (text) => send(OP_TEXT, Buffer.from(text)), connected, refused: fail });
    const readAwardBytes = lean ? awardBytesReader(memberId, onAward) : () => false;
    const readFrames = frameReader((opcode, buf, start, end) => {
      if (opcode === OP_TEXT) {
        if (!readAwardBytes(buf, start, end)) handle(buf.toString('utf8', start, end));
      }
      else if (opcode === OP_BINARY) return;
      else if (opcode === OP_PING) send(OP_PONG, buf.subarray(start, end));
      else if (opcode === OP_CLOSE) {
        close(end - start >= 2 ? buf.readUInt16BE(start) : 1000);
        socket.end();
        fail(new Error('closed before the connect'));
      }
    });
    let head = null; // the upgrade answer until its blank line
    socket.on('connect', () => {
      socket.write(
        `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nCookie: ${cookie}\r\n\r\n`,
      );
    });
    // A chunk of the TCP stream; `shared`: it lies in the read buffer every lean socket reuses.
    function onChunk(chunk, shared = false) {
      try {
        if (open) return readFrames(chunk);
        head = head ? Buffer.concat([head, chunk]) : shared ? Buffer.from(chunk) : chunk;
        const blank = head.indexOf('\r\n\r\n');
        if (blank < 0) {
          if (head.length > 16384) throw new Error('no end to the upgrade answer');
          return;
        }
        const lines = head.toString('latin1', 0, blank).split('\r\n');
        if (!/^HTTP\/1\.1 101 /.test(lines[0])) throw new Error(`upgrade answered ${lines[0]}`);
        const got = lines.find((l) => /^sec-websocket-accept:/i.test(l))?.slice('sec-websocket-accept:'.length).trim();
        if (got !== accept) throw new Error(`Sec-WebSocket-Accept ${got}, not ${accept}`);
        open = true;
        const rest = head.subarray(blank + 4);
        head = null;
        if (rest.length > 0) readFrames(rest);
      } catch (err) {
        fail(err);
        socket.destroy();
      }
    }
    if (!lean) socket.on('data', onChunk);
    socket.on('error', fail);
    socket.on('close', () => {
      open = false;
      fail(new Error('closed before the connect'));
    });
  });
}

/** The read buffer of every `lean` socket (node:net's onread): each read is handled before the next. */
const READ_BUFFER = Buffer.alloc(64 * 1024);

let sockets = [];
let trackers = [];
let nodes = [];
let teacherSockets = new Map();
/** Award events received by this process's sockets (members' and teachers'). */
let events = 0;
/** The awards' schedule start on performance.now()'s clock. */
let scheduleStart = 0;

/**
 * One API call on a kept-alive connection. node:http rather than fetch: undici's fetch costs the
 * client several times more CPU a request, and the clients share the server's cores.
 */
function api(base, method, path, { cookie, body } = {}) {
  return new Promise((resolve, reject) => {
    const data = body ? JSON.stringify(body) : undefined;
    const headers = { ...(cookie ? { cookie } : {}), ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}) };
    const req = http.request(`${base}/api${path}`, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, json: text ? JSON.parse(text) : null }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** `lean`'s kept-alive HTTP/1.1 connections to each node that are not waiting for an answer. */
const idleConnections = new Map();

/**
 * One API call as `lean` makes it: HTTP/1.1 written and read by hand on a kept-alive node:net
 * connection (node:http's request, parser and agent were about a third of a client's own CPU).
 * Reads the status line, Content-Length and Connection of the answer, then its body; a chunked
 * answer is refused (the server's JSON answers carry a length).
 */
function leanApi(base, method, path, { cookie, body } = {}) {
  const data = body ? JSON.stringify(body) : '';
  const { hostname, port } = new URL(base);
  const request =
    `${method} /api${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
    (cookie ? `Cookie: ${cookie}\r\n` : '') +
    (data ? `Content-Type: application/json\r\n` : '') +
    `Content-Length: ${Buffer.byteLength(data)}\r\n\r\n${data}`;
  const idle = idleConnections.get(base) ?? [];
  idleConnections.set(base, idle);
  const conn = idle.pop() ?? newLeanConnection(hostname, Number(port), idle);
  return new Promise((resolve, reject) => {
    conn.waiting = { resolve, reject };
    conn.socket.write(request);
  });
}

function newLeanConnection(host, port, idle) {
  const conn = { socket: net.connect({ host, port }), waiting: null, buffered: null };
  conn.socket.setNoDelay(true);
  const settle = (fn) => {
    const w = conn.waiting;
    conn.waiting = null;
    if (w) fn(w);
  };
  const drop = (err) => {
    const at = idle.indexOf(conn);
    if (at >= 0) idle.splice(at, 1);
    settle((w) => w.reject(err));
  };
  conn.socket.on('data', (chunk) => {
    const buf = conn.buffered ? Buffer.concat([conn.buffered, chunk]) : chunk;
    const blank = buf.indexOf('\r\n\r\n');
    if (blank < 0) return void (conn.buffered = buf);
    const lines = buf.toString('latin1', 0, blank).split('\r\n');
    const header = (name) => lines.find((l) => l.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim();
    if (header('transfer-encoding')) return conn.socket.destroy(new Error('a chunked answer'));
    const length = Number(header('content-length') ?? 0);
    if (buf.length < blank + 4 + length) return void (conn.buffered = buf);
    if (buf.length > blank + 4 + length) return conn.socket.destroy(new Error('bytes after the answer'));
    conn.buffered = null;
    const status = Number(lines[0].split(' ')[1]);
    const text = buf.toString('utf8', blank + 4);
    const keep = header('connection')?.toLowerCase() !== 'close';
    if (keep) idle.push(conn);
    else conn.socket.end();
    settle((w) => w.resolve({ status, json: text ? JSON.parse(text) : null }));
  });
  conn.socket.on('error', drop);
  conn.socket.on('close', () => drop(new Error('connection closed')));
  return conn;
}

function received(tracker, memberId, payloadMemberId, coins) {
  const p = tracker.pending;
  if (!p || payloadMemberId !== memberId || coins !== p.expected || !p.waiting.delete(memberId)) return;
  if (p.waiting.size === 0) {
    tracker.latencies.push(performance.now() - p.started);
    tracker.starts.push(p.started - scheduleStart);
    tracker.pending = null;
  }
}

async function connectAll({ nodes: bases, groups, teachers }) {
  nodes = bases;
  trackers = groups.map((group) => ({ group, pending: null, k: 0, latencies: [], starts: [], http: [], skipped: 0, timeouts: 0, errors: 0, sockets: [] }));
  const joins = [];
  for (const tracker of trackers) {
    for (const [i, member] of tracker.group.members.entries()) {
      joins.push({ tracker, i, base: nodes[(tracker.group.memberOffset + i) % nodes.length], cookie: member.cookie, memberId: member.id, onAward: (id, coins) => received(tracker, member.id, id, coins) });
    }
  }
  const started = performance.now();
  const opened = await inBatches(joins, 100, (j) => openSocket(j.base, j.cookie, j.memberId, j.onAward));
  for (const [k, j] of joins.entries()) j.tracker.sockets[j.i] = { socket: opened[k], join: j };
  await inBatches(teachers, 20, async (t) => {
    teacherSockets.set(t.id, await openSocket(nodes[t.index % nodes.length], t.cookie, null, null));
  });
  return { connected: joins.length + teachers.length, ms: performance.now() - started };
}

/** A student of each of the first n groups leaves, then comes back: when its teacher hears 29, then 30. */
async function online({ groups: n }) {
  const waiters = new Map();
  const listener = (p) => {
    const waiter = waiters.get(p.group_id);
    if (waiter && p.count === waiter.want) {
      waiters.delete(p.group_id);
      waiter.resolve(performance.now());
    }
  };
  for (const s of teacherSockets.values()) s.onCount = listener;
  const heard = (groupId, want) => new Promise((resolve) => waiters.set(groupId, { want, resolve }));
  const times = [];
  for (const tracker of trackers.slice(0, n)) {
    const size = tracker.group.members.length;
    const { socket, join } = tracker.sockets[0];
    const down = heard(tracker.group.id, size - 1);
    const t0 = performance.now();
    socket.disconnect();
    times.push((await down) - t0);
    const up = heard(tracker.group.id, size);
    const t1 = performance.now();
    tracker.sockets[0] = { socket: await openSocket(join.base, join.cookie, join.memberId, join.onAward), join };
    times.push((await up) - t1);
  }
  for (const s of teacherSockets.values()) s.onCount = null;
  return { times };
}

async function award(tracker, base) {
  if (tracker.pending) {
    tracker.skipped++;
    return;
  }
  const give = tracker.k % 2 === 0;
  tracker.k++;
  const started = performance.now();
  const members = tracker.group.members;
  tracker.pending = { started, expected: give ? 1 : 0, waiting: new Set(members.map((m) => m.id)) };
  const pending = tracker.pending;
  try {
    const res = await (args.client === 'lean' ? leanApi : api)(base, 'PUT', '/member/coins/batch', { cookie: tracker.group.teacherCookie, body: { members: members.map((m) => m.id), coins: give ? 1 : -1 } });
    tracker.http.push(performance.now() - started);
    if (res.status !== 200) {
      tracker.errors++;
      if (tracker.pending === pending) tracker.pending = null;
      console.error(`award answered ${res.status} ${JSON.stringify(res.json)}`);
    }
  } catch (err) {
    tracker.errors++;
    if (tracker.pending === pending) tracker.pending = null;
    console.error(`award failed: ${err.message}`);
  }
  setTimeout(() => {
    if (tracker.pending === pending) {
      tracker.timeouts++;
      tracker.pending = null;
    }
  }, 5000).unref();
}

async function awards({ startAt, count, periodNs, slotNs, record }) {
  for (const t of trackers) Object.assign(t, { latencies: [], starts: [], http: [], skipped: 0, timeouts: 0, errors: 0 });
  scheduleStart = performance.now() + Number(BigInt(startAt) - process.hrtime.bigint()) / 1e6;
  const schedule = [];
  for (let k = 0; k < count; k++) {
    for (const tracker of trackers) {
      const i = tracker.group.index;
      schedule.push({ at: BigInt(startAt) + BigInt(Math.round(k * periodNs + i * slotNs)), tracker, node: nodes[(k + i) % nodes.length] });
    }
  }
  schedule.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpuBefore = process.cpuUsage();
  const eventsBefore = events;
  const inFlight = [];
  for (const s of schedule) {
    const wait = Number(s.at - process.hrtime.bigint()) / 1e6;
    if (wait > 0) await sleep(wait);
    inFlight.push(award(s.tracker, s.node));
  }
  await Promise.all(inFlight);
  const deadline = performance.now() + 5000;
  while (trackers.some((t) => t.pending) && performance.now() < deadline) await sleep(50);
  // A teacher's copies of the last awards may still be on their way once the members have theirs.
  await sleep(200);
  lag.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const eventsReceived = events - eventsBefore;
  if (!record) return {};
  const sum = (f) => trackers.reduce((a, t) => a + f(t), 0);
  // The histogram holds the time between its 10 ms ticks: the delay is what exceeds 10 ms.
  const late = (p) => Math.max(0, lag.percentile(p) / 1e6 - 10);
  return {
    latencies: trackers.flatMap((t) => t.latencies),
    // When each of those awards was sent, in ms after the schedule's start (same order).
    starts: trackers.flatMap((t) => t.starts),
    http: trackers.flatMap((t) => t.http),
    skipped: sum((t) => t.skipped),
    timeouts: sum((t) => t.timeouts),
    errors: sum((t) => t.errors),
    lagP50: late(50),
    lagP99: late(99),
    cpuMs: (cpu.user + cpu.system) / 1000,
    systemMs: cpu.system / 1000,
    events: eventsReceived,
  };
}

function disconnectAll() {
  for (const s of sockets) s.disconnect();
  sockets = [];
  teacherSockets = new Map();
  trackers = [];
  return {};
}

const commands = { connect: connectAll, online, awards, disconnect: disconnectAll };

process.on('message', async (msg) => {
  try {
    const result = await commands[msg.cmd](msg);
    if (process.connected) process.send({ id: msg.id, ok: true, result });
  } catch (err) {
    if (process.connected) process.send({ id: msg.id, ok: false, error: err instanceof Error ? err.stack : String(err) });
  }
});
// The parent going away ends this process too.
process.on('disconnect', () => {
  disconnectAll();
  process.exit(0);
});
