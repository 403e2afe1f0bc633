import { describe, expect, it } from 'vitest';
import { SessionCache, type Session } from './auth.ts';

const inAnHour = new Date(Date.now() + 3_600_000);
const teacher = (n: number): Session => ({ kind: 'teacher', teacherId: `t${n}`, tokenHash: `th${n}`, expiresAt: inAnHour.getTime() });
const member = (n: number, groupId = 'g1'): Session => ({ kind: 'member', memberId: `m${n}`, groupId, tokenHash: `mh${n}`, expiresAt: inAnHour.getTime() });

describe('SessionCache', () => {
  it('answers a session until its time to live is over, and never past the session expiry', () => {
    const cache = new SessionCache(60_000, 100);
    const now = Date.now();
    cache.set(teacher(1), null, inAnHour, now);
    expect(cache.get('th1', now + 59_999)).toEqual(teacher(1));
    expect(cache.get('th1', now + 60_000)).toBeUndefined();

    cache.set(member(1), 't1', new Date(now + 5_000), now);
    expect(cache.get('mh1', now + 4_999)).toEqual(member(1));
    expect(cache.get('mh1', now + 5_000)).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new SessionCache(60_000, 2);
    cache.set(teacher(1), null, inAnHour);
    cache.set(teacher(2), null, inAnHour);
    cache.set(teacher(3), null, inAnHour);
    expect(cache.size).toBe(2);
    expect(cache.get('th1')).toBeUndefined();
    expect(cache.get('th3')).toEqual(teacher(3));
  });

  it('keeps nothing with a time to live of 0', () => {
    const cache = new SessionCache(0, 100);
    cache.set(teacher(1), null, inAnHour);
    expect(cache.get('th1')).toBeUndefined();
  });

  it('forgets revoked sessions by token, teacher (with its groups members), member and group, and only those', () => {
    const fill = () => {
      const cache = new SessionCache(60_000, 100);
      cache.set(teacher(1), null, inAnHour);
      cache.set(teacher(2), null, inAnHour);
      cache.set(member(1, 'g1'), 't1', inAnHour);
      cache.set(member(2, 'g1'), 't1', inAnHour);
      cache.set(member(3, 'g2'), 't2', inAnHour);
      return cache;
    };
    const left = (cache: SessionCache) => ['th1', 'th2', 'mh1', 'mh2', 'mh3'].filter((h) => cache.get(h) !== undefined);

    let cache = fill();
    cache.revoke({ tokenHashes: ['mh2'] });
    expect(left(cache)).toEqual(['th1', 'th2', 'mh1', 'mh3']);

    cache = fill();
    cache.revoke({ teacherIds: ['t1'] });
    expect(left(cache)).toEqual(['th2', 'mh3']);

    cache = fill();
    cache.revoke({ memberIds: ['m3'] });
    expect(left(cache)).toEqual(['th1', 'th2', 'mh1', 'mh2']);

    cache = fill();
    cache.revoke({ groupIds: ['g1'] });
    expect(left(cache)).toEqual(['th1', 'th2', 'mh3']);
  });
});
