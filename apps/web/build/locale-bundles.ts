import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Splits the translations by area, so a page downloads the texts its area can show and no
 * others: `virtual:locale/<language>/<bundle>`, where the bundle is `core` (what the first
 * chunk's own files show: loaded with every page) or an area (what that area's files show,
 * less core). A file "shows" a top-level section of the locale when a string in it starts with
 * `section.` (`t('groups.title')`, `` `errors.${code}` ``, `titleKey="teacher.pages.x"`), counted
 * over everything the area's files import, statically or on demand. It over-counts rather than
 * under-counts: a text a page needs is never missing, at most a section comes along unused.
 *
 * A page of `PAGE_BUNDLES` has a bundle of its own, loaded with the page: what it shows that
 * neither core nor its area's other roots (the layout, the pages without a bundle) show. Its
 * area's bundle then holds only those others' texts, so a first load of one page does not
 * download its sister pages' texts (issue 13: the student's area bundle was 4.2 KB, two thirds
 * of it for the profile, history and rewards pages; the teacher's 12.2 KB in English, of which
 * the layout and the groups page show 4.8).
 */
export const LANGUAGES = ['en', 'fi', 'sv'] as const;
export const AREAS = ['public', 'info', 'community', 'demo', 'auth', 'teacher', 'student'] as const;
export type Area = (typeof AREAS)[number];

/** Pages with a bundle of their own, named `<area>-<page>`; each is one of its area's roots (AREA_ROOTS). */
export const PAGE_BUNDLES = {
  'student-home': { area: 'student', root: 'features/student/components/student-home.tsx' },
  'student-history': { area: 'student', root: 'features/history/components/student-history-page.tsx' },
  'student-profile': { area: 'student', root: 'features/account/components/student-profile.tsx' },
  'student-rewards': { area: 'student', root: 'features/student-rewards/components/student-rewards-page.tsx' },
  // The teacher's pages that show sections of their own (the home and the coin shop's pages show
  // none that the layout does not: they need no file of their own).
  'teacher-groups': { area: 'teacher', root: 'features/groups/components/groups-page.tsx' },
  'teacher-member': { area: 'teacher', root: 'app/routes/member-route.tsx' },
  'teacher-todos': { area: 'teacher', root: 'app/routes/todos-route.tsx' },
  'teacher-shared': { area: 'teacher', root: 'app/routes/shared-route.tsx' },
  'teacher-rewards': { area: 'teacher', root: 'app/routes/rewards-route.tsx' },
  'teacher-community': { area: 'teacher', root: 'app/routes/teacher-community-route.tsx' },
  'teacher-upgrades': { area: 'teacher', root: 'features/shop/components/upgrades-page.tsx' },
  'teacher-profile': { area: 'teacher', root: 'features/account/components/teacher-profile.tsx' },
  // Issue 32: the class board (full screen, its own frame) and the remote that runs it.
  'teacher-board': { area: 'teacher', root: 'features/groups/components/board-page.tsx' },
  'teacher-remote': { area: 'teacher', root: 'features/groups/components/remote-page.tsx' },
  // Issue 33: the class report.
  'teacher-report': { area: 'teacher', root: 'features/groups/components/report-page.tsx' },
  // Issue 33: a group's rewards to hand out.
  'teacher-handout': { area: 'teacher', root: 'features/handout/components/handout-page.tsx' },
} as const satisfies Record<string, { area: Area; root: string }>;
export type PageBundle = keyof typeof PAGE_BUNDLES;
export type Bundle = 'core' | Area | PageBundle;

const pagesOf = (area: Area): string[] => Object.values(PAGE_BUNDLES).flatMap((page) => (page.area === area ? [page.root] : []));

