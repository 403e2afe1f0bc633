import type { TFunction } from './i18n.ts';
import { LANGUAGES } from '@kolikko/core/limits';

/**
 * A value for a placeholder of a banner's text. Words are kept as what to translate, not as
 * translated text, and translated when the banner is drawn: a change of language while it
 * shows then changes them with the rest of the sentence.
 */
export type BannerValue =
  | string
  | number
  /** A text of its own translation key, e.g. "7 coins". */
  | { key: string; values?: Record<string, string | number> }
  /** A name the server gives in its languages (English always), e.g. a character part's. */
  | { localized: Partial<Record<(typeof LANGUAGES)[number], string>> & { en: string } };

export type BannerValues = Record<string, BannerValue>;

/** An amount of coins as a banner value ("1 coin", "7 kolikkoa"). */
export function coinsValue(count: number): BannerValue {
  return { key: 'common.coinsAmount', values: { count } };
}

function resolveValue(value: BannerValue, t: TFunction, language: string): string | number {
  if (typeof value !== 'object') return value;
  if ('localized' in value) return value.localized[LANGUAGES.find((known) => known === language) ?? 'en'] ?? value.localized.en;
  return t(value.key, value.values);
}

/** The banner's text in the given language, its values translated along with it. */
export function bannerText(banner: { messageKey: string; values?: BannerValues }, t: TFunction, language: string): string {
  const values = Object.fromEntries(
    Object.entries(banner.values ?? {}).map(([name, value]) => [name, resolveValue(value, t, language)]),
  );
  return t(banner.messageKey, values);
}
