import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Who the provider says signs in next: the ID token's `sub`, and the e-mail claims it vouches for. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

/**
 * A real OpenID provider (npm oidc-provider) on a free local port, for the SSO tests (issue 34).
 * Its login and consent are skipped: every authorization signs in `signInAs`'s account at once,
 * so a test drives the whole flow over HTTP (followToCallback).
 */
export async function startTestOidcProvider(clients: TestClient[]) {
  let next: TestAccount = { sub: 'teacher-1' };
  const accounts = new Map<string, TestAccount>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' })),
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub) ?? { sub };
      return { accountId: sub, claims: () => ({ ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['kolikko-test-oidc'] },
    // A signing key of its own (RS256), made for this run.
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' }] },
  });
  // The ID token's issuer is this server's own address (no proxy in front of it).
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      accounts.set(next.sub, next);
      const grant = new provider.Grant({ accountId: next.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid email');
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: next.sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  return {
    issuer,
    /** The account the next authorization signs in. */
    signInAs(account: TestAccount) {
      next = account;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Follows the provider's redirects from an authorization URL as a browser would (keeping the
 * provider's cookies) until it redirects back to `callbackPrefix`: answers that URL.
 */
export async function followToCallback(authorizationUrl: string, callbackPrefix: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} without a redirect: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(callbackPrefix)) return next;
    url = next.href;
  }
  throw new Error('the provider redirected more than 10 times');
}
