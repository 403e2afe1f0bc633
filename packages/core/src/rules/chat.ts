import { REFUSED_CONTROL_CHARACTERS } from './text.ts';

/**
 * Chat messages are plain text. What is kept of what the user typed: line breaks become "\n",
 * control characters other than line feed and tab are dropped (they show as nothing or as boxes
 * and can hide text), and the whole is trimmed. Everything else, "<" and "&" included, is stored
 * and answered as given: the web renders it as text, never as HTML. (The server refuses a request
 * holding such characters before any schema reads it, see rules/text.ts; dropping them here keeps
 * the rule whole for any other caller.)
 */
const CONTROL_CHARACTERS = new RegExp(REFUSED_CONTROL_CHARACTERS.source, 'g');

export function cleanChatMessage(raw: string): string {
  return raw.replace(/\r\n?/g, '\n').replace(CONTROL_CHARACTERS, '').trim();
}
