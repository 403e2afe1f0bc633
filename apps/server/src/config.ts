import { isIP } from 'node:net';
import { z } from 'zod';
import { BEST_VALUE_PACKAGE_COINS } from '@kolikko/core/limits';

/**
 * The one place that reads the environment. A bad value stops start-up with a message that
 * names the variable (loadConfig throws ConfigError; main.ts prints it and exits).
 */
const ZBool = z.enum(['on', 'off']);
/** Addresses or CIDR ranges, comma-separated (TRUST_PROXY, LIMITS_EXEMPT_ADDRESSES). */
const ZAddressList = z
  .string()
  .refine((v) => v.split(',').every((a) => isIP(a.trim().replace(/\/\d{1,3}$/, '')) !== 0), 'addresses or CIDR ranges separated by commas');
const ZHttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

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
  /**
   * The proxies in front of the server: their addresses or CIDR ranges, comma-separated. The client's
   * address is then read from X-Forwarded-For; unset, it is the connection's.
   */
  TRUST_PROXY: ZAddressList.optional(),
  /**
   * Client addresses or CIDR ranges, comma-separated, whose per-address limits (signups, contact
   * messages, demo starts, reset requests, logins from an address) are lifted: the machine's own
   * test and benchmark scripts (e.g. `127.0.0.1,::1`). None by default: every address is counted.
   */
  LIMITS_EXEMPT_ADDRESSES: ZAddressList.optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Kolikko <no-reply@kolikko.local>'),
  CAPTCHA: ZBool.default('on'),
  /** The scheduled jobs (platform/jobs.ts) on this node; off, a node only serves requests. */
  JOBS: ZBool.default('on'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Stripe's keys: all three or none (none: the dev provider completes payments locally). */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'must start with sk_ or rk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'must start with whsec_').optional(),
  /** The coin packages on sale: `coins:netCents` pairs, comma-separated. */
  COIN_PACKAGES: z.string().default('100:200,300:500,500:750,1000:1600'),
  /** Where contact form messages are mailed; unset, they are only stored. */
  CONTACT_TO: z.email('must be an e-mail address').optional(),
  /** The operator (the data controller the legal texts name), shown as given. */
  COMPANY_NAME: z.string().max(200).optional(),
  COMPANY_ADDRESS: z.string().max(500).optional(),
  COMPANY_EMAIL: z.email('must be an e-mail address').optional(),
  /** The operator's business ID (in Finland the Y-tunnus), printed on receipts as the seller's. */
  COMPANY_BUSINESS_ID: z.string().max(100).optional(),
  /** The research study's PDF in each language, linked from the front page. */
  RESEARCH_PDF_URL_EN: ZHttpUrl.optional(),
  RESEARCH_PDF_URL_FI: ZHttpUrl.optional(),
  RESEARCH_PDF_URL_SV: ZHttpUrl.optional(),
});

const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Stripe refuses a charge in euros under 50 cents, so no package may cost less (net). */
const MIN_PACKAGE_NET_CENTS = 50;

/** A coin package on sale: how many coins, for what net price in cents (VAT is added on top). */
export interface CoinPackage {
  coins: number;
  netCents: number;
}

export type PaymentsConfig =
  | { provider: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string }
  /** No Stripe keys: payments are completed on this machine (never in production, see docs/decisions.md). */
  | { provider: 'dev' };

/** A teacher sign-in provider (issue 34): SSO_PROVIDERS names it, SSO_<NAME>_* configure it. */
export interface SsoProvider {
  /** As named in SSO_PROVIDERS, lower case: in the URLs /api/sso/{name}/start and /callback. */
  name: string;
  /** The issuer: the base of its discovery document (`<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's text; the name with a capital letter by default. */
  label: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  rateLimitPerMinute: number;
  /** Fastify's trustProxy: false, or the proxies' addresses (the per-address limits need the client's). */
  trustProxy: false | string[];
  /** LIMITS_EXEMPT_ADDRESSES: the addresses and ranges no per-address limit counts (none unless set). */
  limitsExemptAddresses: string[];
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  captcha: boolean;
  /** Whether this node runs the scheduled jobs (JOBS); on PostgreSQL any number of nodes may. */
  jobs: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  logLevel: string;
  /** The built web app served at /; undefined serves the API only. */
  webDist: string | undefined;
  payments: PaymentsConfig;
  /** Teacher sign-in providers (issue 34), in SSO_PROVIDERS' order; none by default. */
  sso: SsoProvider[];
  /** The coin packages on sale, fewest coins first; one of them is BEST_VALUE_PACKAGE_COINS. */
  coinPackages: CoinPackage[];
  /** Where contact form messages are mailed; null: stored only. */
  contactTo: string | null;
  /** The public site's facts (GET /api/public/site); each null when not configured. */
  site: SiteConfig;
  /** Who sells the coins, as receipts name it (issue 33); COMPANY_NAME is required in production. */
  seller: { name: string | null; address: string | null; businessId: string | null };
  /** What start-up should warn of (a setting production requires but this environment lacks). */
  warnings: string[];
}

