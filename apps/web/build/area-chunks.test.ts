import { describe, expect, it } from 'vitest';
import { areaOf } from './area-chunks.ts';
import { AREA_ROOTS } from './locale-bundles.ts';

// A small app's module graph in the shape rolldown's chunking context gives: the entry, the
// router with its lazy routes (their paths from the real area roots), Mantine's index and a few
// modules that pages share.
const SRC = '/app/apps/web/src/';
const MANTINE = '/app/node_modules/@mantine/core/esm/';
const root = (area: keyof typeof AREA_ROOTS, i = 0) => `${SRC}${AREA_ROOTS[area][i]}`;
const FRONT = root('public');
const AUTH = root('auth');
const DEMO = root('demo');
const STUDENT_LAYOUT = root('student', 0);
const STUDENT_TODOS = root('student', 1);
const STUDENT_HOME = root('student', 2);
const TEACHER_LAYOUT = root('teacher', 0);
const TEACHER_GROUPS = `${SRC}features/groups/components/groups-page.tsx`;
const TEACHER_HOME = `${SRC}features/teacher/components/teacher-home.tsx`;
const ROUTER = `${SRC}app/router.tsx`;
const MAIN = `${SRC}main.tsx`;
const DIALOG = `${SRC}components/some-dialog.tsx`;
// Two of the teacher's lazy modules that open each other (an award dialog, its menu).
const AWARD_DIALOG = `${SRC}features/groups/components/award-dialog.tsx`;
const AWARD_MENU = `${SRC}features/groups/components/award-menu.tsx`;

interface Node {
  code?: string;
  imports?: string[];
  lazy?: string[];
  entry?: boolean;
}

function graph(nodes: Record<string, Node>) {
  const ids = Object.keys(nodes);
  const info = (id: string) => {
    const node = nodes[id];
    if (!node) return null;
    return {
      code: node.code ?? '',
      importedIds: node.imports ?? [],
      dynamicallyImportedIds: node.lazy ?? [],
      importers: ids.filter((other) => nodes[other]?.imports?.includes(id)),
      dynamicImporters: ids.filter((other) => nodes[other]?.lazy?.includes(id)),
      isEntry: node.entry ?? false,
    };
  };
  return areaOf({ getModuleInfo: info });
}

const routes = [FRONT, AUTH, DEMO, STUDENT_LAYOUT, STUDENT_TODOS, STUDENT_HOME, TEACHER_LAYOUT, TEACHER_GROUPS, TEACHER_HOME];

const area = graph({
  [MAIN]: { entry: true, imports: [ROUTER, `${SRC}lib/i18n.ts`] },
  [ROUTER]: { lazy: routes },
  [`${SRC}lib/i18n.ts`]: {},
  [`${MANTINE}index.mjs`]: {
    code: `import { Button } from "./components/Button/Button.mjs";\nimport { Checkbox } from "./components/Checkbox/Checkbox.mjs";\nimport { Indicator } from "./components/Indicator/Indicator.mjs";\nexport { Button, Checkbox, Indicator };`,
    imports: [`${MANTINE}components/Button/Button.mjs`, `${MANTINE}components/Checkbox/Checkbox.mjs`, `${MANTINE}components/Indicator/Indicator.mjs`],
  },
  [`${MANTINE}components/Button/Button.mjs`]: {},
  [`${MANTINE}components/Checkbox/Checkbox.mjs`]: {},
  [`${MANTINE}components/Indicator/Indicator.mjs`]: {},
  // The front page and both layouts show buttons; pages of both areas tick boxes.
  [FRONT]: { code: 'import { Button } from "@mantine/core";', imports: [`${MANTINE}index.mjs`, `${SRC}lib/i18n.ts`] },
  [AUTH]: { code: 'import { Checkbox } from "@mantine/core";', imports: [`${MANTINE}index.mjs`, `${SRC}components/answer-field.tsx`] },
  // The demo's page, whose frames show both areas' pages.
  [DEMO]: { imports: [`${SRC}components/group-dot.tsx`] },
  [STUDENT_LAYOUT]: {
    code: 'import { Button, Indicator } from "@mantine/core";',
    imports: [`${MANTINE}index.mjs`, `${SRC}app/use-live-updates.ts`, `${SRC}app/live-updates-student.ts`, `${SRC}components/nav.tsx`],
  },
  [TEACHER_LAYOUT]: { code: 'import { Button } from "@mantine/core";', imports: [`${MANTINE}index.mjs`, `${SRC}app/use-live-updates.ts`, `${SRC}app/live-updates-teacher.ts`] },
  [STUDENT_TODOS]: {
    code: 'import { Checkbox } from "@mantine/core";',
    imports: [`${MANTINE}index.mjs`, `${SRC}components/todo-card.tsx`, `${SRC}components/member-card.tsx`, `${SRC}components/answer-field.tsx`, `${SRC}components/todo-row.tsx`],
  },
  [STUDENT_HOME]: { code: 'import { Indicator } from "@mantine/core";', imports: [`${MANTINE}index.mjs`, `${SRC}components/todo-card.tsx`, `${SRC}components/avatar.tsx`] },
  [TEACHER_GROUPS]: {
    code: 'import { Checkbox } from "@mantine/core";',
    imports: [`${MANTINE}index.mjs`, `${SRC}components/member-card.tsx`, `${SRC}components/name-form.tsx`, `${SRC}components/group-dot.tsx`, `${SRC}components/award-bits.tsx`],
  },
  [TEACHER_HOME]: { imports: [`${SRC}components/opens-dialog.tsx`, `${SRC}components/name-form.tsx`, `${SRC}components/avatar.tsx`, `${SRC}components/group-dot.tsx`], lazy: [AWARD_DIALOG] },
  [AWARD_DIALOG]: { imports: [`${SRC}components/award-bits.tsx`], lazy: [AWARD_MENU] },
  [AWARD_MENU]: { imports: [`${SRC}components/award-bits.tsx`], lazy: [AWARD_DIALOG] },
  [`${SRC}components/award-bits.tsx`]: {},
  [`${SRC}components/answer-field.tsx`]: {},
  [`${SRC}components/todo-row.tsx`]: {},
  [`${SRC}app/use-live-updates.ts`]: {},
  [`${SRC}app/live-updates-student.ts`]: { imports: [`${SRC}app/use-live-updates.ts`] },
  [`${SRC}app/live-updates-teacher.ts`]: { imports: [`${SRC}app/use-live-updates.ts`] },
  [`${SRC}components/nav.tsx`]: {},
  [`${SRC}components/todo-card.tsx`]: {},
  [`${SRC}components/member-card.tsx`]: {},
  [`${SRC}components/name-form.tsx`]: {},
  [`${SRC}components/avatar.tsx`]: {},
  [`${SRC}components/group-dot.tsx`]: {},
  [`${SRC}components/opens-dialog.tsx`]: { lazy: [DIALOG] },
  [DIALOG]: { imports: [`${SRC}components/dialog-body.tsx`] },
  [`${SRC}components/dialog-body.tsx`]: {},
});

