import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildTestApp, signIn } from '../test/build-test-app.ts';
import {
  DEFAULT_PASSWORD,
  buildGroup,
  buildMember,
  buildReward,
  buildRewardList,
  buildTeacher,
  buildTodo,
  buildTodolist,
  showTodolist,
} from '../test/factories.ts';

// A few thousand requests from one address: the per-address ceiling is not what is tested here.
const { app, database } = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
const db = database.db;

/** The part of JSON Schema the OpenAPI document of our Zod schemas uses. */
interface JsonSchema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: 'path' | 'query'; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
type Route = { method: string; path: string; operation: Operation };
type Path = (string | number)[];

/** A teacher with a group, a student in it, a list shown to it with two todos, rewards and a chat message. */
async function classroom() {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const list = await buildTodolist(db, teacher.id);
  const todo = await buildTodo(db, list.id, { reward: 2, answertype: 'free', allowMemberImage: true });
  const todo2 = await buildTodo(db, list.id);
  await showTodolist(db, group.id, 'blue', list.id);
  const member = await buildMember(db, group.id);
  const reward = await buildReward(db, teacher.id);
  const rewardList = await buildRewardList(db, teacher.id, { rewardIds: [reward.id], publishTo: group.id });
  const teacherCookie = await signIn(app, teacher, 'teacher');
  const memberCookie = await signIn(app, member, 'member');
  const memberTodos = await app.inject({ method: 'GET', url: `/api/membertodos?group_id=${group.id}`, headers: { cookie: memberCookie } });
  const memberTodo: { id: string } | undefined = memberTodos.json()[0];
  const chat = await app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: teacherCookie }, payload: { group_id: group.id, message: 'Hello' } });
  if (!memberTodo || chat.statusCode !== 201) throw new Error('classroom incomplete');
  return { teacher, group, list, todo, todo2, member, reward, rewardList, memberTodo, chatId: chat.json().id as string, teacherCookie, memberCookie };
}
type Classroom = Awaited<ReturnType<typeof classroom>>;

/**
 * The value a field of that name takes in a request that the schema accepts and that reaches the
 * database on today's routes: ids of the classroom's own rows (for a route parameter, the segment
 * before it says which), and texts a person would type.
 */
function hint(c: Classroom, self: string, name: string, before: string | undefined): unknown {
  const ids: Record<string, string> = {
    group: c.group.id,
    groups: self,
    member: c.member.id,
    admin: c.teacher.id,
    todolist: c.list.id,
    todolists: c.list.id,
    todo: c.todo.id,
    todos: c.todo.id,
    reward: c.reward.id,
    rewardlist: c.rewardList.id,
  };
  if (name === 'id' && before !== undefined) return ids[before] ?? self;
  const byName: Record<string, unknown> = {
    id: self,
    userId: self,
    groupOrUserId: c.group.id,
    groupId: c.group.id,
    group_id: c.group.id,
    member_id: c.member.id,
    members: [c.member.id],
    todolistId: c.list.id,
    todolist_id: c.list.id,
    todoId: c.todo.id,
    todo_id: c.todo.id,
    todo1: c.todo.id,
    todo2: c.todo2.id,
    mTodoId: c.memberTodo.id,
    mtodo_id: c.memberTodo.id,
    rewardId: c.reward.id,
    reward_id: c.reward.id,
    rewardlistId: c.rewardList.id,
    rewardlist_id: c.rewardList.id,
    chatId: c.chatId,
    before: c.chatId,
    provider: 'dev',
    color: 'blue',
    path: 'star.svg',
    loginName: c.teacher.username,
    username: 'new_name1',
    recipient: c.member.username,
    email: 'someone@example.test',
    password: DEFAULT_PASSWORD,
    oldPassword: DEFAULT_PASSWORD,
    newPassword: 'another-secret1',
    group_name: c.group.name,
    group_code: c.group.joinCode,
    // A badge's secret (24 characters of base64url), or a reset link's token.
    token: 'abcdefghijklmnopqrstuvwx',
    usernames: ['new_kid1'],
    member_ids: [c.member.id],
    // Teams are made by a count or by a size, not both.
    count: 2,
    size: OMIT,
    category: 'mathematics',
    categories: ['MATHEMATICS'],
    content_html: '<p>Task</p>',
    content_delta: { ops: [{ insert: 'Task\n' }] },
    message: 'Hello class',
    // A report's days (YYYY-MM-DD).
    from: '2026-11-02',
    to: '2026-11-08',
    // A co-teacher's last day: a week from now.
    until: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10),
  };
  return byName[name];
}

