import { describe, expect, it } from 'vitest';
import { ZEmail, ZPassword, ZUsername } from './fields.ts';
import { ZMemberSignupRequest, ZTeacherSignupRequest } from './auth.ts';

const codeOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? 'ok' : r.error?.issues[0]?.message);

describe('spec section 5 field rules', () => {
  it.each([
    ['abc', 'ok'],
    ['a.b_c-9', 'ok'],
    ['abcdefghijklmnop', 'ok'],
    ['ab', 'USER.INVALID_USERNAME'],
    ['abcdefghijklmnopq', 'USER.INVALID_USERNAME'],
    ['with space', 'USER.INVALID_USERNAME'],
    ['ääkkönen', 'ok'],
    ['Väinö', 'ok'],
    ['Siiri-Änni', 'ok'],
    ['Åsa', 'ok'],
    ['Šimon.Žák', 'ok'],
    ['Tõnu', 'ok'],
    ['Иван', 'USER.INVALID_USERNAME'],
    ['Εμμα', 'USER.INVALID_USERNAME'],
    ['ｅｍｍａ', 'USER.INVALID_USERNAME'],
    ['emma😀', 'USER.INVALID_USERNAME'],
    ['<script>', 'USER.INVALID_USERNAME'],
  ])('username %j -> %s', (value, expected) => {
    expect(codeOf(ZUsername.safeParse(value))).toBe(expected);
  });

  it('trims the username', () => {
    expect(ZUsername.parse('  anna  ')).toBe('anna');
  });

  it('stores a username NFC-normalized, and counts its letters after that', () => {
    const decomposed = 'Va\u0308ino\u0308';
    expect(ZUsername.parse(decomposed)).toBe('Väinö');
    // 16 letters, each typed as a letter and a combining mark: 32 code units, still 16 letters.
    expect(ZUsername.parse('a\u0308'.repeat(16))).toBe('ä'.repeat(16));
  });

  it.each([
    ['teacher@school.fi', 'ok'],
    ['no-at-sign', 'USER.INVALID_EMAIL'],
    ['a@b', 'USER.INVALID_EMAIL'],
    ['', 'USER.INVALID_EMAIL'],
  ])('e-mail %j -> %s', (value, expected) => {
    expect(codeOf(ZEmail.safeParse(value))).toBe(expected);
  });

  it.each([
    ['123456', 'ok'],
    ['12345', 'USER.INVALID_PASSWORD'],
    ['x'.repeat(257), 'USER.INVALID_PASSWORD'],
  ])('password %j -> %s', (value, expected) => {
    expect(codeOf(ZPassword.safeParse(value))).toBe(expected);
  });

  it('names the missing field of a request', () => {
    const r = ZTeacherSignupRequest.safeParse({ username: 'anna', password: 'secret1' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['email']);
    expect(codeOf(ZMemberSignupRequest.safeParse({ username: 'anna', group_name: '   ', password: 'secret1' }))).toBe('GROUP.GROUP_NAME_MISSING');
  });
});
