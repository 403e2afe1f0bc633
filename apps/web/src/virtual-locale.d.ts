/** A bundle of one language's texts (apps/web/build/locale-bundles.ts). */
declare module 'virtual:locale/*' {
  type Messages = { [key: string]: string | Messages };
  const messages: Messages;
  export default messages;
}
