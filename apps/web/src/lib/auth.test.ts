// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSessionUser } from '@kolikko/core/schemas/auth';
import { refreshSession, sessionUser, setSessionCoins, setSessionUser } from './auth.ts';

const student = { id: '6f1c1c8e-6d0c-4f3e-9a59-0d6a4c1f2b11', username: 'emma', admin: false, coins: 1 } as unknown as TSessionUser;

afterEach(() => vi.unstubAllGlobals());

/** fetch that answers when the test says, with the given session. */
function heldFetch() {
  let answer: (user: TSessionUser) => void = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = (user) => resolve(new Response(JSON.stringify(user), { status: 200, headers: { 'content-type': 'application/json' } }));
        }),
    ),
  );
  return (user: TSessionUser) => answer(user);
}

describe('the session read again (a reconnect, a live-resync)', () => {
  it("keeps the balance of a live event that came while it was read: the read's may be older", async () => {
    setSessionUser(student);
    const answer = heldFetch();
    const reading = refreshSession();
    setSessionCoins(13);
    answer({ ...student, coins: 8, username: 'emma2' } as TSessionUser);
    await reading;
    expect(sessionUser()).toMatchObject({ coins: 13, username: 'emma2' });
  });

  it('takes the balance it read when no event came meanwhile', async () => {
    setSessionUser(student);
    const answer = heldFetch();
    const reading = refreshSession();
    answer({ ...student, coins: 8 } as TSessionUser);
    await reading;
    expect(sessionUser()?.coins).toBe(8);
  });
});
