import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { exemptAddresses, warnOfProxyWithoutTrust } from './attempt-limits.ts';

/** Issue 35: which addresses LIMITS_EXEMPT_ADDRESSES lifts the per-address limits for, and the warning of a proxy not named. */
describe('exemptAddresses', () => {
  it('is nothing unless named, and then exactly the addresses and ranges named', () => {
    const none = exemptAddresses([]);
    expect(['127.0.0.1', '::1', '10.0.0.1'].map(none)).toEqual([false, false, false]);
    const some = exemptAddresses(['127.0.0.1', '10.1.0.0/16', '2001:db8::/32']);
    expect(['127.0.0.1', '::ffff:127.0.0.1', '127.0.0.2', '::1', '10.1.9.9', '10.2.0.1', '2001:db8::1', '2001:db9::1', 'not an address'].map(some)).toEqual([
      true,
      true,
      false,
      false,
      true,
      false,
      true,
      false,
      false,
    ]);
  });
});

describe('warnOfProxyWithoutTrust', () => {
  it('warns once, on the first request from a loopback or private address, and not for a public one', async () => {
    const lines: { level: number; msg: string; ip?: string }[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
    warnOfProxyWithoutTrust(app);
    app.get('/', async () => 'ok');
    await app.inject({ method: 'GET', url: '/', remoteAddress: '203.0.113.9' });
    expect(lines).toEqual([]);
    await app.inject({ method: 'GET', url: '/', remoteAddress: '10.0.0.7' });
    await app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1' });
    expect(lines.map((l) => [l.level, l.ip])).toEqual([[40, '10.0.0.7']]);
    expect(lines[0]?.msg).toContain('TRUST_PROXY');
    await app.close();
  });
});
