import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordCost, verifyAgainstNothing, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  // The suite's setup file hashes at the test cost; this file puts it back after each test.
  afterEach(() => setPasswordCost('test'));

  it('a server hashes with argon2id at 19 MiB and 2 passes, and verifies it', async () => {
    setPasswordCost('serving');
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse')).toBe(true);
    expect(await verifyPassword(stored, 'correct horsf')).toBe(false);
  });

  it('a hash made at the test cost is argon2id too, and either cost verifies the other', async () => {
    const cheap = await hashPassword('pw-one');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    setPasswordCost('serving');
    expect(await verifyPassword(cheap, 'pw-one')).toBe(true);
    const serving = await hashPassword('pw-two');
    setPasswordCost('test');
    expect(await verifyPassword(serving, 'pw-two')).toBe(true);
  });

  it('a stored text that is no hash never verifies, and nothing verifies against no user', async () => {
    expect(await verifyPassword('!none', '!none')).toBe(false);
    expect(await verifyPassword('', '')).toBe(false);
    expect(await verifyAgainstNothing('no-such-user-password')).toBe(false);
  });
});
