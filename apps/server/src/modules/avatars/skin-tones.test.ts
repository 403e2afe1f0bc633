import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SKIN_TONE_IDS } from '@kolikko/core/enumerations';
import { DEFAULT_SKIN_TONE, SKIN_TONES } from '@kolikko/core/skin-tones';
import { queryRows } from '../../db/reset.ts';
import { DRAWN_IN } from './skin-tones.ts';
import { buildTestApp, signIn, caller, type Method } from '../../test/build-test-app.ts';
import { nextEvent, socketClients } from '../../test/sockets.ts';
import { buildGroup, buildMember, buildTeacher, giveCoins } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const call = caller(app);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const clients = socketClients(app, address);

const facesDir = new URL('../../../assets/characters/faces/', import.meta.url);
const faceFiles = readdirSync(facesDir).filter((name) => name.endsWith('.svg'));

async function classroom(coins = 10) {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const member = await buildMember(db, group.id);
  if (coins > 0) await giveCoins(db, teacher.id, member.id, coins);
  return { teacher, group, member, cookie: await signIn(app, teacher, 'teacher'), memberCookie: await signIn(app, member, 'member') };
}

/**
 * The colour the head (the 62-unit circle every face draws its skin with) is painted in, as a
 * browser would read it: its own fill, or the skin variable its class takes from the picture's palette.
 */