/** Where each area's routes start (relative to src/); router.tsx's every page and layout module must be reached from one. */
export const AREA_ROOTS: Record<Area, string[]> = {
  public: ['app/routes/front-routes.tsx'],
  // The visitor's reading pages (about, tutorials, legal texts, contact): long texts the front page never loads.
  info: ['app/routes/info-routes.tsx', 'app/routes/contact-route.tsx'],
  // The visitor's community browser: its texts (categories, targets, the browser's) stay off the front page.
  community: ['app/routes/community-route.tsx'],
  // The demo at /proto: its frame around the two views (the views are the teacher's and student's areas).
  demo: ['app/routes/proto-route.tsx'],
  auth: ['app/routes/auth-routes.tsx', 'app/routes/sso-route.tsx'],
  teacher: [
    'app/layouts/teacher-layout.tsx',
    'app/layouts/shop-layout.tsx',
    'app/routes/member-route.tsx',
    'app/routes/todos-route.tsx',
    'app/routes/shared-route.tsx',
    'app/routes/rewards-route.tsx',
    'app/routes/teacher-community-route.tsx',
    'features/teacher/components/teacher-home.tsx',
    'features/groups/components/groups-page.tsx',
    'features/shop/components/coins-page.tsx',
    'features/shop/components/checkout-page.tsx',
    'features/shop/components/payment-success-page.tsx',
    'features/shop/components/upgrades-page.tsx',
    'features/account/components/teacher-profile.tsx',
    'features/groups/components/board-page.tsx',
    'features/groups/components/remote-page.tsx',
    'features/groups/components/report-page.tsx',
    'features/handout/components/handout-page.tsx',
  ],
  // The layout and the tasks page, a student's first page in a lesson, whose texts come in the
  // area's bundle (one file fewer on that first load, as their code comes in one chunk:
  // build/area-chunks.ts); the other pages, each with its bundle (PAGE_BUNDLES).
  student: ['app/layouts/student-layout.tsx', 'features/student-todos/components/student-todos-page.tsx', ...pagesOf('student')],
};

const ENTRY = 'main.tsx';
const ROUTER = 'app/router.tsx';
const VIRTUAL = 'virtual:locale/';
/** The id a bundle of texts has in the module graph. */
export const LOCALE_MODULE = `\0${VIRTUAL}`;

type Messages = Record<string, unknown>;

interface SourceFile {
  imports: string[];
  lazyImports: string[];
  text: string;
}

function readSource(src: string, file: string): SourceFile {
  const text = readFileSync(join(src, file), 'utf8');
  const resolveImport = (specifier: string) => relative(src, resolve(dirname(join(src, file)), specifier));
  const local = (specifiers: string[]) => specifiers.filter((s) => s.startsWith('.') && /\.(tsx?|json)$/.test(s)).map(resolveImport);
  const staticOnes = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? m[2] ?? '');
  const lazyOnes = [...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? '');
  return { imports: local(staticOnes), lazyImports: local(lazyOnes), text };
}

function sourceFiles(src: string, dir = ''): string[] {
  return readdirSync(join(src, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(src, path)).isDirectory()) return sourceFiles(src, path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every file reached from `roots`, through static imports and (with `lazy`) on-demand ones too. */
function reach(files: Map<string, SourceFile>, roots: string[], lazy: boolean): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    const source = files.get(file);
    if (!source) throw new Error(`locale bundles: ${file} is not a source file under src/`);
    seen.add(file);
    queue.push(...source.imports.filter((f) => files.has(f)), ...(lazy ? source.lazyImports.filter((f) => files.has(f)) : []));
  }
  return seen;
}

function sectionsShownBy(files: Map<string, SourceFile>, reached: Set<string>, sections: string[]): Set<string> {
  const shown = new Set<string>();
  for (const file of reached) {
    const { text } = files.get(file) ?? { text: '' };
    for (const section of sections) {
      if (new RegExp(`['"\`]${section}\\.`).test(text)) shown.add(section);
    }
  }
  return shown;
}

