import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHARACTER_DEFAULTS } from '@kolikko/core/limits';
import { queryRows } from '../../db/reset.ts';
import { buildTestApp, signIn, caller, type Method } from '../../test/build-test-app.ts';
import { expectBooksBalance } from '../../test/books.ts';
import { buildGroup, buildMember, buildTeacher, giveCoins } from '../../test/factories.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const call = caller(app);

async function classroom(coins = 10) {
  const teacher = await buildTeacher(db);
  const group = await buildGroup(db, teacher.id);
  const member = await buildMember(db, group.id);
  if (coins > 0) await giveCoins(db, teacher.id, member.id, coins);
  return { teacher, group, member, cookie: await signIn(app, teacher, 'teacher'), memberCookie: await signIn(app, member, 'member') };
}

const unlock = (cookie: string | undefined, memberId: string, type: string, path: string) =>
  call('POST', `/api/member/${memberId}/character/unlock`, cookie, { type, path });
const wear = (cookie: string | undefined, memberId: string, type: string, path: string) =>
  call('PUT', `/api/member/${memberId}/character`, cookie, { type, path });

async function characterLedger(memberId: string) {
  return queryRows<{ amount: number; reference: string; to_account: string }>(
    db,
    sql`select amount, reference, to_account from coin_ledger where reason = 'character_purchase' and from_account = ${`member:${memberId}`} order by id`,
  );
}

describe('images', () => {
  it('lists the faces and hairs with their prices and the action pictures, to anyone', async () => {
    const faces = (await call('GET', '/api/images/faces')).json();
    const hairs = (await call('GET', '/api/images/hairs')).json();
    const actions = (await call('GET', '/api/images/actions')).json();
    expect(faces.length).toBeGreaterThanOrEqual(12);
    expect(hairs.length).toBeGreaterThanOrEqual(12);
    expect(faces[0]).toEqual({ path: CHARACTER_DEFAULTS.face, name: { en: 'Sunny smile', fi: 'Aurinkoinen hymy', sv: 'Soligt leende' }, price: 0 });
    // Every part and picture is named in each language of the app.
    for (const entry of [...faces, ...hairs, ...actions]) expect(Object.keys(entry.name).sort(), entry.path).toEqual(['en', 'fi', 'sv']);
    expect(hairs.find((h: { path: string }) => h.path === 'hair-05.svg').name.sv).toBe('Hästsvans');
    expect(actions.find((a: { path: string }) => a.path === 'teacher-award.svg').name).toEqual({ en: 'Award from the teacher', fi: 'Opettajan palkinto', sv: 'Mynt från läraren' });
    expect(faces.slice(1).every((f: { price: number }) => f.price === 3)).toBe(true);
    expect(hairs.find((h: { path: string }) => h.path === CHARACTER_DEFAULTS.hair).price).toBe(0);
    expect(hairs.filter((h: { price: number }) => h.price === 1)).toHaveLength(hairs.length - 1);
    expect(actions.map((a: { path: string }) => a.path)).toContain('reward.svg');
  });

  it('serves each picture of the manifest as SVG, cached and revalidated by its ETag', async () => {
    for (const path of ['face-02.svg', 'hair-03.svg', 'coins-sent.svg']) {
      const res = await call('GET', `/api/images/${path}`);
      expect([path, res.statusCode, res.headers['content-type']]).toEqual([path, 200, 'image/svg+xml']);
      expect(res.body.startsWith('<svg') || res.body.startsWith('<?xml')).toBe(true);
      expect(res.headers['cache-control']).toBe('public, max-age=2592000');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      const etag = String(res.headers.etag);
      const again = await call('GET', `/api/images/${path}`, undefined, undefined, { 'if-none-match': etag });
      expect([again.statusCode, again.body]).toEqual([304, '']);
    }
  });

  it('serves nothing outside the manifest: no path traversal', async () => {
    for (const url of [
      '/api/images/..%2Fmanifest.json',
      '/api/images/..%2F..%2F..%2Fpackage.json',
      '/api/images/%2E%2E%2Fmanifest.json',
      '/api/images/faces%2Fface-01.svg',
      '/api/images/manifest.json',
      '/api/images/face-99.svg',
      '/api/images/FACE-01.SVG',
    ]) {
      const res = await call('GET', url);
      expect([url, res.statusCode, res.json().errorCode]).toEqual([url, 404, 'IMAGE.IMAGE_NOT_FOUND']);
    }
    const raw = await call('GET', '/api/images/../package.json');
    expect(raw.statusCode).toBe(404);
    expect(raw.body).not.toContain('"workspaces"');
  });
});

