import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The stored hash of an account that has no password (a teacher who signed up through an OpenID
 * provider, issue 34): no password verifies against it. A password reset gives it one.
 */
export const NO_PASSWORD = '!none';

export const hasPassword = (passwordHash: string): boolean => !passwordHash.startsWith('!');

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the user does not exist, so the answer's timing
 * does not tell who has an account.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash('no-such-user-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
