import { nameKey, parseClassList, sortClassList } from '@kolikko/core/rules/identity';
import type { TClassListResponse } from '@kolikko/core/schemas/groups';

/**
 * What a line of a class list will become: a student (`ok`), or why not: not a valid nickname,
 * the same name on an earlier line, a classmate's name already, or past the group's member limit
 * (or the list's own limit of lines).
 */
export type ClassListMark = 'ok' | 'invalid' | 'twice' | 'taken' | 'full';

export interface ClassListRow {
  line: number;
  username: string;
  mark: ClassListMark;
}

/**
 * The teacher's preview: each line of the pasted text marked as the server will judge it against
 * the group's members now (core's sortClassList, the server's own rule), told apart for the
 * teacher: a classmate's name, or one an earlier line has.
 */
export function previewClassList(text: string, memberNames: readonly string[], memberLimit: number): ClassListRow[] {
  const members = new Set(memberNames.map(nameKey));
  const lines = parseClassList(text);
  const { refused } = sortClassList(lines, members, Math.max(0, memberLimit - memberNames.length));
  const codes = new Map(refused.map((r) => [r.line, r.errorCode]));
  return lines.map(({ line, username }) => {
    const code = codes.get(line);
    let mark: ClassListMark = 'ok';
    if (code === 'USER.INVALID_USERNAME') mark = 'invalid';
    else if (code === 'GROUP.FULL') mark = 'full';
    else if (code !== undefined) mark = members.has(nameKey(username)) ? 'taken' : 'twice';
    return { line, username, mark };
  });
}

/** A line left out: the preview's mark, or the error code of a refusal only the server saw. */
export interface RefusedRow {
  line: number;
  username: string;
  reason: Exclude<ClassListMark, 'ok'> | { errorCode: string };
}

const MARK_OF_CODE: Record<string, Exclude<ClassListMark, 'ok'>> = {
  'USER.INVALID_USERNAME': 'invalid',
  // The names sent are distinct: a name the server finds taken is a classmate's.
  'USER.USERNAME_TAKEN': 'taken',
  'GROUP.FULL': 'full',
};

/**
 * Every line that did not become a student, in the list's order: those the preview held back
 * and those the server refused. Only the preview's `ok` rows are sent (`sent`), so the server's
 * line numbers count those and are turned back into the list's.
 */
export function refusedRows(rows: readonly ClassListRow[], sent: readonly ClassListRow[], refused: TClassListResponse['refused']): RefusedRow[] {
  const held: RefusedRow[] = rows.flatMap((row) => (row.mark === 'ok' ? [] : [{ line: row.line, username: row.username, reason: row.mark }]));
  const byServer: RefusedRow[] = refused.flatMap((entry) => {
    const row = sent[entry.line - 1];
    if (!row) return [];
    return [{ line: row.line, username: row.username, reason: MARK_OF_CODE[entry.errorCode] ?? { errorCode: entry.errorCode } }];
  });
  return [...held, ...byServer].sort((a, b) => a.line - b.line);
}
