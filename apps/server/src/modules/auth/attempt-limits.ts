import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@kolikko/core/errors';
import { LOGIN_KNOWN_ADDRESS_MS, LOGIN_LIMIT_PER_ACCOUNT, LOGIN_LIMIT_PER_ADDRESS, LOGIN_LIMIT_PER_PAIR } from '@kolikko/core/limits';
import { decideAttempt, type AttemptPolicy } from '@kolikko/core/rules/attempts';
import type { Db } from '../../db/client.ts';
import { hashToken } from '../../platform/tokens.ts';
import * as repo from './auth.repo.ts';

/** What is counted (kept only as its hash) and the policy it is counted under. */
export interface Limit {
  name: string;
  policy: AttemptPolicy;
  /**
   * Set on a limit per client address (signups, contact messages, demo starts, reset requests,
   * logins from an address): the address, which LIMITS_EXEMPT_ADDRESSES may lift it for.
   */
  address?: string;
}

/** The limits one attempt was counted on; the caller takes back those it turns out not to owe. */
interface Counted {
  at: Date;
  limits: Limit[];
}

export interface LoginAttempt extends Counted {
  pair: Limit;
}

/** 429 SERVER.TRY_AGAIN saying in how many seconds (the auth routes also send it as Retry-After). */
function tryAgainIn(waitMs: number): AppError {
  return new AppError('SERVER.TRY_AGAIN', { details: { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } });
}

/** A route scope whose 429s of these limits also say when to come back as the standard Retry-After header. */
export function sendRetryAfter(app: FastifyInstance): void {
  app.addHook('onError', async (_request, reply, error) => {
    const wait = error instanceof AppError ? error.details?.retryAfterSeconds : undefined;
    if (wait !== undefined) reply.header('retry-after', String(wait));
  });
}

const keyOf = (limit: Limit) => hashToken(limit.name);
const NEVER_TRIED = { attempts: 0, lastAt: null, blockedUntil: null };

/**
 * Whether an address is one of LIMITS_EXEMPT_ADDRESSES (addresses or CIDR ranges, IPv4 or IPv6; an
 * IPv4 client seen as `::ffff:a.b.c.d` is its IPv4 address). Nothing is exempt by default: no limit
 * depends on an address being the server's own (issue 35: behind a proxy on the same host every
 * client would be).
 */
export function exemptAddresses(list: string[]): (ip: string) => boolean {
  if (list.length === 0) return () => false;
  const blocks = new BlockList();
  for (const entry of list) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) blocks.addAddress(address, family);
    else blocks.addSubnet(address, Number(bits), family);
  }
  return (ip) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = mapped ?? ip;
    const family = isIP(address);
    return family !== 0 && blocks.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Loopback and private ranges: what a proxy on the same host or network connects from. */
const PRIVATE_RANGES = ['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '::1/128', 'fc00::/7', 'fe80::/10'];
const isPrivate = exemptAddresses(PRIVATE_RANGES);

/**
 * In production without TRUST_PROXY, a client at a loopback or private address is most likely a
 * proxy in front of the server, whose every client the per-address limits would then count as one:
 * said once, as a warning, on the first such request.
 */
export function warnOfProxyWithoutTrust(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && isPrivate(request.ip)) {
      warned = true;
      app.log.warn({ ip: request.ip }, 'a request came from a loopback or private address while TRUST_PROXY is unset: behind a proxy, set TRUST_PROXY to its address, or every client shares one per-address limit');
    }
    done();
  });
}

/**
 * Counts attempts before they are checked, in one transaction holding the rows of their keys:
 * however many attempts race, each sees the counts of all before it, so no more are checked than
 * the limits allow (docs/decisions.md, "Rate limits on authentication").
 */
export function createAttemptLimits(db: Db, isExempt: (ip: string) => boolean = () => false) {
  /**
   * Counts one attempt on the limits `choose` picks among the candidates (seeing their stored
   * rows), or counts nothing and refuses with 429 while any of those must still wait. A limit of
   * an exempt address is no candidate.
   */
  async function countChosen(all: Limit[], choose: (rows: Map<string, repo.AttemptRow>, at: Date, candidates: Limit[]) => Limit[]): Promise<Counted> {
    const candidates = all.filter((limit) => limit.address === undefined || !isExempt(limit.address));
    if (candidates.length === 0) return { at: new Date(), limits: [] };
    const judge = (rows: Map<string, repo.AttemptRow>, at: Date) => {
      const chosen = choose(rows, at, candidates);
      const states = chosen.map((limit) => ({ state: rows.get(keyOf(limit)) ?? NEVER_TRIED, policy: limit.policy }));
      return { chosen, decision: decideAttempt(states, at) };
    };
    const keys = candidates.map(keyOf);
    // A flood is mostly refusals, answered from a plain read without queueing for the rows' locks.
    // Waits only ever end later than read (but for a success clearing them, which may be missed).
    const early = judge(await repo.findAttempts(db, keys), new Date()).decision;
    if (!early.ok) throw tryAgainIn(early.waitMs);

    const outcome = await db.transaction(async (tx) => {
      const rows = await repo.lockAttempts(tx, keys);
      // Judged once the rows are ours, at the time it gets them.
      const at = new Date();
      const { chosen, decision } = judge(rows, at);
      if (!decision.ok) return decision;
      for (const [i, limit] of chosen.entries()) {
        const state = decision.states[i];
        if (state) await repo.saveAttempt(tx, keyOf(limit), state);
      }
      return { ok: true as const, at, chosen };
    });
    if (!outcome.ok) throw tryAgainIn(outcome.waitMs);
    return { at: outcome.at, limits: outcome.chosen };
  }

  async function withdraw(counted: Counted, only?: Limit[]): Promise<void> {
    for (const limit of counted.limits) {
      if (!only || only.includes(limit)) await repo.withdrawAttempt(db, keyOf(limit), limit.policy.free);
    }
  }

  return {
    /** Counts one attempt on every limit, or refuses with 429 and counts nothing. */
    count: (limits: Limit[]) => countChosen(limits, (_rows, _at, candidates) => candidates),

    /** Takes back a counted attempt (all its limits, or only those given) that was not a failure. */
    withdraw,

    /**
     * Counts a login attempt before its password is checked: always per account and address;
     * per account and per address too unless the account signed in from that address lately
     * (so attacks elsewhere, or a classmate failing at the school's address, do not slow it).
     * `account` is `teacher:<id>` or `member:<id>`, or, for a name no account has, the name.
     */
    async countLogin(account: string, address: string): Promise<LoginAttempt> {
      const pair: Limit = { name: `login:${account}@${address}`, policy: LOGIN_LIMIT_PER_PAIR };
      const candidates = [pair, { name: `login:${account}`, policy: LOGIN_LIMIT_PER_ACCOUNT }, { name: `login@${address}`, policy: LOGIN_LIMIT_PER_ADDRESS, address }];
      const counted = await countChosen(candidates, (rows, at, eligible) => {
        const succeededAt = rows.get(keyOf(pair))?.succeededAt;
        const known = succeededAt !== null && succeededAt !== undefined && at.getTime() - succeededAt.getTime() < LOGIN_KNOWN_ADDRESS_MS;
        return known ? [pair] : eligible;
      });
      return { ...counted, pair };
    },

    /** The password was right: the pair's failures are cleared and the address becomes known; elsewhere the attempt is taken back. */
    async loginSucceeded(attempt: LoginAttempt): Promise<void> {
      await repo.recordSuccess(db, keyOf(attempt.pair), attempt.at);
      await withdraw(attempt, attempt.limits.filter((l) => l !== attempt.pair));
    },
  };
}
