import { AppError } from '@kolikko/core/errors';
import type { TSsoIdentities, TSsoPending, TSsoProviderInfo, TSsoSignupRequest } from '@kolikko/core/schemas/sso';
import type { SsoProvider } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { hasPassword } from '../../platform/passwords.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import type { AuthService, Caller, NewSession } from '../auth/auth.service.ts';
import type { TSessionUser } from '@kolikko/core/schemas/auth';
import { newSsoChecks, type SsoClient } from './sso.client.ts';
import * as repo from './sso.repo.ts';

/** From `start` to the provider's callback. */
const FLOW_TTL_MS = 10 * 60_000;
/** From the callback to the teacher's username (or password). */
const PENDING_TTL_MS = 30 * 60_000;

/** Why a sign-in through a provider failed: logged for the operator, never shown (the page says AUTH.SSO_FAILED). */
export class SsoFailure extends Error {
  override name = 'SsoFailure';
}

/** Where the callback leaves the browser. */
export type CallbackOutcome =
  | { kind: 'signed-in'; session: NewSession }
  | { kind: 'linked' }
  /** The teacher picks a username (`signup`) or confirms an existing account's password (`link`); `flowToken` is the new flow cookie. */
  | { kind: 'pending'; step: 'signup' | 'link'; flowToken: string };

export type SsoService = ReturnType<typeof createSsoService>;