export interface SiteConfig {
  company: { name: string | null; address: string | null; email: string | null };
  researchPdf: { en: string | null; fi: string | null; sv: string | null };
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
  const problems: string[] = [];
  const payments = paymentsConfig(e, problems);
  const coinPackages = parseCoinPackages(e.COIN_PACKAGES, problems);
  const warnings: string[] = [];
  // The privacy text names the data controller and a receipt its seller: a public service must have one.
  const noCompany = 'COMPANY_NAME: missing (the legal texts would name no data controller, and receipts no seller)';
  if (!e.COMPANY_NAME) (e.NODE_ENV === 'production' ? problems : warnings).push(noCompany);
  const sso = parseSsoProviders(present, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    limitsExemptAddresses: e.LIMITS_EXEMPT_ADDRESSES === undefined ? [] : e.LIMITS_EXEMPT_ADDRESSES.split(',').map((a) => a.trim()),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    captcha: e.CAPTCHA === 'on',
    jobs: e.JOBS === 'on',
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    payments,
    coinPackages,
    sso,
    contactTo: e.CONTACT_TO ?? null,
    site: {
      company: { name: e.COMPANY_NAME ?? null, address: e.COMPANY_ADDRESS ?? null, email: e.COMPANY_EMAIL ?? null },
      researchPdf: { en: e.RESEARCH_PDF_URL_EN ?? null, fi: e.RESEARCH_PDF_URL_FI ?? null, sv: e.RESEARCH_PDF_URL_SV ?? null },
    },
    seller: { name: e.COMPANY_NAME ?? null, address: e.COMPANY_ADDRESS ?? null, businessId: e.COMPANY_BUSINESS_ID ?? null },
    warnings,
  };
}

const SSO_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/**
 * SSO_PROVIDERS=google,microsoft and, for each name N, SSO_N_ISSUER, SSO_N_CLIENT_ID and
 * SSO_N_CLIENT_SECRET (SSO_N_LABEL optional). N in the variable names is the name in upper case,
 * a hyphen as an underscore. A provider without all three stops start-up naming what is missing,
 * as a partial set of Stripe keys does.
 */
function parseSsoProviders(env: Env, problems: string[]): SsoProvider[] {
  const list = env.SSO_PROVIDERS;
  if (list === undefined) return [];
  const providers: SsoProvider[] = [];
  for (const raw of list.split(',').map((x) => x.trim()).filter(Boolean)) {
    const name = raw.toLowerCase();
    if (!SSO_NAME.test(name)) {
      problems.push(`SSO_PROVIDERS: "${raw}" is not a name (letters, digits and hyphens, starting with a letter, at most 32)`);
      continue;
    }
    if (providers.some((p) => p.name === name)) {
      problems.push(`SSO_PROVIDERS: "${raw}" is listed twice`);
      continue;
    }
    const key = (part: string) => `SSO_${name.toUpperCase().replaceAll('-', '_')}_${part}`;
    const [issuer, clientId, clientSecret] = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'].map((part) => env[key(part)]);
    const missing = ['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET'].filter((part) => env[key(part)] === undefined).map(key);
    for (const variable of missing) problems.push(`${variable}: missing (SSO_PROVIDERS names ${name}, which needs ${key('ISSUER')}, ${key('CLIENT_ID')} and ${key('CLIENT_SECRET')})`);
    if (issuer !== undefined && !/^https?:\/\/[^\s]+$/.test(issuer)) problems.push(`${key('ISSUER')}: must be an http(s) URL`);
    if (missing.length > 0 || issuer === undefined || clientId === undefined || clientSecret === undefined) continue;
    providers.push({ name, issuer: issuer.replace(/\/+$/, ''), clientId, clientSecret, label: env[key('LABEL')] ?? name.charAt(0).toUpperCase() + name.slice(1) });
  }
  return providers;
}

function parseTrustProxy(value: string | undefined): false | string[] {
  return value === undefined ? false : value.split(',').map((a) => a.trim());
}

/** Stripe's three variables together, or none of them: half a Stripe setup would take money it cannot credit. */
function paymentsConfig(e: z.infer<typeof ZEnv>, problems: string[]): PaymentsConfig {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = e;
  if (secretKey && publishableKey && webhookSecret) return { provider: 'stripe', secretKey, publishableKey, webhookSecret };
  const missing = STRIPE_VARIABLES.filter((name) => e[name] === undefined);
  if (missing.length < STRIPE_VARIABLES.length) {
    for (const name of missing) problems.push(`${name}: missing (Stripe needs ${STRIPE_VARIABLES.join(', ')} together, or none of them)`);
  }
  return { provider: 'dev' };
}

/** `100:200,300:500` -> packages sorted by coins; every problem is named. */
function parseCoinPackages(value: string, problems: string[]): CoinPackage[] {
  const packages: CoinPackage[] = [];
  for (const entry of value.split(',').map((x) => x.trim())) {
    const match = /^(\d{1,9}):(\d{1,7})$/.exec(entry);
    const coins = Number(match?.[1]);
    const netCents = Number(match?.[2]);
    if (!match || coins < 1) {
      problems.push(`COIN_PACKAGES: "${entry}" is not coins:netCents (whole numbers: at least 1 coin, at most 7 digits of cents)`);
    } else if (netCents < MIN_PACKAGE_NET_CENTS) {
      problems.push(`COIN_PACKAGES: "${entry}" costs less than ${MIN_PACKAGE_NET_CENTS} cents, the smallest charge Stripe takes`);
    } else if (packages.some((p) => p.coins === coins)) {
      problems.push(`COIN_PACKAGES: ${coins} coins is listed twice`);
    } else {
      packages.push({ coins, netCents });
    }
  }
  if (!packages.some((p) => p.coins === BEST_VALUE_PACKAGE_COINS)) {
    problems.push(`COIN_PACKAGES: must include the best-value package of ${BEST_VALUE_PACKAGE_COINS} coins`);
  }
  return packages.sort((a, b) => a.coins - b.coins);
}