function headColour(svg: string): string {
  const head = /<circle cx="100" cy="110" r="62"[^>]*>/.exec(svg)?.[0] ?? '';
  const own = /fill="(#[0-9a-f]{6})"/i.exec(head)?.[1];
  if (own) return own.toLowerCase();
  if (!/class="[^"]*\bf-skin\b/.test(head)) return `no skin on the head: ${head}`;
  return (/--skin:(#[0-9a-f]{6})/i.exec(svg)?.[1] ?? 'no --skin in the palette').toLowerCase();
}

const picture = async (path: string, tone?: string) => {
  const res = await call('GET', `/api/images/${path}${tone ? `?tone=${tone}` : ''}`);
  expect([path, tone, res.statusCode]).toEqual([path, tone, 200]);
  return res.body;
};

const wear = (cookie: string | undefined, memberId: string, path: string) => call('PUT', `/api/member/${memberId}/character`, cookie, { type: 'face', path });
const unlock = (cookie: string | undefined, memberId: string, path: string) => call('POST', `/api/member/${memberId}/character/unlock`, cookie, { type: 'face', path });
const setTone = (cookie: string | undefined, memberId: string, body: object) => call('PUT', `/api/member/${memberId}/skin-tone`, cookie, body);

describe('skin tones: the pictures', () => {
  it('every face draws its skin with the tone: no skin colour of any tone is baked into a face file', () => {
    expect(faceFiles.length).toBeGreaterThanOrEqual(12);
    const baked = SKIN_TONES.flatMap((tone) => [tone.skin, tone.shade, tone.line, tone.blush]);
    for (const name of faceFiles) {
      const svg = readFileSync(new URL(name, facesDir), 'utf8').toLowerCase();
      expect([name, baked.filter((colour) => svg.includes(colour))]).toEqual([name, []]);
      // The head, its ears and the neck take the skin variables.
      expect([name, /<circle cx="100" cy="110" r="62" class="f-skin s-line"/.test(svg)]).toEqual([name, true]);
      expect([name, svg.match(/<circle cx="(40|160)" cy="114" r="12" class="f-skin s-line"/g)?.length]).toEqual([name, 2]);
      expect([name, /<path d="m86 146h28v40h86z" class="f-shade"/.test(svg)]).toEqual([name, true]);
    }
  });

  it('knows the tone every face of the manifest was drawn in (who never chose one shows it)', async () => {
    const faces = (await call('GET', '/api/images/faces')).json().map((f: { path: string }) => f.path);
    expect(Object.keys(DRAWN_IN).sort()).toEqual([...faces].sort());
    expect(Object.values(DRAWN_IN).every((tone) => (SKIN_TONE_IDS as readonly string[]).includes(tone))).toBe(true);
  });

  it('serves each face in each tone, its palette first; hairs are the same in every tone', async () => {
    expect(SKIN_TONE_IDS.length).toBeGreaterThanOrEqual(5);
    for (const tone of SKIN_TONES) {
      for (const path of ['face-01.svg', 'face-08.svg', 'face-14.svg']) {
        const svg = await picture(path, tone.id);
        expect([path, tone.id, headColour(svg)]).toEqual([path, tone.id, tone.skin]);
        expect(svg).toContain(`--skin-shade:${tone.shade}`);
      }
    }
    // No tone: the default one.
    const standard = SKIN_TONES.find((t) => t.id === DEFAULT_SKIN_TONE)?.skin;
    expect(headColour(await picture('face-05.svg'))).toBe(standard);
    // A tone is a variant of its own: its own ETag, revalidated as the plain file is.
    const a = await call('GET', '/api/images/face-02.svg?tone=tone-1');
    const b = await call('GET', '/api/images/face-02.svg?tone=tone-6');
    expect(a.headers.etag).not.toBe(b.headers.etag);
    const again = await call('GET', '/api/images/face-02.svg?tone=tone-6', undefined, undefined, { 'if-none-match': String(b.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(await picture('hair-03.svg', 'tone-1')).toBe(await picture('hair-03.svg', 'tone-6'));
    for (const tone of ['tone-99', 'red', '']) {
      const bad = await call('GET', `/api/images/face-02.svg?tone=${tone}`);
      expect([tone, bad.statusCode, bad.json().errorCode]).toEqual([tone, 400, 'VALIDATION.INVALID_INPUT']);
    }
  });
});

describe('skin tones: a choice of its own', () => {
  it('changing face keeps the skin tone (issue 33, stumble 13)', async () => {
    const c = await classroom(10);
    const before = (await call('GET', `/api/member/${c.member.id}`, c.memberCookie)).json();
    const skin = headColour(await picture(before.face ?? 'face-01.svg', before.skin_tone));
    const other = before.face === 'face-08.svg' ? 'face-02.svg' : 'face-08.svg';
    expect((await unlock(c.memberCookie, c.member.id, other)).statusCode).toBe(200);
    const after = (await call('GET', `/api/member/${c.member.id}`, c.memberCookie)).json();
    expect(after.face).toBe(other);
    expect(headColour(await picture(after.face, after.skin_tone))).toBe(skin);
  });

  it('a student sets its own tone for free; the face it then wears keeps it; the teacher sees it live and in every list', async () => {
    const c = await classroom(10);
    const teacherSocket = await clients.connect(c.cookie);
    const heard = nextEvent(teacherSocket, 'member-settings-update');
    const res = await setTone(c.memberCookie, c.member.id, { skin_tone: 'tone-7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.member.id, skin_tone: 'tone-7', coins: 10 });
    expect(await heard).toMatchObject({ id: c.member.id, skin_tone: 'tone-7', change: 'character' });
    expect((await unlock(c.memberCookie, c.member.id, 'face-03.svg')).json()).toMatchObject({ face: 'face-03.svg', skin_tone: 'tone-7', coins: 7 });
    expect((await wear(c.memberCookie, c.member.id, 'face-01.svg')).json()).toMatchObject({ face: 'face-01.svg', skin_tone: 'tone-7' });
    // No coins move for a tone: the ledger has the face only.
    const ledger = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from coin_ledger where from_account = ${`member:${c.member.id}`}`);
    expect(ledger[0]?.n).toBe(1);
    // Wherever the student is shown.
    expect((await call('GET', '/api/checkStatus', c.memberCookie)).json()).toMatchObject({ skin_tone: 'tone-7' });
    expect((await call('GET', `/api/group/${c.group.id}/members`, c.cookie)).json()[0]).toMatchObject({ id: c.member.id, skin_tone: 'tone-7' });
    const board = (await call('GET', `/api/group/${c.group.id}/board`, c.cookie)).json();
    expect(board.members.find((m: { id: string }) => m.id === c.member.id)).toMatchObject({ skin_tone: 'tone-7' });
    const classmate = await buildMember(db, c.group.id);
    const classmates = (await call('GET', `/api/member/${classmate.id}/classmates`, await signIn(app, classmate, 'member'))).json();
    expect(classmates.find((m: { id: string }) => m.id === c.member.id)).toMatchObject({ skin_tone: 'tone-7' });
    const [row] = await queryRows<{ skin_tone: string }>(db, sql`select skin_tone from members where id = ${c.member.id}`);
    expect(row?.skin_tone).toBe('tone-7');
  });

  it('a student who never chose shows the tone its face was drawn in, and keeps it when it changes face', async () => {
    const c = await classroom(10);
    // face-08 was drawn in the deepest tone before tones were a choice.
    await db.execute(sql`update members set face = 'face-08.svg', unlocked_faces = '{face-08.svg}' where id = ${c.member.id}`);
    expect((await call('GET', `/api/member/${c.member.id}`, c.memberCookie)).json()).toMatchObject({ face: 'face-08.svg', skin_tone: SKIN_TONE_IDS.at(-1) });
    expect((await wear(c.memberCookie, c.member.id, 'face-01.svg')).json()).toMatchObject({ face: 'face-01.svg', skin_tone: SKIN_TONE_IDS.at(-1) });
    const [row] = await queryRows<{ skin_tone: string }>(db, sql`select skin_tone from members where id = ${c.member.id}`);
    expect(row?.skin_tone).toBe(SKIN_TONE_IDS.at(-1));
    // A new student with the default face: the default tone.
    const fresh = await buildMember(db, c.group.id);
    expect((await call('GET', `/api/member/${fresh.id}`, await signIn(app, fresh, 'member'))).json().skin_tone).toBe(DEFAULT_SKIN_TONE);
  });

  it('the teacher sets its own tone, and its student sees the change live', async () => {
    const c = await classroom(0);
    const res = await call('PUT', `/api/admin/${c.teacher.id}/skin-tone`, c.cookie, { skin_tone: 'tone-2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: c.teacher.id, admin: true, skin_tone: 'tone-2' });
    expect((await call('GET', '/api/checkStatus', c.cookie)).json()).toMatchObject({ skin_tone: 'tone-2' });
    expect((await call('PUT', `/api/admin/${c.teacher.id}/character`, c.cookie, { type: 'face', path: 'face-06.svg' })).json()).toMatchObject({ face: 'face-06.svg', skin_tone: 'tone-2' });

    const memberSocket = await clients.connect(c.memberCookie);
    const heard = nextEvent(memberSocket, 'teacher-updated-member-setting');
    const student = await setTone(c.cookie, c.member.id, { skin_tone: 'tone-4' });
    expect(student.json()).toMatchObject({ id: c.member.id, skin_tone: 'tone-4' });
    expect(await heard).toMatchObject({ id: c.member.id, skin_tone: 'tone-4', change: 'character' });
  });

  it('refuses a tone that is not one of the tones', async () => {
    const c = await classroom(0);
    for (const body of [{ skin_tone: 'tone-0' }, { skin_tone: '#ffffff' }, { skin_tone: null }, { skin_tone: 3 }, {}]) {
      for (const [cookie, url] of [
        [c.memberCookie, `/api/member/${c.member.id}/skin-tone`],
        [c.cookie, `/api/admin/${c.teacher.id}/skin-tone`],
      ] as const) {
        const res = await call('PUT', url, cookie, body);
        expect([url, body, res.statusCode, res.json().errorCode]).toEqual([url, body, 400, 'VALIDATION.INVALID_INPUT']);
      }
    }
    const [row] = await queryRows<{ skin_tone: string | null }>(db, sql`select skin_tone from members where id = ${c.member.id}`);
    expect(row?.skin_tone).toBeNull();
  });

  it('refuses nobody, a classmate, a student of another group, another teacher and a demo teacher', async () => {
    const c = await classroom(0);
    const classmate = await buildMember(db, c.group.id);
    const other = await buildTeacher(db);
    const stranger = await buildMember(db, (await buildGroup(db, other.id)).id);
    const demo = await app.inject({ method: 'POST', url: '/api/demo', payload: { language: 'en' } });
    const demoCookie = `kolikko_demo=${demo.cookies.find((x) => x.name === 'kolikko_demo')?.value ?? ''}`;
    const demoTeacher = { 'x-kolikko-demo-as': 'teacher' };
    const body = { skin_tone: 'tone-5' };
    const who: [string, string | undefined, Record<string, string>][] = [
      ['nobody', undefined, {}],
      ['classmate', await signIn(app, classmate, 'member'), {}],
      ['stranger', await signIn(app, stranger, 'member'), {}],
      ['other teacher', await signIn(app, other, 'teacher'), {}],
      ['demo teacher', demoCookie, demoTeacher],
    ];
    const routes: [Method, string, Record<string, string>][] = [
      // url: the code for nobody, a classmate, a stranger, another teacher, a demo teacher
      ['PUT', `/api/member/${c.member.id}/skin-tone`, { nobody: '401 AUTH.NO_AUTH', classmate: '403 USER.NOT_YOU', stranger: '403 USER.NOT_YOU', 'other teacher': '404 MEMBER.MEMBER_NOT_FOUND', 'demo teacher': '404 MEMBER.MEMBER_NOT_FOUND' }],
      ['PUT', `/api/admin/${c.teacher.id}/skin-tone`, { nobody: '401 AUTH.NO_AUTH', classmate: '403 PERMISSION.INSUFFICIENT_PERMISSIONS', stranger: '403 PERMISSION.INSUFFICIENT_PERMISSIONS', 'other teacher': '403 USER.NOT_YOU', 'demo teacher': '403 USER.NOT_YOU' }],
    ];
    for (const [method, url, codes] of routes) {
      for (const [name, cookie, headers] of who) {
        const res = await call(method, url, cookie, body, headers);
        expect([url, name, `${res.statusCode} ${res.json().errorCode}`]).toEqual([url, name, codes[name]]);
      }
    }
    const [member] = await queryRows<{ skin_tone: string | null }>(db, sql`select skin_tone from members where id = ${c.member.id}`);
    const [teacher] = await queryRows<{ skin_tone: string | null }>(db, sql`select skin_tone from teachers where id = ${c.teacher.id}`);
    expect([member?.skin_tone, teacher?.skin_tone]).toEqual([null, null]);
  });
});
