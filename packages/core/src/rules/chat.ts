/**
 * Chat messages are plain text. What is kept of what the user typed: line breaks become "\n",
 * control characters other than line feed and tab are dropped (they show as nothing or as boxes
 * and can hide text), and the whole is trimmed. Everything else, "<" and "&" included, is stored
 * and answered as given: the web renders it as text, never as HTML.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export function cleanChatMessage(raw: string): string {
  return raw.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, '').trim();
}
