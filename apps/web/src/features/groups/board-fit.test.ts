import { describe, expect, it } from 'vitest';
import { fitTeams, fitTiles, tileContent, TILE_ASPECT } from './board-fit.ts';

describe('fitTiles', () => {
  // A 1366 × 768 projector, less the board's header and margins.
  const width = 1334;
  const height = 640;
  const gap = 12;

  it.each([1, 5, 26, 30, 40])('puts %i students on screen at once, none outside it', (count) => {
    const fit = fitTiles(count, width, height, gap);
    expect(fit.columns * fit.rows).toBeGreaterThanOrEqual(count);
    expect(fit.columns * fit.size + (fit.columns - 1) * gap).toBeLessThanOrEqual(width);
    expect(fit.rows * fit.size * TILE_ASPECT + (fit.rows - 1) * gap).toBeLessThanOrEqual(height);
  });

  it('keeps 40 tiles big enough to read from the back of a class', () => {
    const fit = fitTiles(40, width, height, gap);
    expect(fit).toMatchObject({ columns: 10, rows: 4 });
    expect(fit.size).toBeGreaterThanOrEqual(120);
  });

  it('gives fewer students bigger tiles', () => {
    expect(fitTiles(26, width, height, gap).size).toBeGreaterThan(fitTiles(40, width, height, gap).size);
  });

  it('draws nothing in no space', () => {
    expect(fitTiles(0, width, height, gap).size).toBe(0);
    expect(fitTiles(5, 0, height, gap).size).toBe(0);
  });
});

describe('fitTeams', () => {
  const width = 1334;
  const height = 640;

  it.each([
    [5, 6],
    [8, 5],
    [2, 20],
    [13, 4],
  ])('fits %i teams of up to %i on screen, a row each student', (teams, largest) => {
    const fit = fitTeams(teams, largest, width, height, 14);
    const perColumn = Math.ceil(largest / fit.memberColumns);
    const teamHeight = (height - 14 * (fit.rows - 1)) / fit.rows;
    expect(fit.columns * fit.rows).toBeGreaterThanOrEqual(teams);
    expect(70 + perColumn * fit.rowHeight + 6 * (perColumn - 1)).toBeLessThanOrEqual(teamHeight);
    expect(fit.rowHeight).toBeGreaterThanOrEqual(24);
  });

  it('puts a big team into columns rather than tiny rows', () => {
    expect(fitTeams(2, 20, width, height, 14).memberColumns).toBeGreaterThan(1);
  });
});

describe('tileContent', () => {
  it.each([5, 26, 40])('leaves room in a tile of a class of %i for the face, two lines of name and the coins', (count) => {
    const fit = fitTiles(count, 1334, 640, 12);
    const { avatar, name, coins } = tileContent(fit, true);
    expect(coins * 1.3 + fit.size * 0.16 + avatar + 2 * name * 1.12).toBeLessThanOrEqual(fit.height + 0.5);
    expect(avatar).toBeLessThanOrEqual(fit.width);
    expect(name).toBeGreaterThanOrEqual(14);
  });
});
