import { dirname, resolve, sep } from 'node:path';
import type { CodeSplittingGroup } from 'rolldown';
import { AREA_ROOTS, LOCALE_MODULE } from './locale-bundles.ts';

/**
 * Chunks by what pages always load together (issue 13). Rolldown's automatic splitting makes a
 * chunk of every set of modules that the same lazy entries (route pages, layouts, dialogs) share:
 * a student's first load of /student/todos was 80 files, and brotli packs many small files much
 * worse than one (each file starts with an empty dictionary). This group puts each module in one
 * of a few chunks, judged from the module graph:
 *
 * - `app`: everything the entry (main.tsx) imports, which rolldown otherwise split into eight
 *   files whenever a lazy chunk shared a module with it: one file with the entry.
 * - `base`: what the front page needs and the signed-in areas need too (a layout's, or pages' of
 *   both areas): Mantine's buttons, texts and layout pieces, the icons, the logo, the banner.
 * - `common`: what the pages of both signed-in areas use widely (a quarter of all route entries
 *   or more) and a layout or a lesson's page needs, or both signed-in layouts need: inputs, badges, alerts, skeletons, the live-update
 *   hook, the unread count. The sign-in pages, which need most of it, load it too.
 * - `student-area`, `teacher-area`: what one area's layout needs and no page of the other area.
 * - The student's first load in a lesson (the layout and the tasks page) is one chunk besides
 *   these: `student-area` holds the two route modules themselves, what only they import and what
 *   they share with other student pages; what they share with any other signed-in page goes into
 *   `common`. On a phone each file costs some 350 bytes of headers and its own compression: the
 *   load was 16 script files, 126 KB on the wire, and is 8, 120 KB (bench/README.md, "What
 *   crosses the wire"). The student's other pages load the tasks page's code with the layout.
 * - The teacher's lesson page (the groups: the class and its coins): what it shares with the
 *   teacher's other pages or dialogs goes into `teacher-area`, which its first load fetches anyway,
 *   instead of a small file of its own (bench/README.md, "Fewer files and smaller texts on the
 *   lesson pages"); the area's other pages load a little more instead.
 *
 * Everything else keeps rolldown's automatic chunks: a page's own modules stay in its chunk, and
 * what only dialogs, the chat or the editor import still loads when they open. A module that
 * imports a lazily loaded one stays out of the groups, or two chunks would import each other.
 * `KOLIKKO_CHUNK_DEBUG=1 npx vite build` prints each module's group.
 */

type Area = 'front' | 'visitor' | 'demo' | 'student' | 'teacher' | 'other';

/** Share of the route entries that makes a module of both signed-in areas "widely used" (`common`). */
const COMMON_SHARE = 0.25;

const SRC = `${sep}src${sep}`;
const STUDENT_LAYOUT = `${SRC}app${sep}layouts${sep}student-layout.tsx`;
const TEACHER_LAYOUT = `${SRC}app${sep}layouts${sep}teacher-layout.tsx`;
/** The page of each area a lesson runs on: the student's tasks, the teacher's groups. */
const STUDENT_LESSON_PAGE = `${SRC}features${sep}student-todos${sep}components${sep}student-todos-page.tsx`;
const TEACHER_LESSON_PAGE = `${SRC}features${sep}groups${sep}components${sep}groups-page.tsx`;

/** Each route entry's area, from the locale bundles' area roots (build/locale-bundles.ts), which must cover every page and layout of router.tsx. */
const ROUTE_AREAS = new Map<string, Area>(
  Object.entries(AREA_ROOTS).flatMap(([area, roots]) =>
    roots.map((root): [string, Area] => [`${SRC}${root.split('/').join(sep)}`, area === 'public' ? 'front' : area === 'student' || area === 'teacher' || area === 'demo' ? area : 'visitor']),
  ),
);

function routeArea(id: string): Area | undefined {
  const at = id.lastIndexOf(SRC);
  return at < 0 ? undefined : ROUTE_AREAS.get(id.slice(at));
}

/** Packages whose index only re-exports (`import { X } from "./x.mjs"; export { X }`): whoever imports the index needs only the modules of the names it imports. */
const BARREL = /[\\/]node_modules[\\/](@mantine[\\/](?:core|hooks))[\\/]esm[\\/]index\.mjs$/;

interface GraphModule {
  code: string | null;
  importers: string[];
  importedIds: string[];
  dynamicImporters: string[];
  dynamicallyImportedIds: string[];
  isEntry: boolean;
}