/** The sections of each bundle: core, each area's less core, each page's less core and its area's. Throws when a route module belongs to no area. */
export function planBundles(src: string, sections: string[]): Record<Bundle, string[]> {
  const files = new Map(sourceFiles(src).map((file) => [file, readSource(src, file)]));
  const shown = (roots: string[], lazy: boolean) => sectionsShownBy(files, reach(files, roots, lazy), sections);
  const core = shown([ENTRY], false);
  const pages = Object.entries(PAGE_BUNDLES) as [PageBundle, (typeof PAGE_BUNDLES)[PageBundle]][];
  const plan: Record<string, string[]> = { core: [...core].sort() };
  const covered = new Set<string>();
  for (const area of AREAS) {
    const roots = AREA_ROOTS[area];
    for (const file of reach(files, roots, true)) covered.add(file);
    const ownPages = pages.filter(([, page]) => page.area === area);
    const shared = shown(roots.filter((root) => !ownPages.some(([, page]) => page.root === root)), true);
    plan[area] = [...shared].filter((section) => !core.has(section)).sort();
    for (const [name, { root }] of ownPages) {
      plan[name] = [...shown([root], true)].filter((section) => !core.has(section) && !shared.has(section)).sort();
    }
  }
  // Pages and layouts; lib/ modules the router loads (TanStack Query's provider) show no text.
  const routeModules = (files.get(ROUTER)?.lazyImports ?? []).filter((file) => !file.startsWith('lib/'));
  const lost = routeModules.filter((file) => !covered.has(file));
  if (lost.length > 0) throw new Error(`locale bundles: route modules outside every area (add them to AREA_ROOTS): ${lost.join(', ')}`);
  return plan as Record<Bundle, string[]>;
}

function pick(messages: Messages, sections: string[]): Messages {
  return Object.fromEntries(sections.filter((section) => section in messages).map((section) => [section, messages[section]]));
}

/** Where the build puts a bundle of texts: a path the app computes (src/lib/i18n.ts, localeUrl), in a folder named by the texts' version. */
export function localeFile(version: string, language: string, bundle: string): string {
  return `assets/locale/${version}/${language}/${bundle}.js`;
}

/** The version of every language's texts as bundled: it changes when a text or the plan does, and names their folder. */
function localeVersion(src: string, plan: Record<string, string[]>): string {
  const hash = createHash('sha256').update(JSON.stringify(plan));
  for (const language of LANGUAGES) hash.update(readFileSync(join(src, `locales/${language}.json`)));
  return hash.digest('hex').slice(0, 10);
}

/**
 * Serves `virtual:locale/<language>/<bundle>` from src/locales/<language>.json. The build emits
 * each as a file of its own at a path the app computes from the language and the bundle
 * (localeFile, with the version in `__KOLIKKO_LOCALE_VERSION__`), so the first chunk holds no
 * table of every language's every file name: a language more costs the pages no byte
 * (docs/decisions.md). The dev server serves them as the virtual modules they are.
 */
export function localeBundles(): Plugin {
  let src = '';
  let plan: Record<string, string[]> | null = null;
  let building = false;
  /** The build's version, computed once with the config: the define and the file names share it. */
  let version = 'dev';
  const planned = () => {
    if (!plan) {
      const en = JSON.parse(readFileSync(join(src, 'locales/en.json'), 'utf8')) as Messages;
      plan = planBundles(src, Object.keys(en));
    }
    return plan;
  };
  return {
    name: 'kolikko:locale-bundles',
    config(user, { command }) {
      building = command === 'build';
      src = join(user.root ?? process.cwd(), 'src');
      // The build's version; the dev server's app asks for the virtual modules and needs none.
      if (building) version = localeVersion(src, planned());
      return { define: { __KOLIKKO_LOCALE_VERSION__: JSON.stringify(version) } };
    },
    configResolved(config) {
      src = join(config.root, 'src');
    },
    buildStart() {
      plan = null;
      if (!building) return;
      for (const language of LANGUAGES) {
        for (const bundle of Object.keys(planned())) {
          // Its export is what the app imports: kept, whatever the build does with entries' signatures.
          this.emitFile({ type: 'chunk', id: `${VIRTUAL}${language}/${bundle}`, fileName: localeFile(version, language, bundle), preserveSignature: 'strict' });
        }
      }
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(LOCALE_MODULE)) return null;
      const [language = '', bundle = ''] = id.slice(VIRTUAL.length + 1).split('/');
      const sections = planned()[bundle];
      const file = join(src, `locales/${language}.json`);
      if (!sections || !existsSync(file)) throw new Error(`unknown locale bundle ${id.slice(1)}`);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(pick(JSON.parse(readFileSync(file, 'utf8')) as Messages, sections))};`;
    },
  };
}
