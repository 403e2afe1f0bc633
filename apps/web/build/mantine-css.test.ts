import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mantineClassesOfSources, withoutUnusedMantineRules } from './mantine-css.ts';

const USED = new Set(['m_00000001', 'm_00000002']);

describe("Mantine's stylesheet without what the app never draws", () => {
  it('drops the selectors of classes no component of the app has, and keeps the rest of the rule', () => {
    const css = '.m_00000001, .m_0000dead { color: red; }\n.m_0000dead > .m_00000002 { color: blue; }\n.m_00000002:hover { color: green; }';
    const out = withoutUnusedMantineRules(css, USED);
    expect(out).toContain('.m_00000001 {');
    expect(out).not.toContain('m_0000dead');
    expect(out).toContain('.m_00000002:hover');
  });

  it('keeps what names no Mantine class, a class that is only excluded, and lists of alternatives', () => {
    const css = ':root { --x: 1; }\nbody { margin: 0; }\n.m_00000001:not(.m_0000dead) { color: red; }\n.x:is(.m_0000dead, .y) { color: blue; }\n@keyframes spin { from { opacity: 0; } to { opacity: 1; } }';
    const out = withoutUnusedMantineRules(css, USED);
    expect(out).toBe(css);
  });

  it('drops the dark colour scheme, which the app never shows, and blocks left empty', () => {
    const css = ":where([data-mantine-color-scheme='dark']) .m_00000001 { color: white; }\n:where([data-mantine-color-scheme='light']) .m_00000001 { color: black; }\n@media (min-width: 10em) { .m_0000dead { display: none; } }";
    const out = withoutUnusedMantineRules(css, USED);
    expect(out).toBe(":where([data-mantine-color-scheme='light']) .m_00000001 { color: black; }");
  });

  describe('the classes the sources can draw', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mantine-css-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    // A Mantine-shaped package: an index of named imports, components importing their class maps and each other.
    write('esm/index.mjs', 'import { Button } from "./components/Button/Button.mjs";\nimport { Select } from "./components/Select/Select.mjs";\nimport { Badge } from "./components/Badge/Badge.mjs";\nexport { Badge, Button, Select };');
    write('esm/components/Button/Button.mjs', 'import classes from "./Button.module.mjs";\nimport { Loader } from "../Loader/Loader.mjs";');
    write('esm/components/Button/Button.module.mjs', 'export default { root: "m_0000b001" };');
    write('esm/components/Loader/Loader.mjs', 'export const Loader = { root: "m_0000c001" };');
    write('esm/components/Select/Select.mjs', 'export const Select = { root: "m_0000d001" };');
    write('esm/components/Badge/Badge.mjs', 'export const Badge = { root: "m_0000e001" };');
    write('src/page.tsx', "import { Button, type MantineSize } from '@mantine/core';\nimport { Other } from './other.tsx';");
    write('src/page.test.tsx', "import { Badge } from '@mantine/core';");
    write('src/lazy/dialog.tsx', "import {\n  Select,\n} from '@mantine/core';");

    it("follows the app's imports through Mantine's own, tests left out", () => {
      expect([...mantineClassesOfSources(join(dir, 'src'), join(dir, 'esm'))].sort()).toEqual(['m_0000b001', 'm_0000c001', 'm_0000d001']);
    });
  });
});
