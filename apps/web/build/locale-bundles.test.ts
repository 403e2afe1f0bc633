import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, planBundles } from './locale-bundles.ts';

const src = join(import.meta.dirname, '../src');
const sections = Object.keys(JSON.parse(readFileSync(join(src, 'locales/en.json'), 'utf8')) as Record<string, unknown>);
const plan = planBundles(src, sections);

describe('locale bundles', () => {
  it('puts what every page shows in core, and each area its own sections', () => {
    expect(plan.core).toEqual(expect.arrayContaining(['common', 'errors']));
    expect(plan.public).toEqual(expect.arrayContaining(['front', 'nav']));
    expect(plan.auth).toEqual(expect.arrayContaining(['auth', 'terms']));
    expect(plan.teacher).toEqual(expect.arrayContaining(['groups', 'todos', 'rewards', 'shop']));
    expect(plan.student).toEqual(expect.arrayContaining(['studentTodos', 'studentRewards', 'transfer']));
  });

  it('leaves the other areas out of each area, and core out of the areas', () => {
    expect(plan.student).not.toContain('groups');
    expect(plan.student).not.toContain('front');
    expect(plan.public).not.toContain('studentTodos');
    expect(plan.public).not.toContain('groups');
    expect(plan.public).not.toContain('terms');
    for (const area of AREAS) expect(plan[area].filter((section) => plan.core.includes(section))).toEqual([]);
  });

  it('gives every section of the locale to some bundle', () => {
    const bundled = new Set([...plan.core, ...AREAS.flatMap((area) => plan[area])]);
    expect(sections.filter((section) => !bundled.has(section))).toEqual([]);
  });
});
