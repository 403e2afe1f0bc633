import * as oidc from 'openid-client';
import type { SsoProvider } from '../../config.ts';

/** A provider that does not answer within this many seconds fails the sign-in (issue 34: a clear error within 10 s). */
export const SSO_TIMEOUT_S = 8;

/** What the provider vouched for, from a checked ID token. */
export interface SsoClaims {
  subject: string;
  /** Only when the ID token says `email_verified: true`. */
  verifiedEmail: string | null;
}

/** The authorization request's one-time values: the callback must bring back the state, the ID token the nonce. */
export interface SsoChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SsoClient {
  /** The provider's authorization URL for a new sign-in, with state, nonce and a PKCE (S256) challenge. */
  authorizationUrl(provider: SsoProvider, checks: SsoChecks): Promise<URL>;
  /**
   * Exchanges the callback's code (with the PKCE verifier) and checks the ID token: its
   * signature, issuer, audience, expiry and nonce, and the callback's state (openid-client).
   */
  callback(provider: SsoProvider, callbackUrl: URL, checks: SsoChecks): Promise<SsoClaims>;
}

const isLoopbackHost = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * openid-client's Configuration per provider, discovered on first use and kept; a discovery that
 * fails is tried again on the next sign-in. Plain http only for an issuer on this machine (the
 * tests' provider). `clock`: the app's (tests move it).
 */
export function createSsoClient(publicUrl: string, clock: () => Date = () => new Date()): SsoClient {
  const configurations = new Map<string, Promise<oidc.Configuration>>();
  const redirectUri = (provider: SsoProvider) => `${publicUrl}/api/sso/${provider.name}/callback`;

  function configuration(provider: SsoProvider): Promise<oidc.Configuration> {
    let found = configurations.get(provider.name);
    if (!found) {
      const issuer = new URL(provider.issuer);
      const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer);
      found = oidc
        .discovery(
          issuer,
          provider.clientId,
          {
            redirect_uris: [redirectUri(provider)],
            response_types: ['code'],
            // The ID token's times are checked against our clock (a test's clock an hour on sees it expired).
            [oidc.clockSkew]: Math.round((clock().getTime() - Date.now()) / 1000),
          },
          oidc.ClientSecretPost(provider.clientSecret),
          {
          timeout: SSO_TIMEOUT_S,
            ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
          },
        )
        .then((config) => {
          config.timeout = SSO_TIMEOUT_S;
          return config;
        });
      found.catch(() => configurations.delete(provider.name));
      configurations.set(provider.name, found);
    }
    return found;
  }

  return {
    async authorizationUrl(provider, checks) {
      const config = await configuration(provider);
      return oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri(provider),
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async callback(provider, callbackUrl, checks) {
      const config = await configuration(provider);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the token response has no ID token');
      // A provider that keeps the e-mail out of the ID token (as OpenID Connect's own rules say
      // for claims asked by scope) answers it at the userinfo endpoint, for the same subject.
      const vouched = typeof claims.email === 'string' ? claims : await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      const email = typeof vouched.email === 'string' && vouched.email_verified === true ? vouched.email : null;
      return { subject: claims.sub, verifiedEmail: email };
    },
  };
}

export const newSsoChecks = (): SsoChecks => ({ state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() });
