import type { TTeams } from '@kolikko/core/schemas/toolkit';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { fitTeams } from '../board-fit.ts';
import { useBoxSize } from '../hooks/use-box-size.ts';
import { ReasonIcon } from '../../../components/reason-icon.tsx';
import { IconSparkles } from '../../../components/teacher-icons.tsx';
import type { BoardStudent, TileGlow } from './board-grid.tsx';
import { teamColor } from './team-colors.ts';
import classes from './board-page.module.css';

const GAP_PX = 14;

/** The board's teams (issue 32): one coloured, numbered column a team, its students' faces and names; an award glows there too. */
export function BoardTeams({ teams, members, glows }: { teams: TTeams; members: BoardStudent[]; glows: ReadonlyMap<string, TileGlow> }) {
  const { t } = useTranslation();
  const byId = new Map(members.map((member) => [member.id, member]));
  const [boxRef, box] = useBoxSize<HTMLDivElement>();
  const fit = fitTeams(teams.length, Math.max(1, ...teams.map((team) => team.length)), box.width, box.height, GAP_PX);
  const avatar = Math.max(20, Math.min(52, Math.round(fit.rowHeight * 0.82)));
  return (
    <div
      ref={boxRef}
      className={classes.teams}
      style={{
        gridTemplateColumns: `repeat(${fit.columns}, minmax(0, 1fr))`,
        gridTemplateRows: `repeat(${fit.rows}, minmax(0, 1fr))`,
        gap: GAP_PX,
        ['--member-columns' as string]: fit.memberColumns,
        ['--member-row' as string]: `${fit.rowHeight}px`,
      }}
      data-testid="board-teams"
    >
      {teams.map((team, index) => (
        <section key={index} className={classes.team} style={{ ['--team-color' as string]: teamColor(index) }} aria-labelledby={`board-team-${index}`} data-testid="board-team">
          <h2 className={classes.teamTitle} id={`board-team-${index}`}>
            {t('board.teams.name', { number: index + 1 })}
          </h2>
          <ul className={classes.teamMembers}>
            {team.map((id) => {
              const member = byId.get(id);
              if (!member) return null;
              const glow = glows.get(id);
              return (
                <li key={id} className={classes.teamMember} data-glow={glow ? '' : undefined}>
                  <MemberAvatar face={member.face} hair={member.hair} skinTone={member.skin_tone} username={member.username} size={avatar} decorative />
                  <span className={classes.teamMemberName}>{member.username}</span>
                  {glow ? (
                    <span key={glow.key} className={classes.teamGlow} title={glow.label} aria-hidden="true" data-testid="board-team-glow">
                      {glow.icon ? <ReasonIcon icon={glow.icon} size={20} /> : <IconSparkles size={20} />}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
