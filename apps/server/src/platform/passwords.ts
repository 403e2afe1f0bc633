import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum. */
const SERVING_COST: Options = {};
/** 1 MiB, one pass: a thirtieth of the CPU (0.36 against 10.7 ms a hash). */
const TEST_COST: Options = { memoryCost: 1024, timeCost: 1 };
let cost = SERVING_COST;

/**
 * The cost new hashes are made at. Only the in-process API tests set `test`
 * (apps/server/src/test/setup.ts): the suite hashes about 1,900 passwords and checks 1,400 a pass,
 * a tenth of its CPU at the serving cost. A hash names its own cost, so every hash verifies
 * whichever cost made it; a server process always hashes at the serving cost.
 */
export function setPasswordCost(which: 'serving' | 'test'): void {
  cost = which === 'test' ? TEST_COST : SERVING_COST;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, cost);
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
  dummyHash ??= hashPassword('no-such-user-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
