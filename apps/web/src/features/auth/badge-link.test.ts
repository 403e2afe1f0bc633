import { describe, expect, it } from 'vitest';
import { badgeTokenOfHash, badgeTokenOfLink } from './badge-link.ts';

const ORIGIN = 'https://kolikko.example';
const TOKEN = 'abcdefghijklmnopqrstuvwx_-12';

describe('badgeTokenOfLink', () => {
  it('reads the secret of a badge link of this site', () => {
    expect(badgeTokenOfLink(`${ORIGIN}/student/badge#${TOKEN}`, ORIGIN)).toBe(TOKEN);
    expect(badgeTokenOfLink(` ${ORIGIN}/student/badge#${TOKEN}\n`, ORIGIN)).toBe(TOKEN);
  });

  it('refuses other sites, other paths, a query, a missing or malformed secret and plain text', () => {
    expect(badgeTokenOfLink(`https://evil.example/student/badge#${TOKEN}`, ORIGIN)).toBeNull();
    expect(badgeTokenOfLink(`${ORIGIN}/student/signup?code=BCDFGH`, ORIGIN)).toBeNull();
    expect(badgeTokenOfLink(`${ORIGIN}/student/badge?x=1#${TOKEN}`, ORIGIN)).toBeNull();
    expect(badgeTokenOfLink(`${ORIGIN}/student/badge`, ORIGIN)).toBeNull();
    expect(badgeTokenOfLink(`${ORIGIN}/student/badge#short`, ORIGIN)).toBeNull();
    expect(badgeTokenOfLink(`${ORIGIN}/student/badge#${TOKEN}<script>`, ORIGIN)).toBeNull();
    expect(badgeTokenOfLink('hello', ORIGIN)).toBeNull();
  });
});

describe('badgeTokenOfHash', () => {
  it('takes the fragment with or without its #', () => {
    expect(badgeTokenOfHash(`#${TOKEN}`)).toBe(TOKEN);
    expect(badgeTokenOfHash(TOKEN)).toBe(TOKEN);
    expect(badgeTokenOfHash('')).toBeNull();
  });
});
