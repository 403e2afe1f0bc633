import { describe, expect, it } from 'vitest';
import { TODOLIST_CATEGORIES } from '@kolikko/core/enumerations';
import en from '../locales/en.json';
import fi from '../locales/fi.json';
import { categoryLabelKey, categoryOf, storedCategory, storedCategoryLabelKey } from './todolist-labels.ts';

function lookup(locale: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? Reflect.get(node, part) : undefined), locale);
}

describe('todo list labels', () => {
  it('maps the stored (lowercased) category back to its name key', () => {
    expect(categoryOf('mathematics')).toBe('MATHEMATICS');
    expect(storedCategory('L4_MULTILITERACY')).toBe('l4_multiliteracy');
    expect(storedCategoryLabelKey('visual_arts')).toBe('todolists.categories.VISUAL_ARTS');
  });

  it.each([
    ['en', en],
    ['fi', fi],
  ])('%s names every category', (_language, locale) => {
    const missing = TODOLIST_CATEGORIES.filter((category) => typeof lookup(locale, categoryLabelKey(category)) !== 'string');
    expect(missing).toEqual([]);
  });
});
