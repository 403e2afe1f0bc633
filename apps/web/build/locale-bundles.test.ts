import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, localeFile, PAGE_BUNDLES, planBundles, type PageBundle } from './locale-bundles.ts';

const src = join(import.meta.dirname, '../src');
const sections = Object.keys(JSON.parse(readFileSync(join(src, 'locales/en.json'), 'utf8')) as Record<string, unknown>);
const plan = planBundles(src, sections);

describe('locale bundles', () => {
  it('puts what every page shows in core, and each area its own sections', () => {
    expect(plan.core).toEqual(expect.arrayContaining(['common', 'errors']));
    expect(plan.public).toEqual(expect.arrayContaining(['front', 'nav']));
    expect(plan.auth).toEqual(expect.arrayContaining(['auth', 'terms']));
    expect(plan.teacher).toEqual(expect.arrayContaining(['nav', 'owedRewards', 'shop']));
    expect(plan.student).toEqual(expect.arrayContaining(['nav', 'live', 'chat']));
  });

  it("gives each student page its own texts, and the student area the layout's and the tasks page's", () => {
    // The tasks page, a student's usual first page, comes with the layout: its texts are the area's.
    expect(plan.student).toEqual(expect.arrayContaining(['studentTodos', 'memberTodoStatus']));
    expect(plan).not.toHaveProperty('student-todos');
    expect(plan['student-rewards']).toContain('studentRewards');
    expect(plan['student-history']).toContain('history');
    expect(plan['student-profile']).toEqual(expect.arrayContaining(['profile', 'transfer', 'character']));
    // ... and none of its sister pages' texts.
    for (const section of ['studentRewards', 'history', 'profile', 'transfer']) expect(plan.student).not.toContain(section);
    // A section two pages show comes with each of them.
    expect(plan['student-history']).toContain('rewardStatus');
    expect(plan['student-rewards']).toContain('rewardStatus');
  });

  it("gives the teacher's pages with texts of their own a bundle each, and the teacher area the layout's", () => {
    expect(plan['teacher-groups']).toContain('groups');
    expect(plan['teacher-todos']).toContain('todos');
    expect(plan['teacher-rewards']).toContain('rewards');
    expect(plan['teacher-shared']).toContain('sharedTodos');
    for (const section of ['groups', 'todos', 'rewards', 'sharedTodos', 'profile']) expect(plan.teacher).not.toContain(section);
    // The groups page, where a lesson runs, brings none of the lists' or the shared todos' texts.
    for (const section of ['todos', 'todolists', 'sharedTodos', 'profile']) expect(plan['teacher-groups']).not.toContain(section);
    // What the layout shows (the menu, the owed rewards, the chat) stays in the area's bundle.
    expect(plan.teacher).toEqual(expect.arrayContaining(['nav', 'owedRewards', 'chat']));
  });

  it('has the router load each page bundle with its page (src/app/router.tsx)', () => {
    const router = readFileSync(join(src, 'app/router.tsx'), 'utf8');
    for (const name of Object.keys(PAGE_BUNDLES)) expect(router, name).toMatch(new RegExp(`'${name}'\\)`));
  });

  it('keeps core and the area out of a page bundle', () => {
    for (const [name, { area }] of Object.entries(PAGE_BUNDLES) as [PageBundle, { area: (typeof AREAS)[number] }][]) {
      expect(plan[name].filter((section) => plan.core.includes(section) || plan[area].includes(section))).toEqual([]);
    }
  });

  it('has the app ask for every bundle where the build puts it (src/lib/i18n.ts)', () => {
    const i18n = readFileSync(join(src, 'lib/i18n.ts'), 'utf8');
    const union = /export type LocaleBundle =([^;]+);/.exec(i18n)?.[1] ?? '';
    expect([...union.matchAll(/'([\w-]+)'/g)].map((m) => m[1]).sort()).toEqual(Object.keys(plan).sort());
    // The path the app computes is the file the build writes.
    expect(i18n).toContain(`\`/${localeFile('${__KOLIKKO_LOCALE_VERSION__}', '${lang}', '${bundle}')}\``);
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
    const bundled = new Set(Object.values(plan).flat());
    expect(sections.filter((section) => !bundled.has(section))).toEqual([]);
  });
});
