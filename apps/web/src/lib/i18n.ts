import { cloneElement, createElement, Fragment, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { LANGUAGES, LANGUAGE_STORAGE_KEY } from '@kolikko/core/limits';
import { formatNumber } from './format.ts';

/**
 * The interface language: the translations of one language, loaded when it is chosen, and `t`.
 * It does what the locales need and no more: dotted keys, `{{name}}` values, `_one`/`_other`
 * plurals by the language's plural rules, `<tag>text</tag>` in `Trans`. i18next did the same in
 * 17 KB (brotli) on every page's first load (docs/decisions.md, issue 13).
 */
export type Language = (typeof LANGUAGES)[number];
export type TOptions = Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;
type Messages = { [key: string]: string | Messages };

export type LocaleBundle =
  | 'core'
  | 'public'
  | 'info'
  | 'community'
  | 'demo'
  | 'auth'
  | 'teacher'
  | 'student'
  | 'student-home'
  | 'student-history'
  | 'student-profile'
  | 'student-rewards'
  | 'teacher-groups'
  | 'teacher-member'
  | 'teacher-todos'
  | 'teacher-shared'
  | 'teacher-rewards'
  | 'teacher-community'
  | 'teacher-upgrades'
  | 'teacher-profile'
  | 'teacher-board'
  | 'teacher-remote'
  | 'teacher-report'
  | 'teacher-handout';

/**
 * Each language's texts come in bundles (apps/web/build/locale-bundles.ts): `core`, what every
 * page shows, one per area, what only that area's pages show, and one for each page that has its
 * own (the student's, and the teacher's that show more than the layout). A page downloads its
 * language's core, its area's bundle and its own, never another language or the other areas.
 * The build puts each at a path made of the texts' version, the language and the bundle; the
 * dev server serves it as the virtual module `virtual:locale/<language>/<bundle>`.
 */
function localeUrl(lang: Language, bundle: LocaleBundle): string {
  return import.meta.env.DEV ? `/@id/__x00__virtual:locale/${lang}/${bundle}` : `/assets/locale/${__KOLIKKO_LOCALE_VERSION__}/${lang}/${bundle}.js`;
}

async function loadBundle(lang: Language, bundle: LocaleBundle): Promise<Messages> {
  return ((await import(/* @vite-ignore */ localeUrl(lang, bundle))) as { default: Messages }).default;
}

const messages: Partial<Record<Language, Messages>> = {};
const loaded: Partial<Record<Language, Set<LocaleBundle>>> = {};
/** The bundles the pages shown so far needed: a language switch loads them in the new language. */
const wanted = new Set<LocaleBundle>(['core']);
const pluralRules: Partial<Record<Language, Intl.PluralRules>> = {};
const translators = new Map<Language, TFunction>();
const listeners = new Set<() => void>();

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((known) => known === value);
}

function lookup(dictionary: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = dictionary;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function pluralOf(lang: Language, count: number): string {
  pluralRules[lang] ??= new Intl.PluralRules(lang);
  return pluralRules[lang].select(count);
}

/**
 * `{{name}}` takes the option's value, a number written as the language writes it (7 200 mynt,
 * 7,200 coins); a value not given leaves nothing.
 */
function interpolate(lang: Language, text: string, options: TOptions): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = options[name];
    if (typeof value === 'number') return formatNumber(value, lang);
    return value === undefined || value === null ? '' : String(value);
  });
}

/** The text of `key` in a loaded language; the key itself when there is none (the locale tests keep both complete). */
export function translate(lang: Language, key: string, options?: TOptions): string {
  const dictionary = messages[lang];
  const count = options?.count;
  let text: string | undefined;
  if (typeof count === 'number') text = lookup(dictionary, `${key}_${pluralOf(lang, count)}`) ?? lookup(dictionary, `${key}_other`);
  text ??= lookup(dictionary, key);
  if (text === undefined) return key;
  return text.includes('{{') ? interpolate(lang, text, options ?? {}) : text;
}

/** One `t` per language, so a component memoized on `t` renders again when the language changes. */
function translatorFor(lang: Language): TFunction {
  let t = translators.get(lang);
  if (!t) {
    t = (key, options) => translate(lang, key, options);
    translators.set(lang, t);
  }
  return t;
}

async function loadBundles(lang: Language, bundles: Iterable<LocaleBundle>): Promise<void> {
  const have = (loaded[lang] ??= new Set());
  const missing = [...bundles].filter((bundle) => !have.has(bundle));
  const parts = await Promise.all(missing.map((bundle) => loadBundle(lang, bundle)));
  messages[lang] = Object.assign({}, messages[lang], ...parts);
  for (const bundle of missing) have.add(bundle);
}

/** Loads a bundle of texts in the current language (an area's route asks for its own before it shows). */
export function loadLocaleBundle(bundle: LocaleBundle): Promise<void> {
  wanted.add(bundle);
  return loadBundles(language, [bundle]);
}

/** Whether the current language's loaded texts have `key` (a text, not a section). */
export function hasText(key: string): boolean {
  return lookup(messages[language], key) !== undefined;
}

/** Every text of a language at once (tests). */
export function setAllMessages(lang: Language, all: Messages): void {
  messages[lang] = all;
}

function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    // Storage can be blocked (private mode, policies): fall back to the browser language.
    return null;
  }
}

/**
 * The first of the browser's languages that is Finnish or Swedish (`fi`, `fi-FI`; `sv`, `sv-FI`,
 * `sv-SE`: the part before the region counts), else English: as before Swedish, a Finnish
 * teacher's browser that lists English first and Finnish second opens in Finnish.
 */
export function browserLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary !== 'en' && isLanguage(primary)) return primary;
  }
  return 'en';
}

/** Spec section 1: the stored choice, else the browser's language when it is one of ours, else English. */
function initialLanguage(): Language {
  const stored = readStoredLanguage();
  if (stored) return stored;
  return browserLanguage(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
}

function show(lang: Language): void {
  language = lang;
  document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}

/** The language the page starts in; the first route's bundles load in it before startI18n runs. */
let language: Language = typeof window === 'undefined' ? 'en' : initialLanguage();

/** Loads the first language's core texts; the app renders after it (the page shell in index.html shows meanwhile). */
export async function startI18n(): Promise<void> {
  await loadBundles(language, wanted);
  show(language);
}

export function currentLanguage(): Language {
  return language;
}

/** Switches the interface language (once its translations are in) and remembers the choice in local storage. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Not being able to remember the choice is harmless: it still applies to this visit.
  }
  await loadBundles(lang, wanted);
  show(lang);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const i18n = {
  get language(): Language {
    return language;
  },
  changeLanguage: setLanguage,
};

/** The current language's `t`; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const lang = useSyncExternalStore(subscribe, () => language);
  return { t: translatorFor(lang), i18n };
}

/**
 * A translation with elements in it: each `<name>text</name>` of the text becomes
 * `components[name]` with that text as its children.
 */
export function Trans({ i18nKey, values, components }: { i18nKey: string; values?: TOptions; components: Record<string, ReactElement> }) {
  const { t } = useTranslation();
  return createElement(Fragment, null, ...withElements(t(i18nKey, values), components));
}

/** A text's `<name>text</name>` parts as `components[name]` with that text as children (the bare text for an unknown name). */
export function withElements(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    parts.push(text.slice(last, match.index));
    const [, name = '', inner = ''] = match;
    const element = components[name];
    parts.push(element ? cloneElement(element, { key: match.index }, inner) : inner);
    last = tag.lastIndex;
  }
  parts.push(text.slice(last));
  return parts;
}
