import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/**
 * Mantine's stylesheet (`@mantine/core/styles.css`, imported by main.tsx) styles every one of its
 * components, and each page loads all of it before it paints (issue 13): 249 KB, of which the
 * rules of components this app never draws, and of the dark colour scheme it never shows (app.tsx
 * forces the light one), are more than a third.
 *
 * Every Mantine class is a fixed name (`m_` and eight hex digits) written in the JavaScript of its
 * component. The components the app can draw are those its sources import from `@mantine/core`,
 * with everything they import in turn; a rule whose selector names a class outside them can match
 * no element on any page, so the build drops such selectors, and those that only apply under
 * `[data-mantine-color-scheme=dark]`, from the stylesheet as it loads it (so the file's hashed
 * name follows its content). Once the bundle is written, the build checks that it names no
 * Mantine class whose rules were dropped, and fails if it does.
 */
const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;
const DARK_SCHEME = /\[data-mantine-color-scheme=(["']?)dark\1\]/;
const STYLES = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const RELATIVE_IMPORT = /(?:from|import)\s*["'](\.{1,2}\/[^"']+\.mjs)["']/g;

/** The Mantine classes named in `code`. */
export function mantineClassesIn(code: string, into = new Set<string>()): Set<string> {
  for (const [name] of code.matchAll(MANTINE_CLASS)) into.add(name);
  return into;
}

/**
 * Whether an element can match `selector` when only the classes in `used` exist. Every class a
 * selector names must be on some element, except inside `:not(…)`, which an absent class
 * satisfies; a list of alternatives (`:is(.a, .b)`) is kept as it is.
 */
function canMatch(selector: string, used: Set<string>): boolean {
  if (DARK_SCHEME.test(selector)) return false;
  if (/:(?:is|where|has)\([^()]*,/.test(selector)) return true;
  return [...selector.replace(/:not\([^()]*\)/g, '').matchAll(MANTINE_CLASS)].every(([name]) => used.has(name));
}

/** `css` without the selectors that name a Mantine class not in `used`, or need the dark scheme. */
export function withoutUnusedMantineRules(css: string, used: Set<string>): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => canMatch(selector, used));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // An @media or @supports block whose rules all went.
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

function importedNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '')
    .filter(Boolean);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The Mantine classes of every component that the sources under `srcDir` import from
 * `@mantine/core` (whose ESM build is under `coreEsmDir`), through everything those import.
 */
export function mantineClassesOfSources(srcDir: string, coreEsmDir: string): Set<string> {
  const index = readFileSync(join(coreEsmDir, 'index.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const [, list = '', from = ''] of index.matchAll(NAMED_IMPORT)) for (const name of importedNames(list)) fileOf.set(name, resolve(coreEsmDir, from));

  const queue: string[] = [];
  for (const file of sourceFiles(srcDir)) {
    for (const [, list = '', from] of readFileSync(file, 'utf8').matchAll(NAMED_IMPORT)) {
      if (from !== '@mantine/core') continue;
      for (const name of importedNames(list)) {
        const module = fileOf.get(name);
        // A type only (no module of its own) draws nothing.
        if (module) queue.push(module);
      }
    }
  }
  const used = new Set<string>();
  const seen = new Set<string>();
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    mantineClassesIn(code, used);
    for (const [, from = ''] of code.matchAll(RELATIVE_IMPORT)) queue.push(resolve(dirname(file), from));
  }
  return used;
}

export function mantineUnusedCss(): Plugin {
  let srcDir = '';
  let kept: Set<string> | null = null;
  return {
    name: 'kolikko:mantine-unused-css',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      srcDir = join(config.root, 'src');
    },
    transform(code, id) {
      if (!STYLES.test(id)) return null;
      kept = mantineClassesOfSources(srcDir, join(dirname(id), 'esm'));
      return { code: withoutUnusedMantineRules(code, kept), map: null };
    },
    generateBundle(_options, bundle) {
      if (!kept) return;
      const named = new Set<string>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') mantineClassesIn(output.code, named);
      const dropped = [...named].filter((name) => !kept?.has(name));
      if (dropped.length > 0) this.error(`mantine-unused-css: the bundle uses Mantine classes whose rules were dropped: ${dropped.join(', ')}`);
    },
  };
}
