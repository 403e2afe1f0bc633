import { describe, expect, it } from 'vitest';
import { previewClassList, refusedRows } from './class-list-preview.ts';

describe('previewClassList', () => {
  it('marks bad names, names twice in the list and classmates names, case and accents compared as the server does', () => {
    const rows = previewClassList('Väinö\nEmma\nx\nvÄinÖ\nOtto\n\nemma', ['OTTO'], 200);
    expect(rows.map((row) => [row.line, row.username, row.mark])).toEqual([
      [1, 'Väinö', 'ok'],
      [2, 'Emma', 'ok'],
      [3, 'x', 'invalid'],
      [4, 'vÄinÖ', 'twice'],
      [5, 'Otto', 'taken'],
      [6, 'emma', 'twice'],
    ]);
  });

  it('marks the lines past the group member limit', () => {
    const rows = previewClassList('Anna\nBerta\nCilla', ['Doris', 'Eeva'], 4);
    expect(rows.map((row) => row.mark)).toEqual(['ok', 'ok', 'full']);
  });

  it('reads the nickname column of a CSV', () => {
    const rows = previewClassList('first;nickname\nAnna;Ansku\nBerta;Bertta', [], 200);
    expect(rows.map((row) => row.username)).toEqual(['Ansku', 'Bertta']);
  });
});

describe('refusedRows', () => {
  it('joins the preview marks and the server refusals in list order, with the server line numbers turned into the list', () => {
    const rows = previewClassList('Anna\nx\nBerta\nCilla', [], 200);
    const sent = rows.filter((row) => row.mark === 'ok');
    const refused = refusedRows(rows, sent, [{ line: 2, username: 'Berta', errorCode: 'USER.USERNAME_TAKEN' }]);
    expect(refused).toEqual([
      { line: 2, username: 'x', reason: 'invalid' },
      { line: 3, username: 'Berta', reason: 'taken' },
    ]);
  });
});
