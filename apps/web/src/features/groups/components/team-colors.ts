/**
 * The teams' colours on the board and the remote (issue 32), each with white text at 4.5:1 or
 * more. A team is also named by its number, so nobody needs to tell the colours apart.
 */
const TEAM_COLORS = ['#1864ab', '#c2410c', '#237032', '#862e9c', '#c92a2a', '#0b7285', '#a61e4d', '#8d5a1e', '#364fc7'] as const;

export function teamColor(index: number): string {
  return TEAM_COLORS[index % TEAM_COLORS.length] ?? TEAM_COLORS[0];
}
