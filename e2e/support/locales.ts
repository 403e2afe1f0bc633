import { readFileSync } from 'node:fs';

type Tree = { [key: string]: string | Tree };
const load = (lang: string): Tree => JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/${lang}.json`, import.meta.url), 'utf8'));
const locales = { en: load('en'), fi: load('fi'), sv: load('sv') };

/** The text a person reads for a key, so tests assert what the screen says in any of its languages. */
export function text(lang: 'en' | 'fi' | 'sv', key: string, vars: Record<string, string | number> = {}): string {
  let node: string | Tree | undefined = locales[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  // Error codes contain a dot themselves (errors.GROUP.LOCKED), so nested lookup covers them.
  if (typeof node !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`)).replace(/<\/?\w+>/g, '');
}
