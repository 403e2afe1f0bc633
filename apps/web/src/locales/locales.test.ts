// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@kolikko/core/errors';
import { LEDGER_REASONS } from '@kolikko/core/enumerations';
import { teacherPurchaseType } from '@kolikko/core/rules/history';
import { purchaseReasonKey } from '../features/shop/purchase-reason.ts';
import en from './en.json';
import fi from './fi.json';
import sv from './sv.json';

const LOCALES = { en, fi, sv } as const;
type Locale = keyof typeof LOCALES;

/** Every leaf of a locale as a dotted key (the i18next key separator) with its value. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      for (const [leafKey, leafValue] of flatten(value, prefix ? `${prefix}.${key}` : key)) {
        leaves.set(leafKey, leafValue);
      }
    }
  } else {
    leaves.set(prefix, node);
  }
  return leaves;
}

const flat: Record<Locale, Map<string, unknown>> = { en: flatten(LOCALES.en), fi: flatten(LOCALES.fi), sv: flatten(LOCALES.sv) };
const OTHERS = ['fi', 'sv'] as const;

describe('locales', () => {
  it('says of no page that it is "coming soon": every page of the spec is built', () => {
    for (const messages of [en, fi, sv]) expect(JSON.stringify(messages)).not.toMatch(/coming soon|tulossa pian|kommer snart/i);
  });

  it.each(OTHERS)('%s has the same keys as English', (language) => {
    const enKeys = [...flat.en.keys()].sort();
    const keys = [...flat[language].keys()].sort();
    expect(enKeys.filter((key) => !flat[language].has(key)), `keys missing from ${language}.json`).toEqual([]);
    expect(keys.filter((key) => !flat.en.has(key)), 'keys missing from en.json').toEqual([]);
  });

  it.each(Object.keys(LOCALES))('%s has only non-empty text values', (language) => {
    const leaves = flat[language as Locale];
    const bad = [...leaves].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it.each(Object.keys(LOCALES))('%s translates every error code of the catalogue', (language) => {
    const leaves = flat[language as Locale];
    const missing = ERROR_CODES.filter((code) => typeof leaves.get(`errors.${code}`) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(LOCALES))("%s names every ledger reason a teacher's purchase history can show, either way the coins went", (language) => {
    const leaves = flat[language as Locale];
    const keys = LEDGER_REASONS.flatMap((reason) => (['in', 'out'] as const).map((direction) => purchaseReasonKey(reason, teacherPurchaseType(reason, direction))));
    expect(keys.filter((key) => typeof leaves.get(key) !== 'string')).toEqual([]);
  });

  it.each(OTHERS)('%s keeps the placeholders of each English text', (language) => {
    const placeholders = (text: unknown) =>
      typeof text === 'string' ? [...text.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort() : [];
    const differing = [...flat.en.keys()].filter(
      (key) => JSON.stringify(placeholders(flat.en.get(key))) !== JSON.stringify(placeholders(flat[language].get(key))),
    );
    expect(differing).toEqual([]);
  });
});
