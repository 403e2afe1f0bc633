import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, LANGUAGE_STORAGE_KEY } from '@kolikko/core/limits';
import en from '../locales/en.json';
import fi from '../locales/fi.json';

export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
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

/** Spec section 1: the stored choice, else the browser language when it is Finnish, else English. */
function initialLanguage(): Language {
  const stored = readStoredLanguage();
  if (stored) return stored;
  const browser = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return browser.some((tag) => tag.toLowerCase().startsWith('fi')) ? 'fi' : 'en';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, fi: { translation: fi } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Switches the interface language and remembers the choice in local storage. */
export function setLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not being able to remember the choice is harmless: it still applies to this visit.
  }
  void i18n.changeLanguage(language);
}