/** A hint that leaves the field out (of two fields a request takes one of, the other). */
const OMIT = Symbol('omit');

/** A value the schema accepts: the hint for its name when there is one, else one built from the schema. */
function valueFor(schema: JsonSchema, name: string, make: (name: string) => unknown): unknown {
  const hinted = make(name);
  if (hinted === OMIT) return undefined;
  if (hinted !== undefined) return hinted;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return valueFor(schema.anyOf[0], name, make);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, valueFor(s, key, make)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => valueFor(schema.items ?? {}, name, make));
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? 1);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'uuid') return randomUUID();
      const fits = (s: string) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
      if (schema.pattern) {
        const found = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 100, seed: 12 }).find(fits);
        if (found === undefined) throw new Error(`no value for ${name} matching ${schema.pattern}`);
        return found;
      }
      return 'Text'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 4);
    }
    default:
      return {};
  }
}

/** Every string in a value, by its path. */
function textsOf(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => textsOf(v, [...path, i]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => textsOf(v, [...path, k]));
  return [];
}

function withTextAt(value: unknown, path: Path, change: (s: string) => string): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return change(String(value));
  const copy = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  (copy as Record<string | number, unknown>)[key] = withTextAt((value as Record<string | number, unknown>)[key], rest, change);
  return copy;
}

/** The character put in the middle of a text: keeps its length, so only the character is wrong. */
const put = (char: string) => (s: string) => {
  const at = Math.floor(s.length / 2);
  return `${s.slice(0, at)}${char}${s.slice(at + 1)}`;
};

/** NUL first, then, in turn, the other refused characters (a lone surrogate only where JSON can carry it). */
const OTHERS_IN_URLS = ['\u0001', '\u0007', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f'];
const OTHERS_IN_BODIES = [...OTHERS_IN_URLS, '\ud800', '\udfff'];

interface Request {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

function requestOf(route: Route, c: Classroom, self: string): Request {
  const segments = route.path.split('/');
  const make = (name: string, before?: string) => hint(c, self, name, before);
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of route.operation.parameters ?? []) {
    const index = segments.indexOf(`{${p.name}}`);
    const value = String(valueFor(p.schema, p.name, (name) => make(name, p.in === 'path' ? segments[index - 1] : undefined)));
    (p.in === 'path' ? params : query)[p.name] = value;
  }
  const schema = route.operation.requestBody?.content['application/json']?.schema;
  return { params, query, body: schema ? valueFor(schema, '', (name) => make(name)) : undefined };
}

function send(route: Route, request: Request, cookie: string): Promise<LightMyRequestResponse> {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params[name] ?? ''));
  const query = new URLSearchParams(request.query).toString();
  return app.inject({
    method: route.method.toUpperCase() as 'GET',
    url: query ? `${path}?${query}` : path,
    headers: { cookie },
    ...(request.body === undefined ? {} : { payload: request.body as object }),
  });
}

/**
 * The routes of the OpenAPI document, which is built from every route's Zod schemas. Those that
 * delete the classroom or end its sessions when they succeed go last, so that on code that lets
 * a request through, the routes after them are still tried as a signed-in user.
 */
async function documentedRoutes(): Promise<Route[]> {
  const doc: { paths: Record<string, Record<string, Operation>> } = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, operation]) => ({ method, path, operation })));
  const ending = (r: Route) => Number(r.method === 'delete' || r.path === '/api/logout' || r.path.endsWith('/password'));
  return routes.sort((a, b) => ending(a) - ending(b));
}

