import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      redisKeyPrefix: 'kolikko',
      rateLimitPerMinute: 2000,
      trustProxy: false,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      captcha: true,
      nodeEnv: 'development',
      payments: { provider: 'dev' },
      coinPackages: [
        { coins: 100, netCents: 200 },
        { coins: 300, netCents: 500 },
        { coins: 500, netCents: 750 },
        { coins: 1000, netCents: 1600 },
      ],
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['REDIS_KEY_PREFIX', 'has space'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '2'],
    ['TRUST_PROXY', 'loadbalancer.local'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'mailto:x'],
    ['CAPTCHA', 'maybe'],
    ['NODE_ENV', 'staging'],
    ['STRIPE_SECRET_KEY', 'pk_live_wrong_key'],
    ['STRIPE_PUBLISHABLE_KEY', 'sk_live_wrong_key'],
    ['STRIPE_WEBHOOK_SECRET', 'secret'],
    ['COIN_PACKAGES', '100:200,300:500'],
    ['COIN_PACKAGES', '500'],
    ['COIN_PACKAGES', '500:750,abc:100'],
    ['COIN_PACKAGES', '500:750,0:100'],
    ['COIN_PACKAGES', '500:750,500:800'],
    ['COIN_PACKAGES', '500:750,100:49'],
    ['COIN_PACKAGES', '500:750,100:2.50'],
  ])('stops on a bad %s naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '4000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/kolikko',
      DATABASE_URL: 'postgres://u@db/k',
      REDIS_URL: 'redis://cache:6379',
      REDIS_KEY_PREFIX: 'kolikko-staging',
      RATE_LIMIT_PER_MINUTE: '6000',
      TRUST_PROXY: '10.0.0.1, 192.168.0.0/16',
      PUBLIC_URL: 'https://kolikko.example/',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'K <k@kolikko.example>',
      CAPTCHA: 'off',
      NODE_ENV: 'production',
      COMPANY_NAME: 'Kolikko Oy',
      COMPANY_BUSINESS_ID: '1234567-8',
    });
    expect(c).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      dataDir: '/var/kolikko',
      databaseUrl: 'postgres://u@db/k',
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'kolikko-staging',
      rateLimitPerMinute: 6000,
      trustProxy: ['10.0.0.1', '192.168.0.0/16'],
      publicUrl: 'https://kolikko.example',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'K <k@kolikko.example>',
      captcha: false,
      isProduction: true,
    });
  });

  it('refuses production without COMPANY_NAME (the legal texts and receipts name the operator), and warns of it elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/COMPANY_NAME/);
    const production = loadConfig({ NODE_ENV: 'production', COMPANY_NAME: 'Kolikko Oy', COMPANY_ADDRESS: 'Esimerkkikatu 1, Helsinki', COMPANY_BUSINESS_ID: '1234567-8' });
    expect(production.seller).toEqual({ name: 'Kolikko Oy', address: 'Esimerkkikatu 1, Helsinki', businessId: '1234567-8' });
    expect(production.warnings).toEqual([]);
    const development = loadConfig({});
    expect(development.seller).toEqual({ name: null, address: null, businessId: null });
    expect(development.warnings).toEqual([expect.stringMatching(/COMPANY_NAME/)]);
  });

  const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

  it('takes Stripe with its three keys', () => {
    expect(loadConfig(stripe).payments).toEqual({ provider: 'stripe', secretKey: 'sk_test_abc', publishableKey: 'pk_test_abc', webhookSecret: 'whsec_abc' });
  });

  it('stops on a partial Stripe setup, naming every missing key', () => {
    const names = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return 'started';
      } catch (err) {
        return err instanceof ConfigError ? err.message : `not a ConfigError: ${String(err)}`;
      }
    };
    for (const given of [[0], [1], [2], [0, 1], [0, 2], [1, 2]]) {
      const message = problemsOf(Object.fromEntries(names.flatMap((name, i) => (given.includes(i) ? [[name, stripe[name]]] : []))));
      const said = names.map((name) => new RegExp(`\\b${name}: missing`).test(message));
      expect([given, said]).toEqual([given, names.map((_, i) => !given.includes(i))]);
    }
  });

  it('reads any package table that holds the best-value package, fewest coins first', () => {
    const table = fc.uniqueArray(fc.record({ coins: fc.integer({ min: 1, max: 999_999_999 }), netCents: fc.integer({ min: 50, max: 9_999_999 }) }), {
      selector: (p) => p.coins,
      maxLength: 8,
    });
    fc.assert(
      fc.property(table, fc.integer({ min: 50, max: 9_999_999 }), (others, bestNet) => {
        const packages = [...others.filter((p) => p.coins !== 500), { coins: 500, netCents: bestNet }];
        const config = loadConfig({ COIN_PACKAGES: packages.map((p) => `${p.coins}:${p.netCents}`).join(', ') });
        expect(config.coinPackages).toEqual([...packages].sort((a, b) => a.coins - b.coins));
      }),
    );
  });
});