export function createSsoService({
  db,
  providers,
  client,
  auth,
  clock = () => new Date(),
}: {
  db: Db;
  providers: SsoProvider[];
  client: SsoClient;
  auth: AuthService;
  clock?: () => Date;
}) {
  const byName = new Map(providers.map((p) => [p.name, p]));
  const labelOf = (name: string) => byName.get(name)?.label ?? name;

  function provider(name: string): SsoProvider {
    const found = byName.get(name);
    if (!found) throw new AppError('AUTH.SSO_FAILED', { message: 'No such sign-in provider' });
    return found;
  }

  async function pendingFlow(flowToken: string | undefined) {
    const flow = flowToken ? await repo.findFlow(db, hashToken(flowToken), clock()) : undefined;
    if (!flow || flow.subject === null) throw new AppError('AUTH.SSO_FAILED', { message: 'The sign-in has expired: start again' });
    return { ...flow, subject: flow.subject };
  }

  return {
    list: (): TSsoProviderInfo[] => providers.map((p) => ({ name: p.name, label: p.label })),

    /** A new flow: its cookie token and the provider's authorization URL. A link is the signed-in teacher's. */
    async start(name: string, linkTeacherId: string | null): Promise<{ flowToken: string; url: URL }> {
      const p = provider(name);
      const checks = newSsoChecks();
      let url: URL;
      try {
        url = await client.authorizationUrl(p, checks);
      } catch (err) {
        throw new SsoFailure(`discovery of ${p.name} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      const flowToken = newToken();
      const now = clock();
      await repo.deleteExpiredFlows(db, now);
      await repo.insertFlow(db, {
        tokenHash: hashToken(flowToken),
        provider: p.name,
        state: checks.state,
        nonce: checks.nonce,
        codeVerifier: checks.codeVerifier,
        linkTeacherId,
        expiresAt: new Date(now.getTime() + FLOW_TTL_MS),
      });
      return { flowToken, url };
    },

    /**
     * The provider's answer. The flow is taken once (a replay finds none); openid-client checks
     * the state, the PKCE verifier, and the ID token's signature, issuer, audience, expiry and
     * nonce. A known subject signs its teacher in; a link attaches it to the teacher who started
     * it; a new one waits for a username, or for the password of the account whose e-mail the
     * provider vouched for (never linked on the provider's word alone).
     */
    async callback(name: string, callbackUrl: URL, flowToken: string | undefined): Promise<CallbackOutcome> {
      const p = provider(name);
      const flow = flowToken ? await repo.takeFlow(db, hashToken(flowToken), clock()) : undefined;
      if (!flow || flow.provider !== p.name || flow.subject !== null) throw new SsoFailure('no sign-in under way in this browser (or it expired, or was used)');
      let claims;
      try {
        claims = await client.callback(p, callbackUrl, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
      } catch (err) {
        throw new SsoFailure(`${p.name} callback refused: ${err instanceof Error ? err.message : String(err)}`);
      }
      const known = await repo.findIdentity(db, p.name, claims.subject);
      if (flow.linkTeacherId) {
        if (known && known.teacherId !== flow.linkTeacherId) throw new SsoFailure(`${p.name} subject is linked to another account`);
        if (!known) {
          try {
            await repo.insertIdentity(db, { teacherId: flow.linkTeacherId, provider: p.name, subject: claims.subject, email: claims.verifiedEmail });
          } catch (err) {
            if (isUniqueViolation(err)) throw new SsoFailure(`${p.name} is linked already`);
            throw err;
          }
        }
        return { kind: 'linked' };
      }
      if (known) {
        const teacher = await auth.teacherById(known.teacherId);
        if (!teacher) throw new SsoFailure('the linked account is gone');
        return { kind: 'signed-in', session: (await auth.startTeacherSession(teacher)).session };
      }
      const existing = claims.verifiedEmail ? await repo.teacherIdByEmail(db, claims.verifiedEmail) : undefined;
      const pendingToken = newToken();
      await repo.insertFlow(db, {
        tokenHash: hashToken(pendingToken),
        provider: p.name,
        state: flow.state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
        subject: claims.subject,
        email: claims.verifiedEmail,
        existingTeacherId: existing ?? null,
        expiresAt: new Date(clock().getTime() + PENDING_TTL_MS),
      });
      return { kind: 'pending', step: existing ? 'link' : 'signup', flowToken: pendingToken };
    },

    async pending(flowToken: string | undefined): Promise<TSsoPending> {
      const flow = await pendingFlow(flowToken);
      return { provider: flow.provider, label: labelOf(flow.provider), step: flow.existingTeacherId ? 'link' : 'signup', email: flow.email };
    },

    /** A first sign-in makes an account: the username picked, the e-mail the provider vouched for (else the one typed, verified by link), 300 starter coins. */
    async signup(flowToken: string | undefined, input: TSsoSignupRequest): Promise<{ user: TSessionUser; session: NewSession }> {
      const flow = await pendingFlow(flowToken);
      if (flow.existingTeacherId) throw new AppError('USER.EMAIL_TAKEN', { field: 'email' });
      const email = flow.email ?? input.email;
      if (!email) throw new AppError('VALIDATION.INVALID_INPUT', { field: 'email', message: 'The provider vouched for no e-mail: give one' });
      if (!(await repo.takeFlow(db, flow.tokenHash, clock()))) throw new AppError('AUTH.SSO_FAILED', { message: 'The sign-in has expired: start again' });
      try {
        const teacher = await auth.createSsoTeacher({ username: input.username, email, emailVerified: flow.email !== null });
        await repo.insertIdentity(db, { teacherId: teacher.id, provider: flow.provider, subject: flow.subject, email: flow.email });
        return await auth.startTeacherSession(teacher);
      } catch (err) {
        // A refused name or e-mail: the flow stays, so the teacher can pick another.
        await repo.insertFlow(db, { ...flow });
        throw err;
      }
    },

    /** Links the provider to the account whose e-mail it vouched for, once that account's password is given (counted as a login attempt). */
    async linkExisting(flowToken: string | undefined, password: string, caller: Caller): Promise<{ user: TSessionUser; session: NewSession }> {
      const flow = await pendingFlow(flowToken);
      if (!flow.existingTeacherId) throw new AppError('AUTH.SSO_FAILED', { message: 'No account to link' });
      const teacher = await auth.confirmTeacherPassword(flow.existingTeacherId, password, caller);
      if (!(await repo.takeFlow(db, flow.tokenHash, clock()))) throw new AppError('AUTH.SSO_FAILED', { message: 'The sign-in has expired: start again' });
      await repo.insertIdentity(db, { teacherId: teacher.id, provider: flow.provider, subject: flow.subject, email: flow.email });
      return auth.startTeacherSession(teacher);
    },

    async identities(teacherId: string): Promise<TSsoIdentities> {
      const rows = await repo.listIdentities(db, teacherId);
      const teacher = await auth.teacherById(teacherId);
      return {
        identities: rows.map((r) => ({ provider: r.provider, label: labelOf(r.provider), email: r.email, linked_at: r.createdAt.toISOString() })),
        has_password: teacher ? hasPassword(teacher.passwordHash) : false,
      };
    },

    /** Never the last way in: a teacher without a password keeps one provider (AUTH.LAST_SIGN_IN_METHOD). */
    async unlink(teacherId: string, name: string): Promise<void> {
      const outcome = await db.transaction((tx) => repo.unlinkIdentity(tx, teacherId, name, hasPassword));
      if (outcome === 'none') throw new AppError('AUTH.SSO_FAILED', { message: 'That provider is not linked' });
      if (outcome === 'last') throw new AppError('AUTH.LAST_SIGN_IN_METHOD');
    },
  };
}