describe('control characters in any text field of any route', () => {
  it('answer 400 VALIDATION.INVALID_INPUT naming the field, for a teacher and for a student, never 500', async () => {
    const c = await classroom();
    const routes = await documentedRoutes();
    const users = [
      { who: 'teacher', cookie: c.teacherCookie, self: c.teacher.id },
      { who: 'student', cookie: c.memberCookie, self: c.member.id },
    ];
    const failures: string[] = [];
    const tried = new Set<string>();
    let turn = 0;
    for (const route of routes) {
      for (const { who, cookie, self } of users) {
        const request = requestOf(route, c, self);
        const texts: { part: keyof Request; path: Path }[] = [
          ...Object.keys(request.params).map((k) => ({ part: 'params' as const, path: [k] })),
          ...Object.keys(request.query).map((k) => ({ part: 'query' as const, path: [k] })),
          ...textsOf(request.body).map((path) => ({ part: 'body' as const, path })),
        ];
        for (const { part, path } of texts) {
          const others = part === 'body' ? OTHERS_IN_BODIES : OTHERS_IN_URLS;
          for (const char of ['\u0000', others[turn++ % others.length] ?? '\u0001']) {
            const field = path.join('.');
            tried.add(`${route.method.toUpperCase()} ${route.path} ${field}`);
            const res = await send(route, { ...request, [part]: withTextAt(request[part], path, put(char)) }, cookie);
            const body = String(res.headers['content-type']).startsWith('application/json') ? res.json() : {};
            if (res.statusCode !== 400 || body.errorCode !== 'VALIDATION.INVALID_INPUT' || body.field !== field) {
              const shown = JSON.stringify(char).slice(1, -1);
              failures.push(`${route.method.toUpperCase()} ${route.path} as ${who}, ${shown} in ${part} ${field}: ${res.statusCode} ${body.errorCode} ${body.field}`);
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(80);
    // The examples are among them.
    for (const example of [
      'POST /api/group group_name',
      'POST /api/todo content_html',
      'POST /api/todo answer',
      'POST /api/todo content_delta.ops.0.insert',
      'PUT /api/membertodo updates.member_answer',
      'POST /api/reward reward.name',
      'POST /api/reward reward.description',
      'POST /api/login/admin loginName',
      'POST /api/todolist/{id}/copy name',
      'POST /api/chat message',
      'GET /api/public/predefined-images/{path} path',
      'GET /api/chat group_id',
    ]) {
      expect(tried).toContain(example);
    }
  });

  it('leave the same requests without them to the routes: none is a schema refusal, none a 500', async () => {
    const c = await classroom();
    const routes = await documentedRoutes();
    const failures: string[] = [];
    for (const route of routes) {
      const member = route.path.includes('membertodo') || route.path.includes('/api/member/{id}') || route.path.endsWith('/member');
      const request = requestOf(route, c, member ? c.member.id : c.teacher.id);
      const res = await send(route, request, member ? c.memberCookie : c.teacherCookie);
      const body = String(res.headers['content-type']).startsWith('application/json') ? res.json() : {};
      // The error handler words a schema refusal "Invalid <field>"; no service does.
      if (res.statusCode >= 500 || (res.statusCode === 400 && body.message === `Invalid ${body.field}`)) {
        failures.push(`${route.method.toUpperCase()} ${route.path}: ${res.statusCode} ${body.errorCode} ${body.field ?? ''}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('what the rule leaves alone', () => {
  it('keeps tab, line breaks and any other Unicode text', async () => {
    const c = await classroom();
    const text = 'Tab\there,\r\nline\nä ö 😀 👩‍🏫 \u00a0\u2028';
    const res = await app.inject({
      method: 'POST',
      url: '/api/todo',
      headers: { cookie: c.teacherCookie },
      payload: { todolist_id: c.list.id, content_html: `<p>${text}</p>`, content_delta: { ops: [{ insert: `${text}\n` }] }, answer: text },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ content_html: `<p>${text}</p>`, content_delta: { ops: [{ insert: `${text}\n` }] } });
  });

  it('refuses a control character in a key of a stored free-form object, and a body nested deep', async () => {
    const c = await classroom();
    const key = await app.inject({
      method: 'POST',
      url: '/api/todo',
      headers: { cookie: c.teacherCookie },
      payload: { todolist_id: c.list.id, content_html: '<p>x</p>', content_delta: { ops: [{ insert: 'x\n', attributes: { 'bo\u0000ld': true } }] } },
    });
    expect([key.statusCode, key.json().errorCode, key.json().field]).toEqual([400, 'VALIDATION.INVALID_INPUT', 'content_delta.ops.0.attributes']);
    const deep = `${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}`;
    const nested = await app.inject({ method: 'POST', url: '/api/todo', headers: { cookie: c.teacherCookie, 'content-type': 'application/json' }, payload: deep });
    expect([nested.statusCode, nested.json().errorCode]).toEqual([400, 'VALIDATION.INVALID_INPUT']);
  });
});
