// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate } from './format.ts';

describe('formatDate', () => {
  it('writes d.m.yyyy without leading zeros (spec section 9)', () => {
    expect(formatDate(new Date(2026, 0, 5, 12))).toBe('5.1.2026');
    expect(formatDate(new Date(2026, 10, 20, 23, 59))).toBe('20.11.2026');
  });

  it('gives an empty text for a date that cannot be read', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