describe('characters: who may call what', () => {
  it('refuses nobody, the wrong teacher and the wrong student on every character route', async () => {
    const c = await classroom();
    const classmate = await buildMember(db, c.group.id);
    const other = await buildTeacher(db);
    const stranger = await buildMember(db, (await buildGroup(db, other.id)).id);
    const otherCookie = await signIn(app, other, 'teacher');
    const classmateCookie = await signIn(app, classmate, 'member');
    const strangerCookie = await signIn(app, stranger, 'member');
    const body = { type: 'face', path: 'face-02.svg' };
    // url, nobody, its teacher, another teacher, a classmate, a stranger (null: allowed)
    const routes: [Method, string, string | null, string, string, string][] = [
      ['POST', `/api/member/${c.member.id}/character/unlock`, 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'USER.NOT_YOU', 'USER.NOT_YOU'],
      ['PUT', `/api/member/${c.member.id}/character`, null, 'MEMBER.MEMBER_NOT_FOUND', 'USER.NOT_YOU', 'USER.NOT_YOU'],
      ['PUT', `/api/admin/${c.teacher.id}/character`, null, 'USER.NOT_YOU', 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'PERMISSION.INSUFFICIENT_PERMISSIONS'],
    ];
    for (const [method, url, teacherCode, otherCode, classmateCode, strangerCode] of routes) {
      const anon = await call(method, url, undefined, body);
      expect([url, anon.statusCode, anon.json().errorCode]).toEqual([url, 401, 'AUTH.NO_AUTH']);
      if (teacherCode) expect([url, (await call(method, url, c.cookie, body)).json().errorCode]).toEqual([url, teacherCode]);
      const refusals: [string, string][] = [[otherCookie, otherCode], [classmateCookie, classmateCode], [strangerCookie, strangerCode]];
      for (const [cookie, code] of refusals) {
        const res = await call(method, url, cookie, body);
        expect([url, res.statusCode >= 403, res.json().errorCode]).toEqual([url, true, code]);
      }
    }
    expect(await characterLedger(c.member.id)).toEqual([]);
    const [row] = await queryRows<{ face: string | null; unlocked_faces: string[] }>(db, sql`select face, unlocked_faces from members where id = ${c.member.id}`);
    expect(row).toEqual({ face: null, unlocked_faces: [] });
    const [teacher] = await queryRows<{ face: string | null }>(db, sql`select face from teachers where id = ${c.teacher.id}`);
    expect(teacher?.face).toBeNull();
  });
});

