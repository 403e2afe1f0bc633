// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { planBundles } from '../../../build/locale-bundles.ts';

const src = fileURLToPath(new URL('../..', import.meta.url));
const sections = Object.keys(JSON.parse(readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8')) as Record<string, unknown>);

describe('the reading pages’ texts', () => {
  const plan = planBundles(src, sections);

  it('load with /about, /tutorials and /legal, never with the front page', () => {
    for (const section of ['about', 'tutorials', 'legal']) {
      expect(plan.info).toContain(section);
      expect(plan.core).not.toContain(section);
      expect(plan.public).not.toContain(section);
    }
  });

  it('come with the signup and login pages too, for the terms popup', () => {
    expect(plan.auth).toContain('legal');
    expect(plan.auth).toContain('terms');
  });
});
