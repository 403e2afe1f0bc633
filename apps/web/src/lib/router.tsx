import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

/**
 * The web app's router: React Router's route objects and hooks, the part of them this app uses,
 * in 3 KB instead of React Router's 35 KB (brotli) on every page's first load (docs/decisions.md,
 * issue 13). Routes nest (layouts render an `Outlet`), match by React Router's ranking (static
 * segments before `:params` before `*`), and load on demand (`lazy`): a navigation commits once
 * the chunks of every route it shows are in, so the page never shows half-loaded.
 */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  lazy?: () => Promise<{ Component: ComponentType }>;
  children?: RouteObject[];
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry passed as `state`. */
  state: unknown;
  /** Tells history entries apart (scroll positions are kept per entry). */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Params = Record<string, string>;
type Action = 'POP' | 'PUSH' | 'REPLACE';

interface Match {
  route: RouteObject;
  params: Params;
}

interface RouterState {
  location: Location;
  matches: Match[];
  action: Action;
}

export interface Router {
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  subscribe(listener: () => void): () => void;
  getState(): RouterState;
  /** Settles when the first location's route chunks are in: render after it. */
  ready: Promise<void>;
}

interface Branch {
  pattern: string[];
  score: number;
  routes: RouteObject[];
}

interface HistoryEntryState {
  usr?: unknown;
  key?: string;
}

const STATIC_SEGMENT = 10;
const DYNAMIC_SEGMENT = 3;
const INDEX_ROUTE = 2;
const SPLAT_PENALTY = -2;

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

/** React Router's score: the most specific route wins whatever the order they are listed in. */
function scoreOf(pattern: string[], index: boolean): number {
  let score = pattern.length + (index ? INDEX_ROUTE : 0);
  for (const segment of pattern) {
    if (segment === '*') score += SPLAT_PENALTY;
    else score += segment.startsWith(':') ? DYNAMIC_SEGMENT : STATIC_SEGMENT;
  }
  return score;
}