interface Graph {
  getModuleInfo(id: string): GraphModule | null;
}

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

/** `{ a, b as c, type d }` → the imported names (a, b, d). */
function importedNames(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '')
    .filter(Boolean);
}

/** The chunk group of each module (null: rolldown's automatic chunking), from the module graph. */
export function areaOf(graph: Graph): (id: string) => string | null {
  const info = (id: string) => graph.getModuleInfo(id);
  const isLazy = (module: GraphModule) => module.dynamicImporters.length > 0;

  /** A barrel's names → the module that defines each. */
  const barrels = new Map<string, Map<string, string>>();
  function barrelExports(barrel: string): Map<string, string> {
    let names = barrels.get(barrel);
    if (names) return names;
    names = new Map();
    for (const [, list = '', from = ''] of info(barrel)?.code?.matchAll(NAMED_IMPORT) ?? []) {
      for (const name of importedNames(list)) names.set(name, resolve(dirname(barrel), from));
    }
    barrels.set(barrel, names);
    return names;
  }

  /** The modules that import a module, seeing through a barrel to the modules that import one of its names from it. */
  const importersCache = new Map<string, string[]>();
  function importersOf(id: string): string[] {
    const cached = importersCache.get(id);
    if (cached) return cached;
    const importers = new Set<string>();
    for (const importer of info(id)?.importers ?? []) {
      const pkg = BARREL.exec(importer)?.[1]?.split('\\').join('/');
      if (!pkg) {
        importers.add(importer);
        continue;
      }
      const names = barrelExports(importer);
      for (const user of info(importer)?.importers ?? []) {
        const code = info(user)?.code ?? '';
        const uses = [...code.matchAll(NAMED_IMPORT)].some(([, list = '', from]) => from === pkg && importedNames(list).some((name) => names.get(name) === id));
        if (uses) importers.add(user);
      }
    }
    const list = [...importers];
    importersCache.set(id, list);
    return list;
  }

  /** The entries (main.tsx and every lazily imported module) whose static imports reach a module. */
  const entriesCache = new Map<string, string[]>();
  function entriesOf(id: string): string[] {
    const cached = entriesCache.get(id);
    if (cached) return cached;
    const found: string[] = [];
    const seen = new Set([id]);
    const queue = [id];
    for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
      const module = info(current);
      if (!module) continue;
      if (module.isEntry || isLazy(module)) found.push(current);
      for (const importer of importersOf(current)) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        queue.push(importer);
      }
    }
    entriesCache.set(id, found);
    return found;
  }

  /**
   * The areas an entry is used in: a route's own, any other lazy module's those of whoever imports
   * it. Lazy modules that load each other (a dialog that opens a menu that opens the dialog) add
   * nothing to each other: a way back to an entry already on the way is no area, and only a
   * look-up that met none of those is kept.
   */
  const areasCache = new Map<string, Set<Area>>();
  function areasOfEntry(entry: string, seen = new Set<string>()): { areas: Set<Area>; complete: boolean } {
    const route = routeArea(entry);
    if (route) return { areas: new Set([route]), complete: true };
    const cached = areasCache.get(entry);
    if (cached) return { areas: cached, complete: true };
    const module = info(entry);
    if (!module || module.isEntry) return { areas: new Set(['other']), complete: true };
    if (seen.has(entry)) return { areas: new Set(), complete: false };
    seen.add(entry);
    const areas = new Set<Area>();
    let complete = true;
    for (const importer of module.dynamicImporters) {
      for (const e of entriesOf(importer)) {
        const found = areasOfEntry(e, seen);
        for (const area of found.areas) areas.add(area);
        complete &&= found.complete;
      }
    }
    seen.delete(entry);
    if (!complete) return { areas, complete };
    if (areas.size === 0) areas.add('other');
    areasCache.set(entry, areas);
    return { areas, complete };
  }
  const areasOf = (entry: string): Set<Area> => {
    const { areas } = areasOfEntry(entry);
    return areas.size > 0 ? areas : new Set(['other']);
  };

  /** Whether a module's static imports reach a lazily loaded module. */
  const reachesLazyCache = new Map<string, boolean>();
  function reachesLazy(id: string, seen = new Set<string>()): boolean {
    const cached = reachesLazyCache.get(id);
    if (cached !== undefined) return cached;
    if (seen.has(id)) return false;
    seen.add(id);
    const result = (info(id)?.importedIds ?? []).some((dep) => {
      const module = info(dep);
      return !!module && !BARREL.test(dep) && (isLazy(module) || reachesLazy(dep, seen));
    });
    reachesLazyCache.set(id, result);
    return result;
  }

  /** How many route entries there are: the router, which lazily imports one, lazily imports them all. */
  let routeTotal = 0;
  function routeCount(routes: string[]): number {
    if (routeTotal > 0) return routeTotal;
    const all = new Set<string>();
    for (const route of routes) {
      for (const router of info(route)?.dynamicImporters ?? []) {
        for (const lazy of info(router)?.dynamicallyImportedIds ?? []) if (routeArea(lazy)) all.add(lazy);
      }
    }
    routeTotal = all.size;
    return routeTotal;
  }

  /** The student's first load in a lesson: the layout and the tasks page, one chunk with what only they import. */
  const isStudentFirstLoad = (entry: string) => entry.endsWith(STUDENT_LAYOUT) || entry.endsWith(STUDENT_LESSON_PAGE);

  return (id) => {
    const own = info(id);
    if (!own) return null;
    if (isStudentFirstLoad(id)) return 'student-area';
    // A bundle of texts is a file of its own, emitted as an entry (build/locale-bundles.ts).
    if (isLazy(own) || BARREL.test(id) || id.startsWith(LOCALE_MODULE)) return null;
    const entries = entriesOf(id);
    if (entries.length === 0) return null;
    if (entries.some((entry) => info(entry)?.isEntry)) return 'app';
    if (entries.every(isStudentFirstLoad)) return 'student-area';
    // A module of one lazy entry only is in that entry's chunk already.
    if (entries.length === 1 || reachesLazy(id)) return null;

    const routes = entries.filter((entry) => routeArea(entry));
    const routeAreas = new Set(routes.map(routeArea));
    const bothAreas = routeAreas.has('student') && routeAreas.has('teacher');
    const student = entries.some((entry) => entry.endsWith(STUDENT_LAYOUT));
    const teacher = entries.some((entry) => entry.endsWith(TEACHER_LAYOUT));
    if (routeAreas.has('front')) return student || teacher || bothAreas ? 'base' : null;
    // Widely used, and needed by a layout or a lesson's page (what a lesson's first load fetches
    // anyway): a module only other pages and dialogs use, however many, stays out of `common`, or
    // every student's first load would carry it (Mantine's ScrollArea and floating-ui, through
    // dialogs and new teacher pages, once added 18 KB to /student/todos: bench/web-budgets.mjs).
    const teacherLesson = entries.some((entry) => entry.endsWith(TEACHER_LESSON_PAGE));
    const firstLoad = teacher || teacherLesson || entries.some(isStudentFirstLoad);
    if (bothAreas && firstLoad && routes.length >= Math.max(3, Math.ceil(COMMON_SHARE * routeCount(routes)))) return 'common';

    // The demo's page frames both areas' pages, which load their areas' chunks anyway: what it
    // shares with them may sit in those chunks.
    const areas = new Set(entries.flatMap((entry) => [...areasOf(entry)]).filter((area) => area !== 'demo'));
    const only = (area: Area) => [...areas].every((a) => a === area);
    // What the student's first load needs and other pages share: in the student's chunk when only
    // student pages share it, else in `common`, which that load fetches too, never a file of its own
    // (each file a phone fetches costs it some 350 bytes of headers: bench/README.md, "What crosses the wire").
    if (entries.some(isStudentFirstLoad) && !areas.has('front')) return only('student') ? 'student-area' : 'common';
    if (areas.has('visitor') || areas.has('other') || areas.has('front')) return null;
    if (teacher && !areas.has('student')) return 'teacher-area';
    // What the teacher's lesson page shares with the teacher's other pages or dialogs: in a chunk
    // its first load fetches anyway, instead of a small file of its own.
    if (teacherLesson && only('teacher')) return 'teacher-area';
    return null;
  };
}

/** The group for `build.rolldownOptions.output.codeSplitting.groups` (vite.config.ts). */
export function areaChunkGroup(): CodeSplittingGroup {
  // One chunking context per build's chunking pass: a watch rebuild gets a fresh graph.
  const passes = new WeakMap<object, (id: string) => string | null>();
  const debug = process.env.KOLIKKO_CHUNK_DEBUG === '1';
  return {
    debugName: 'area',
    name: (id, ctx) => {
      let area = passes.get(ctx);
      if (!area) {
        area = areaOf(ctx);
        passes.set(ctx, area);
      }
      const name = area(id);
      if (debug) process.stdout.write(`[area] ${name ?? '-'} ${id}\n`);
      return name;
    },
  };
}