describe('chunk groups', () => {
  it("puts what the entry imports with the entry, and leaves the entry's lazy modules alone", () => {
    expect(area(`${SRC}lib/i18n.ts`)).toBe('app');
    expect(area(ROUTER)).toBe('app');
    expect(area(STUDENT_HOME)).toBeNull();
  });

  it("puts the student's first load in a lesson in one chunk: the layout, the tasks page and what they import", () => {
    expect(area(STUDENT_LAYOUT)).toBe('student-area');
    expect(area(STUDENT_TODOS)).toBe('student-area');
    // Only the layout, or only the tasks page, imports these.
    expect(area(`${SRC}app/live-updates-student.ts`)).toBe('student-area');
    expect(area(`${SRC}components/nav.tsx`)).toBe('student-area');
    expect(area(`${SRC}components/todo-row.tsx`)).toBe('student-area');
    // The tasks page and a sign-in page: in common, which both fetch, not a file of its own.
    expect(area(`${SRC}components/answer-field.tsx`)).toBe('common');
  });

  it('sees through Mantine\'s index to the components each file imports', () => {
    // The front page and both layouts: base.
    expect(area(`${MANTINE}components/Button/Button.mjs`)).toBe('base');
    // The student layout and a student page, no other area: the student's.
    expect(area(`${MANTINE}components/Indicator/Indicator.mjs`)).toBe('student-area');
    // Pages of both areas and the sign-in pages, 3 of the 9 route entries: widely used.
    expect(area(`${MANTINE}components/Checkbox/Checkbox.mjs`)).toBe('common');
    expect(area(`${MANTINE}index.mjs`)).toBeNull();
  });

  it('groups what both signed-in layouts need, and what one area alone shares', () => {
    expect(area(`${SRC}app/use-live-updates.ts`)).toBe('common');
    // A page of each area, 2 of 9 route entries, not widely used, neither a lesson's page: automatic chunking, as rolldown would.
    expect(area(`${SRC}components/avatar.tsx`)).toBeNull();
  });

  it("puts what a lesson's page shares in a chunk that page's first load fetches anyway", () => {
    // The student's tasks and another student page: the student's chunk.
    expect(area(`${SRC}components/todo-card.tsx`)).toBe('student-area');
    // The teacher's groups and the teacher's home: the teacher's chunk.
    expect(area(`${SRC}components/name-form.tsx`)).toBe('teacher-area');
    // The tasks and the groups: common, which both fetch.
    expect(area(`${SRC}components/member-card.tsx`)).toBe('common');
    // Teacher pages and the demo's page, whose frames load the teacher's chunk anyway: the teacher's.
    expect(area(`${SRC}components/group-dot.tsx`)).toBe('teacher-area');
    // The teacher's groups and two lazy modules that open each other, both the teacher's only.
    expect(area(`${SRC}components/award-bits.tsx`)).toBe('teacher-area');
  });

  it("leaves a module of one entry in that entry's chunk, and a dialog's modules lazy", () => {
    expect(area(`${SRC}app/live-updates-teacher.ts`)).toBeNull();
    expect(area(`${SRC}components/dialog-body.tsx`)).toBeNull();
    // It imports a lazy module: in a group, its chunk and the dialog's could import each other.
    expect(area(`${SRC}components/opens-dialog.tsx`)).toBeNull();
  });
});