/** Every route that can match by itself (it has a path, or is an index route), with its ancestors; children first. */
function flatten(routes: RouteObject[], parentPattern: string[] = [], parents: RouteObject[] = [], out: Branch[] = []): Branch[] {
  for (const route of routes) {
    const pattern = [...parentPattern, ...segmentsOf(route.path ?? '')];
    const chain = [...parents, route];
    if (route.children) flatten(route.children, pattern, chain, out);
    if (route.path !== undefined || route.index) out.push({ pattern, score: scoreOf(pattern, route.index === true), routes: chain });
  }
  return out;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPattern(pattern: string[], pathname: string): Params | null {
  const segments = segmentsOf(pathname);
  const params: Params = {};
  for (const [i, part] of pattern.entries()) {
    if (part === '*') {
      params['*'] = segments.slice(i).map(decode).join('/');
      return params;
    }
    const segment = segments[i];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = decode(segment);
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return pattern.length === segments.length ? params : null;
}

function matchRoutes(branches: Branch[], pathname: string): Match[] {
  for (const branch of branches) {
    const params = matchPattern(branch.pattern, pathname);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return [];
}

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = (window.history.state ?? {}) as HistoryEntryState;
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  const branches = flatten(routes).sort((a, b) => b.score - a.score);
  const listeners = new Set<() => void>();
  let state: RouterState = { location: readLocation(), matches: [], action: 'POP' };
  let latest = 0;

  async function load(matches: Match[]): Promise<void> {
    await Promise.all(
      matches.map(async ({ route }) => {
        if (route.lazy && !route.Component) route.Component = (await route.lazy()).Component;
      }),
    );
  }

  /** Shows `location` once its routes are loaded; `write` puts it in the address bar at that moment. */
  async function commit(location: Location, action: Action, write?: () => void): Promise<void> {
    const id = ++latest;
    const matches = matchRoutes(branches, location.pathname);
    try {
      await load(matches);
    } catch {
      // A chunk that cannot be fetched (a new version was deployed meanwhile): load the page afresh.
      window.location.assign(location.pathname + location.search + location.hash);
      return;
    }
    if (id !== latest) return;
    write?.();
    state = { location, matches, action };
    for (const listener of listeners) listener();
  }

  window.history.scrollRestoration = 'manual';
  window.addEventListener('popstate', () => void commit(readLocation(), 'POP'));

  return {
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        window.history.go(to);
        return Promise.resolve();
      }
      const url = new URL(to, window.location.href);
      const href = url.pathname + url.search + url.hash;
      const current = window.location.pathname + window.location.search + window.location.hash;
      const replace = options.replace === true || href === current;
      const key = newKey();
      const entry: HistoryEntryState = { usr: options.state, key };
      const location: Location = { pathname: url.pathname, search: url.search, hash: url.hash, state: options.state ?? null, key };
      return commit(location, replace ? 'REPLACE' : 'PUSH', () => {
        if (replace) window.history.replaceState(entry, '', href);
        else window.history.pushState(entry, '', href);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    ready: commit(state.location, 'POP'),
  };
}

interface RouteContextValue {
  router: Router;
  location: Location;
  params: Params;
}

const RouteContext = createContext<RouteContextValue | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRoute(): RouteContextValue {
  const value = useContext(RouteContext);
  if (!value) throw new Error('outside RouterProvider');
  return value;
}

function renderMatches(matches: Match[], level = 0): ReactNode {
  const match = matches[level];
  if (!match) return null;
  const { route } = match;
  const element = route.element ?? (route.Component ? <route.Component /> : <Outlet />);
  return <OutletContext.Provider value={renderMatches(matches, level + 1)}>{element}</OutletContext.Provider>;
}

/** Scroll positions by history entry: back and forward return to where the page was; a new page starts at the top. */
const scrollPositions = new Map<string, number>();

function useScrollRestoration({ location, action }: RouterState): void {
  useEffect(() => {
    const save = () => scrollPositions.set(location.key, window.scrollY);
    window.addEventListener('pagehide', save);
    return () => {
      save();
      window.removeEventListener('pagehide', save);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    if (action === 'POP') {
      window.scrollTo(0, scrollPositions.get(location.key) ?? 0);
      return;
    }
    const target = location.hash ? document.getElementById(decode(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, action]);
}

export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(router.subscribe, router.getState);
  useScrollRestoration(state);
  const value = useMemo(
    () => ({ router, location: state.location, params: Object.assign({}, ...state.matches.map((match) => match.params)) as Params }),
    [router, state],
  );
  return <RouteContext.Provider value={value}>{renderMatches(state.matches)}</RouteContext.Provider>;
}

/** Where a layout route shows the route nested in it. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

export function useLocation(): Location {
  return useRoute().location;
}

/** How the current location was reached: a link or navigate (PUSH, REPLACE), or the browser's back and forward or a load (POP). */
export function useNavigationType(): Action {
  return useRoute().router.getState().action;
}

export function useParams(): Partial<Params> {
  return useRoute().params;
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => Promise<void> {
  return useRoute().router.navigate;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: NavigateOptions) => void] {
  const { router, location } = useRoute();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: URLSearchParams, options?: NavigateOptions) => {
      const search = next.toString();
      void router.navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, options);
    },
    [router, location.pathname, location.hash],
  );
  return [params, setParams];
}

/** Goes to `to` when rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  NavigateOptions & {
    to: string;
    ref?: Ref<HTMLAnchorElement>;
  };

/** A plain click that the browser would follow in this tab; a modified one (new tab, download) is left to it. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

export function Link({ to, replace, state, onClick, target, ref, ...rest }: LinkProps) {
  const { router } = useRoute();
  return (
    <a
      {...rest}
      ref={ref}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target)) return;
        event.preventDefault();
        void router.navigate(to, { replace, state });
      }}
    />
  );
}

/** A Link that says when it is the current page (`aria-current="page"`): on its path or below it (`/` only on itself). */
export function NavLink({ to, ...rest }: LinkProps) {
  const { pathname } = useLocation();
  const path = new URL(to, window.location.href).pathname.replace(/\/+$/, '');
  const current = pathname.replace(/\/+$/, '');
  const active = current.toLowerCase() === path.toLowerCase() || (path !== '' && current.toLowerCase().startsWith(`${path.toLowerCase()}/`));
  return <Link to={to} aria-current={active ? 'page' : undefined} {...rest} />;
}
