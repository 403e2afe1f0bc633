// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDate, formatDateTime, formatEuros, formatLongDate, formatNumber, formatPermille, formatTime, localDayKey } from './format.ts';

describe('formatDate', () => {
  it('writes d.m.yyyy without leading zeros (spec section 9)', () => {
    expect(formatDate(new Date(2026, 0, 5, 12))).toBe('5.1.2026');
    expect(formatDate(new Date(2026, 10, 20, 23, 59))).toBe('20.11.2026');
  });

  it('gives an empty text for a date that cannot be read', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatTime and formatDateTime', () => {
  it('write HH:MM with leading zeros', () => {
    expect(formatTime(new Date(2026, 0, 5, 7, 3))).toBe('07:03');
    expect(formatDateTime(new Date(2026, 0, 5, 17, 45))).toBe('5.1.2026 17:45');
  });
});

describe('formatCountdown', () => {
  it('shows minutes and seconds of what is left, rounded up', () => {
    expect(formatCountdown(60 * 60 * 1000)).toBe('60:00');
    expect(formatCountdown(59 * 60 * 1000 + 1500)).toBe('59:02');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
  });
});

describe('localDayKey', () => {
  it('is the local calendar day as yyyy-mm-dd', () => {
    expect(localDayKey(new Date(2026, 2, 9, 0, 0, 1))).toBe('2026-03-09');
    expect(localDayKey(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });
});

describe('formatLongDate', () => {
  it('writes the long date in the language asked for', () => {
    const date = new Date(2026, 0, 5, 12);
    expect(formatLongDate(date, 'en')).toMatch(/Monday.*January.*2026/);
    expect(formatLongDate(date, 'fi')).toMatch(/maanantai.*tammikuuta.*2026/);
    expect(formatLongDate(date, 'sv')).toBe('måndag 5 januari 2026');
  });
});

describe('formatNumber', () => {
  it('groups thousands and writes decimals as each language does', () => {
    // Finnish and Swedish group with a no-break space and write a decimal comma; English with commas.
    expect(formatNumber(7200, 'sv')).toBe('7\u00a0200');
    expect(formatNumber(7200, 'fi')).toBe('7\u00a0200');
    expect(formatNumber(7200, 'en')).toBe('7,200');
    expect(formatNumber(2.5, 'sv')).toBe('2,5');
    expect(formatNumber(2.5, 'en')).toBe('2.5');
  });

  it('writes a whole number under 1 000 as it is', () => {
    for (const language of ['en', 'fi', 'sv']) {
      expect(formatNumber(999, language)).toBe('999');
      expect(formatNumber(0, language)).toBe('0');
      expect(formatNumber(-5, language)).toBe('-5');
    }
  });
});

describe('formatEuros and formatPermille', () => {
  it('write cents as euros with two decimals, as each language does', () => {
    expect(formatEuros(1255, 'en')).toBe('€12.55');
    expect(formatEuros(200, 'en')).toBe('€2.00');
    // Finnish puts the sign after a (no-break) space and uses a decimal comma.
    expect(formatEuros(1255, 'fi')).toBe('12,55\u00a0€');
    expect(formatEuros(160_000, 'fi')).toBe('1\u00a0600,00\u00a0€');
    // Swedish as Finland writes it: the same decimal comma and the sign after the amount.
    expect(formatEuros(1255, 'sv')).toBe('12,55\u00a0€');
    expect(formatEuros(160_000, 'sv')).toBe('1\u00a0600,00\u00a0€');
  });

  it('write VAT in thousandths as a percentage', () => {
    expect(formatPermille(255, 'en')).toBe('25.5%');
    expect(formatPermille(255, 'fi')).toBe('25,5\u00a0%');
    expect(formatPermille(255, 'sv')).toBe('25,5\u00a0%');
    expect(formatPermille(240, 'en')).toBe('24%');
  });
});