describe('characters', () => {
  it('a student unlocks a face for 3 and a hair for 1, once each, then wears them', async () => {
    const c = await classroom(10);
    const tooEarly = await wear(c.memberCookie, c.member.id, 'face', 'face-02.svg');
    expect([tooEarly.statusCode, tooEarly.json().errorCode, tooEarly.json().field]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS', 'path']);

    // Buying puts the part on at once (issue 14), in the purchase's own transaction.
    const face = await unlock(c.memberCookie, c.member.id, 'face', 'face-02.svg');
    expect(face.statusCode).toBe(200);
    expect(face.json()).toMatchObject({ id: c.member.id, coins: 7, unlocked_faces: ['face-02.svg'], face: 'face-02.svg', hair: null });
    const hair = await unlock(c.memberCookie, c.member.id, 'hair', 'hair-05.svg');
    expect(hair.json()).toMatchObject({ coins: 6, unlocked_hairs: ['hair-05.svg'], face: 'face-02.svg', hair: 'hair-05.svg' });
    const defaultFace = await unlock(c.memberCookie, c.member.id, 'face', CHARACTER_DEFAULTS.face);
    expect(defaultFace.json()).toMatchObject({ coins: 6, unlocked_faces: ['face-02.svg'], face: CHARACTER_DEFAULTS.face });
    // Owned already: nothing is charged again, and it is put back on.
    const twice = await unlock(c.memberCookie, c.member.id, 'face', 'face-02.svg');
    expect(twice.json()).toMatchObject({ coins: 6, unlocked_faces: ['face-02.svg'], face: 'face-02.svg' });
    expect(await characterLedger(c.member.id)).toEqual([
      { amount: 3, reference: 'face-02.svg', to_account: 'sink' },
      { amount: 1, reference: 'hair-05.svg', to_account: 'sink' },
    ]);
    expect((await call('GET', '/api/checkStatus', c.memberCookie)).json()).toMatchObject({ face: 'face-02.svg', hair: 'hair-05.svg' });

    expect((await wear(c.memberCookie, c.member.id, 'face', 'face-02.svg')).json()).toMatchObject({ face: 'face-02.svg', hair: 'hair-05.svg' });
    expect((await wear(c.memberCookie, c.member.id, 'hair', 'hair-05.svg')).json()).toMatchObject({ face: 'face-02.svg', hair: 'hair-05.svg' });
    expect((await wear(c.memberCookie, c.member.id, 'hair', CHARACTER_DEFAULTS.hair)).json()).toMatchObject({ hair: CHARACTER_DEFAULTS.hair });
    // Everywhere a member is shown: the teacher's member list too.
    const members = (await call('GET', `/api/group/${c.group.id}/members`, c.cookie)).json();
    expect(members[0]).toMatchObject({ face: 'face-02.svg', hair: CHARACTER_DEFAULTS.hair });
    await expectBooksBalance(db);
  });

  it('refuses an unlock the student cannot afford, and parts that are not of that layer or not ours', async () => {
    const c = await classroom(2);
    const short = await unlock(c.memberCookie, c.member.id, 'face', 'face-03.svg');
    expect([short.statusCode, short.json().errorCode]).toEqual([400, 'MISC.OUT_OF_COINS']);
    // A refused purchase puts nothing on.
    expect((await call('GET', `/api/member/${c.member.id}`, c.memberCookie)).json()).toMatchObject({ face: null, unlocked_faces: [] });
    expect((await unlock(c.memberCookie, c.member.id, 'hair', 'hair-02.svg')).json().coins).toBe(1);
    const cases: [object, number, string][] = [
      [{ type: 'face', path: 'hair-03.svg' }, 404, 'IMAGE.IMAGE_NOT_FOUND'],
      [{ type: 'hair', path: 'face-99.svg' }, 404, 'IMAGE.IMAGE_NOT_FOUND'],
      [{ type: 'hair', path: '../hairs/hair-03.svg' }, 404, 'IMAGE.IMAGE_NOT_FOUND'],
      [{ type: 'hat', path: 'hair-03.svg' }, 400, 'VALIDATION.INVALID_INPUT'],
      [{ path: 'hair-03.svg' }, 400, 'VALIDATION.INVALID_INPUT'],
    ];
    for (const [body, status, code] of cases) {
      for (const method of ['POST', 'PUT'] as const) {
        const url = method === 'POST' ? `/api/member/${c.member.id}/character/unlock` : `/api/member/${c.member.id}/character`;
        const res = await call(method, url, c.memberCookie, body);
        expect([method, body, res.statusCode, res.json().errorCode]).toEqual([method, body, status, code]);
      }
    }
    expect((await call('GET', `/api/member/${c.member.id}`, c.memberCookie)).json()).toMatchObject({ coins: 1, unlocked_faces: [], unlocked_hairs: ['hair-02.svg'] });
  });

  it('the teacher dresses its student in what the student owns, and itself in anything for free', async () => {
    const c = await classroom(5);
    await unlock(c.memberCookie, c.member.id, 'face', 'face-04.svg');
    expect((await wear(c.cookie, c.member.id, 'face', 'face-04.svg')).json()).toMatchObject({ face: 'face-04.svg' });
    const notOwned = await wear(c.cookie, c.member.id, 'face', 'face-05.svg');
    expect([notOwned.statusCode, notOwned.json().errorCode]).toEqual([403, 'PERMISSION.INSUFFICIENT_PERMISSIONS']);

    const self = await call('PUT', `/api/admin/${c.teacher.id}/character`, c.cookie, { type: 'face', path: 'face-09.svg' });
    expect(self.json()).toMatchObject({ id: c.teacher.id, admin: true, face: 'face-09.svg', coins: c.teacher.coins - 5 });
    const hair = await call('PUT', `/api/admin/${c.teacher.id}/character`, c.cookie, { type: 'hair', path: 'hair-11.svg' });
    expect(hair.json()).toMatchObject({ face: 'face-09.svg', hair: 'hair-11.svg' });
    expect((await call('GET', '/api/checkStatus', c.cookie)).json()).toMatchObject({ face: 'face-09.svg', hair: 'hair-11.svg' });
    const wrongLayer = await call('PUT', `/api/admin/${c.teacher.id}/character`, c.cookie, { type: 'hair', path: 'face-09.svg' });
    expect([wrongLayer.statusCode, wrongLayer.json().errorCode]).toEqual([404, 'IMAGE.IMAGE_NOT_FOUND']);
  });

  it('20 parallel unlocks of one face charge once', async () => {
    const c = await classroom(30);
    const results = await Promise.all(Array.from({ length: 20 }, () => unlock(c.memberCookie, c.member.id, 'face', 'face-07.svg')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await characterLedger(c.member.id)).toEqual([{ amount: 3, reference: 'face-07.svg', to_account: 'sink' }]);
    expect((await call('GET', `/api/member/${c.member.id}`, c.memberCookie)).json()).toMatchObject({ coins: 27, unlocked_faces: ['face-07.svg'] });
    await expectBooksBalance(db);
  });
});
