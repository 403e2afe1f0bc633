import { describe, expect, it } from 'vitest';
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
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      captcha: true,
      nodeEnv: 'development',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['REDIS_KEY_PREFIX', 'has space'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'mailto:x'],
    ['CAPTCHA', 'maybe'],
    ['NODE_ENV', 'staging'],
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
      PUBLIC_URL: 'https://kolikko.example/',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'K <k@kolikko.example>',
      CAPTCHA: 'off',
      NODE_ENV: 'production',
    });
    expect(c).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      dataDir: '/var/kolikko',
      databaseUrl: 'postgres://u@db/k',
      redisUrl: 'redis://cache:6379',
      redisKeyPrefix: 'kolikko-staging',
      rateLimitPerMinute: 6000,
      publicUrl: 'https://kolikko.example',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'K <k@kolikko.example>',
      captcha: false,
      isProduction: true,
    });
  });
});
