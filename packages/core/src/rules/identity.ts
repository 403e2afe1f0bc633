import type { RefusedLine } from '../errors.ts';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, USERNAME_PATTERN } from '../limits.ts';

/**
 * The identity rules of issue 31 that server and web share: how a name is compared, what a join
 * code looks like, and the free name suggested when a classmate already has one.
 */

/** A name as stored: trimmed and NFC-normalized (a "ä" typed as a + combining diaeresis is one letter). */
export function normalizeName(name: string): string {
  return name.trim().normalize('NFC');
}

/**
 * The form two names are compared in: "Väinö" and "VÄINÖ" are one name. The database compares
 * `lower(username)` of the stored (NFC) names the same way; this is the web's copy for previews.
 */
export function nameKey(name: string): string {
  return normalizeName(name).toLowerCase().normalize('NFC');
}

export function isValidUsername(name: string): boolean {
  const n = normalizeName(name);
  return n.length >= USERNAME_MIN_LENGTH && n.length <= USERNAME_MAX_LENGTH && USERNAME_PATTERN.test(n);
}

/**
 * A join code as typed: upper case, without the spaces and hyphens people put in to read it
 * ("bcd-fgh" is BCDFGH). Anything else stays, so a group name passes through unharmed.
 */
export function normalizeJoinCode(input: string): string {
  return input.trim().replace(/[\s-]+/g, '').toUpperCase();
}

const CODE_PATTERN = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);

/** Whether a text (once normalized) could be a join code: the right length, only the alphabet's characters. */
export function looksLikeJoinCode(input: string): boolean {
  return CODE_PATTERN.test(normalizeJoinCode(input));
}

/** A join code for showing: two halves of three, easier to read aloud from a projector ("BCD FGH"). */
export function formatJoinCode(code: string): string {
  const half = Math.floor(code.length / 2);
  return `${code.slice(0, half)} ${code.slice(half)}`;
}

/**
 * A free name close to `wanted` when a classmate has it: the name with the smallest number from 2
 * up that nobody in `takenKeys` (names as `nameKey`) holds, cut short so it stays within the
 * length limit ("Emma" -> "Emma2"; "Emma2" taken too -> "Emma3").
 */
export function suggestFreeName(wanted: string, takenKeys: ReadonlySet<string>): string {
  const base = normalizeName(wanted).replace(/\d+$/, '') || normalizeName(wanted);
  for (let n = 2; ; n += 1) {
    const suffix = String(n);
    const candidate = `${base.slice(0, USERNAME_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!takenKeys.has(nameKey(candidate))) return candidate;
  }
}

/** One line of a pasted or uploaded class list: its 1-based number and the nickname it holds. */
export interface ClassListLine {
  line: number;
  username: string;
}

const NICKNAME_HEADERS = ['nickname', 'username', 'name', 'nimimerkki', 'käyttäjätunnus', 'nimi', 'smeknamn', 'användarnamn', 'namn'];

function splitCsvRow(row: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < row.length; i += 1) {
    const ch = row[i];
    if (quoted) {
      if (ch === '"' && row[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

/**
 * The nicknames of a class list: one a line, or a CSV (comma or semicolon, as a spreadsheet in
 * Finnish saves it) whose header row names a nickname column (nickname, username, name, or the
 * Finnish or Swedish word); without such a header, each row's first cell. Blank lines are
 * skipped; line numbers count the names, not the header.
 */
export function parseClassList(text: string): ClassListLine[] {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const firstRow = rows.find((r) => r.trim() !== '') ?? '';
  const separator = firstRow.includes(';') ? ';' : firstRow.includes(',') ? ',' : undefined;
  let column = 0;
  let start = 0;
  if (separator) {
    const header = splitCsvRow(firstRow, separator).map((h) => h.toLowerCase());
    const found = header.findIndex((h) => NICKNAME_HEADERS.includes(h));
    if (found >= 0) {
      column = found;
      start = rows.indexOf(firstRow) + 1;
    }
  }
  const lines: ClassListLine[] = [];
  for (const row of rows.slice(start)) {
    if (row.trim() === '') continue;
    const username = normalizeName(separator ? (splitCsvRow(row, separator)[column] ?? '') : row);
    if (username === '') continue;
    lines.push({ line: lines.length + 1, username });
  }
  return lines;
}

interface Line {
  line: number;
  username: string;
}

/**
 * Sorts a class list's lines against the names a group holds (`takenKeys`, as `nameKey`) and the
 * room it has left: a bad name is USER.INVALID_USERNAME, a name a classmate or an earlier line
 * holds USER.USERNAME_TAKEN, and a good line past the member limit GROUP.FULL. A refused line
 * does not stop the others.
 */
export function sortClassList<T extends Line>(lines: readonly T[], takenKeys: ReadonlySet<string>, room: number): { accepted: T[]; refused: RefusedLine[] } {
  const taken = new Set(takenKeys);
  const accepted: T[] = [];
  const refused: RefusedLine[] = [];
  for (const line of lines) {
    const username = normalizeName(line.username);
    const key = nameKey(username);
    if (!isValidUsername(username)) refused.push({ line: line.line, username, errorCode: 'USER.INVALID_USERNAME' });
    else if (taken.has(key)) refused.push({ line: line.line, username, errorCode: 'USER.USERNAME_TAKEN' });
    else if (accepted.length >= room) refused.push({ line: line.line, username, errorCode: 'GROUP.FULL' });
    else {
      taken.add(key);
      accepted.push({ ...line, username });
    }
  }
  return { accepted, refused };
}
