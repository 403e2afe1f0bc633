import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mantineStableIds } from './mantine-use-id.ts';

const require = createRequire(import.meta.url);
const HOOKS = require.resolve('@mantine/hooks');
const USE_ID_FILE = join(HOOKS.slice(0, HOOKS.lastIndexOf('@mantine') + '@mantine/hooks'.length), 'esm/use-id/use-id.mjs');

type Transform = (code: string, id: string) => { code: string } | null;
const transform = mantineStableIds().transform as unknown as Transform;

describe("Mantine's useId without the second render", () => {
  it("replaces the installed Mantine's module, and leaves every other module alone", () => {
    const original = readFileSync(USE_ID_FILE, 'utf8');
    const replaced = transform(original, USE_ID_FILE);
    expect(replaced?.code).toContain('useReactId');
    expect(replaced?.code).not.toContain('randomId');
    expect(transform(original, join(USE_ID_FILE, '..', '..', 'use-disclosure/use-disclosure.mjs'))).toBeNull();
  });

  it('stops the build when the module no longer looks as expected', () => {
    expect(() => transform('export function useId() { return "x"; }', USE_ID_FILE)).toThrow(/no longer looks as expected/);
  });

  it('gives each component a distinct id usable in a selector, or the id it was given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mantine-use-id-'));
    try {
      const file = join(dir, 'use-id.mjs');
      writeFileSync(file, transform(readFileSync(USE_ID_FILE, 'utf8'), USE_ID_FILE)?.code ?? '');
      const { useId } = (await import(pathToFileURL(file).href)) as { useId: (staticId?: string) => string };
      const Show = ({ staticId }: { staticId?: string }) => createElement('i', null, `${useId(staticId)};`);
      const html = renderToString(createElement(Fragment, null, createElement(Show), createElement(Show), createElement(Show, { staticId: 'given' })));
      const ids = html.replace(/<\/?i>/g, '').split(';').filter(Boolean);
      expect(ids).toHaveLength(3);
      expect(ids[0]).toMatch(/^mantine-[\w-]+$/);
      expect(ids[1]).toMatch(/^mantine-[\w-]+$/);
      expect(ids[0]).not.toBe(ids[1]);
      expect(ids[2]).toBe('given');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
