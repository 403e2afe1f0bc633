import { z } from 'zod';
import { ZEmail, ZLoginPassword, ZUsername } from './fields.ts';

/** A teacher sign-in provider the operator configured (issue 34): its button on the login and signup pages. */
export const ZSsoProviderInfo = z.object({ name: z.string(), label: z.string() });
export type TSsoProviderInfo = z.infer<typeof ZSsoProviderInfo>;

/** What `start` is for: signing in (or up), or linking a provider to the signed-in teacher. */
export const SSO_INTENTS = ['login', 'link'] as const;
export const ZSsoStartQuery = z.object({ intent: z.enum(SSO_INTENTS).default('login') });

/**
 * A sign-in the provider vouched for that no account has yet: `signup` (the teacher picks a
 * username, and an e-mail when the provider vouched for none) or `link` (an account has the
 * e-mail the provider vouched for: its password links it).
 */
export const ZSsoPending = z.object({
  provider: z.string(),
  label: z.string(),
  step: z.enum(['signup', 'link']),
  /** The e-mail the provider vouched for (email_verified); null when it vouched for none. */
  email: z.string().nullable(),
});
export type TSsoPending = z.infer<typeof ZSsoPending>;

export const ZSsoSignupRequest = z.object({
  username: ZUsername,
  /** Only when the provider vouched for no e-mail: a verification link is sent to it. */
  email: ZEmail.optional(),
  /** The terms of use and the privacy notice, accepted. */
  terms_accepted: z.literal(true, { error: 'VALIDATION.INVALID_INPUT' }),
});
export type TSsoSignupRequest = z.infer<typeof ZSsoSignupRequest>;

export const ZSsoLinkRequest = z.object({ password: ZLoginPassword });

export const ZSsoIdentity = z.object({
  provider: z.string(),
  label: z.string(),
  /** The e-mail the provider vouched for when it was linked, if any. */
  email: z.string().nullable(),
  linked_at: z.string(),
});

/** The profile's sign-in methods: the providers linked, and whether the account has a password. */
export const ZSsoIdentities = z.object({ identities: z.array(ZSsoIdentity), has_password: z.boolean() });
export type TSsoIdentities = z.infer<typeof ZSsoIdentities>;
