/** Spec section 9: dates read d.m.yyyy in both languages. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()}.${date.getMonth() + 1}.${date.getFullYear()}`;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** Spec section 9: the time beside a date reads HH:MM (24 hours) in both languages. */
export function formatTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** d.m.yyyy HH:MM (spec section 9). */
export function formatDateTime(value: string | Date): string {
  const date = formatDate(value);
  return date === '' ? '' : `${date} ${formatTime(value)}`;
}

/** A reward's time left as minutes:seconds (spec section 4), rounded up so 0:00 means it is over. */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  return `${pad2(Math.floor(totalSeconds / 60))}:${pad2(totalSeconds % 60)}`;
}

/** The local calendar day of a moment as yyyy-mm-dd: the key history groups its entries by. */
export function localDayKey(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/**
 * Spec section 9's long header date in the language of the page, e.g. "Monday 5 January 2026";
 * Swedish as Finland writes it ("måndag 5 januari 2026").
 */
export function formatLongDate(value: string | Date, language: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language.startsWith('sv') ? 'sv-FI' : language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** The number formats of a page language: Finnish writes 12,55 €, Swedish in Finland 12,55 €, English €12.55. */
function numberLocale(language: string): string {
  if (language.startsWith('fi')) return 'fi-FI';
  return language.startsWith('sv') ? 'sv-FI' : 'en-IE';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the page's language writes it: 7 200 and 2,5 in Finnish and Swedish, 7,200 and
 * 2.5 in English. A whole number under 1 000 reads the same in every language and skips `Intl`
 * (its first formatter of a page costs milliseconds, as the coin badge's does).
 */
export function formatNumber(value: number, language: string): string {
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  const locale = numberLocale(language);
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/** Spec section 9: prices are integer cents, shown as euros with two decimals in the page's language. */
export function formatEuros(cents: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** A rate in thousandths (VAT 255 = 25.5 %) as a percentage in the page's language. */
export function formatPermille(permille: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(permille / 1000);
}
