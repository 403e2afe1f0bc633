import { z } from 'zod';

/**
 * The one place that reads the environment. A bad value stops start-up with a message that
 * names the variable (loadConfig throws ConfigError; main.ts prints it and exits).
 */
const ZBool = z.enum(['on', 'off']);

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis:// or rediss://').optional(),
  /** Socket.IO's Redis channels start with this, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().regex(/^[\w.:-]{1,64}$/, 'letters, digits, _ . : - only').default('kolikko'),
  /** The per-address ceiling on requests a minute (a whole class shares one school address). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(2000),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Kolikko <no-reply@kolikko.local>'),
  CAPTCHA: ZBool.default('on'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  rateLimitPerMinute: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  captcha: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  logLevel: string;
  /** The built web app served at /; undefined serves the API only. */
  webDist: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    captcha: e.CAPTCHA === 'on',
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
  };
}
