/** A bundle of one language's texts (apps/web/build/locale-bundles.ts). */
declare module 'virtual:locale/*' {
  type Messages = { [key: string]: string | Messages };
  const messages: Messages;
  export default messages;
}

/** The version of the build's texts, which names their folder (apps/web/build/locale-bundles.ts, localeFile). */
declare const __KOLIKKO_LOCALE_VERSION__: string;
