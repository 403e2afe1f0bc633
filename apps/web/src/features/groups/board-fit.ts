/**
 * How the class board lays its students out (issue 32): every tile on screen at once, as big as
 * the space allows. A tile is a little taller than wide (the face, then the nickname and the
 * coins under it); the columns are chosen so the smaller of the two sides is largest.
 */
export interface TileFit {
  columns: number;
  rows: number;
  /** The tile's side in CSS pixels: what its face, name and coins are sized from. */
  size: number;
  /** The tile's cell (the grid fills the screen, so a cell may be taller than `size` asks). */
  width: number;
  height: number;
}

/** A tile's height for its width. */
export const TILE_ASPECT = 1.2;

export function fitTiles(count: number, width: number, height: number, gap: number): TileFit {
  if (count <= 0 || width <= 0 || height <= 0) return { columns: 1, rows: 1, size: 0, width: 0, height: 0 };
  let best: TileFit = { columns: 1, rows: count, size: 0, width: 0, height: 0 };
  for (let columns = 1; columns <= count; columns += 1) {
    const rows = Math.ceil(count / columns);
    const tileWidth = (width - gap * (columns - 1)) / columns;
    const tileHeight = (height - gap * (rows - 1)) / rows;
    const size = Math.min(tileWidth, tileHeight / TILE_ASPECT);
    if (size > best.size) best = { columns, rows, size, width: Math.floor(tileWidth), height: Math.floor(tileHeight) };
  }
  return { ...best, size: Math.max(0, Math.floor(best.size)) };
}

/**
 * A tile's face and nickname in CSS pixels: the name from the tile's width (two lines at most),
 * the face as big as the cell leaves after the name and the coins above it.
 */
export function tileContent(fit: TileFit, withCoins: boolean): { avatar: number; name: number; coins: number } {
  const name = Math.round(Math.max(14, Math.min(fit.width * 0.135, 30)));
  const coins = Math.round(Math.max(13, Math.min(fit.size * 0.12, 24)));
  const top = withCoins ? coins * 1.3 + fit.size * 0.06 : fit.size * 0.06;
  const room = fit.height - top - fit.size * 0.06 - 2 * name * 1.12 - fit.size * 0.04;
  return { avatar: Math.round(Math.max(32, Math.min(fit.width * 0.66, room, 220))), name, coins };
}

/** How the board's teams fit: the teams' grid, and each team's students in columns of rows. */
export interface TeamsFit {
  columns: number;
  rows: number;
  /** Columns of students inside a team (a big team on a small screen takes two or three). */
  memberColumns: number;
  /** A student's row, in CSS pixels: the face and the name are sized from it. */
  rowHeight: number;
}

/** A team's title bar and its list's padding, in CSS pixels. */
const TEAM_CHROME_PX = 70;
const MEMBER_GAP_PX = 6;
const MEMBER_COLUMN_MIN_PX = 130;
const ROW_MAX_PX = 64;
const NAME_ROW_WIDTHS = 3.4;

export function fitTeams(teamCount: number, largest: number, width: number, height: number, gap: number): TeamsFit {
  // Up to six teams side by side; more in two or three rows.
  const rows = teamCount <= 6 ? 1 : teamCount <= 12 ? 2 : 3;
  const columns = Math.max(1, Math.ceil(teamCount / rows));
  const teamWidth = (width - gap * (columns - 1)) / columns;
  const listHeight = (height - gap * (rows - 1)) / rows - TEAM_CHROME_PX;
  let best = { memberColumns: 1, rowHeight: 0 };
  for (let memberColumns = 1; memberColumns <= 3; memberColumns += 1) {
    const columnWidth = (teamWidth - 24 - 10 * (memberColumns - 1)) / memberColumns;
    if (memberColumns > 1 && columnWidth < MEMBER_COLUMN_MIN_PX) break;
    const perColumn = Math.ceil(Math.max(1, largest) / memberColumns);
    // A row's face and a ten-letter name side by side take about NAME_ROW_WIDTHS rows' heights of width.
    const rowHeight = Math.min(ROW_MAX_PX, (listHeight - MEMBER_GAP_PX * (perColumn - 1)) / perColumn, columnWidth / NAME_ROW_WIDTHS);
    if (rowHeight > best.rowHeight + 0.5) best = { memberColumns, rowHeight };
  }
  return { columns, rows, memberColumns: best.memberColumns, rowHeight: Math.max(0, Math.floor(best.rowHeight)) };
}
