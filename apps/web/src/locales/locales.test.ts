// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@kolikko/core/errors';
import { LEDGER_REASONS } from '@kolikko/core/enumerations';
import { teacherPurchaseType } from '@kolikko/core/rules/history';
import { purchaseReasonKey } from '../features/shop/purchase-reason.ts';
import en from './en.json';
import fi from './fi.json';

const LOCALES = { en, fi } as const;

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

const flat = { en: flatten(LOCALES.en), fi: flatten(LOCALES.fi) };

describe('locales', () => {
  it('says of no page that it is "coming soon": every page of the spec is built', () => {
    for (const messages of [en, fi]) expect(JSON.stringify(messages)).not.toMatch(/coming soon|tulossa pian/i);
  });

  it('have the same keys in English and Finnish', () => {
    const enKeys = [...flat.en.keys()].sort();
    const fiKeys = [...flat.fi.keys()].sort();
    expect(enKeys.filter((key) => !flat.fi.has(key)), 'keys missing from fi.json').toEqual([]);
    expect(fiKeys.filter((key) => !flat.en.has(key)), 'keys missing from en.json').toEqual([]);
  });

  it.each(Object.keys(LOCALES))('%s has only non-empty text values', (language) => {
    const leaves = language === 'en' ? flat.en : flat.fi;
    const bad = [...leaves].filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it.each(Object.keys(LOCALES))('%s translates every error code of the catalogue', (language) => {
    const leaves = language === 'en' ? flat.en : flat.fi;
    const missing = ERROR_CODES.filter((code) => typeof leaves.get(`errors.${code}`) !== 'string');
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(LOCALES))("%s names every ledger reason a teacher's purchase history can show, either way the coins went", (language) => {
    const leaves = language === 'en' ? flat.en : flat.fi;
    const keys = LEDGER_REASONS.flatMap((reason) => (['in', 'out'] as const).map((direction) => purchaseReasonKey(reason, teacherPurchaseType(reason, direction))));
    expect(keys.filter((key) => typeof leaves.get(key) !== 'string')).toEqual([]);
  });

  it('keeps the placeholders of a text the same in both languages', () => {
    const placeholders = (text: unknown) =>
      typeof text === 'string' ? [...text.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort() : [];
    const differing = [...flat.en.keys()].filter(
      (key) => JSON.stringify(placeholders(flat.en.get(key))) !== JSON.stringify(placeholders(flat.fi.get(key))),
    );
    expect(differing).toEqual([]);
  });
});
