import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import type { TDemo } from '@kolikko/core/schemas/demo';
import { buildTestApp } from '../../test/build-test-app.ts';

const { app } = await buildTestApp();
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const open: Socket[] = [];
afterAll(() => open.forEach((s) => s.disconnect()));

async function startDemo(): Promise<{ cookie: string; demo: TDemo }> {
  const res = await app.inject({ method: 'POST', url: '/api/demo', payload: {} });
  expect(res.statusCode).toBe(201);
  const c = res.cookies.find((x) => x.name === 'kolikko_demo');
  return { cookie: `kolikko_demo=${c?.value}`, demo: res.json<TDemo>() };
}

/** A socket of the demo's cookie acting as `demoAs` (or without saying); resolves connected, or with the refusal. */
function socketAs(cookie: string, demoAs: string | undefined): Promise<{ socket: Socket; refused: string | null }> {
  const socket = connect(address, { transports: ['websocket'], extraHeaders: { cookie }, reconnection: false, ...(demoAs ? { auth: { demoAs } } : {}) });
  open.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket, refused: null }));
    socket.once('connect_error', (err) => resolve({ socket, refused: err.message }));
  });
}

describe('the demo\'s live connections', () => {
  it('are its teacher\'s or its students\' by the handshake\'s demoAs, and nobody\'s without it or as another demo\'s student', async () => {
    const d = await startDemo();
    const other = await startDemo();
    expect((await socketAs(d.cookie, undefined)).refused).toBe('AUTH.NO_AUTH');
    expect((await socketAs(d.cookie, `member:${other.demo.students[0]?.id}`)).refused).toBe('AUTH.NO_AUTH');

    const emma = d.demo.students[0]?.id ?? '';
    const teacher = await socketAs(d.cookie, 'teacher');
    const student = await socketAs(d.cookie, `member:${emma}`);
    expect([teacher.refused, student.refused]).toEqual([null, null]);

    // The teacher gives Emma coins: her socket hears it, as a real student's would.
    const heard = new Promise<unknown>((resolve) => student.socket.once('teacher-gave-coins', resolve));
    const award = await app.inject({ method: 'PUT', url: '/api/member/coins', headers: { cookie: d.cookie, 'x-kolikko-demo-as': 'teacher' }, payload: { member_id: emma, coins: 7 } });
    expect(award.statusCode, award.body).toBe(200);
    expect(await heard).toMatchObject({ member_id: emma, coins: 27 });
  });
});
