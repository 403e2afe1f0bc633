import { useRef, type KeyboardEvent } from 'react';
import type { AwardReasonIcon } from '@kolikko/core/enumerations';
import type { TBoard } from '@kolikko/core/schemas/toolkit';
import { CoinIcon } from '../../../components/icons.tsx';
import { IconSparkles } from '../../../components/teacher-icons.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { ReasonIcon } from '../../../components/reason-icon.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { fitTiles, tileContent } from '../board-fit.ts';
import { useBoxSize } from '../hooks/use-box-size.ts';
import classes from './board-page.module.css';

export type BoardStudent = TBoard['members'][number];

/** An award shown on a tile for a moment: the reason's icon and name (or the coins, or a kind word). */
export interface TileGlow {
  /** Changes with every award, so the same student's next award plays again. */
  key: number;
  icon: AwardReasonIcon | null;
  label: string;
}

const GAP_PX = 12;

interface BoardGridProps {
  members: BoardStudent[];
  glows: ReadonlyMap<string, TileGlow>;
  /** The tile the picker's animation lights now, and the one it landed on. */
  spotlightId: string | null;
  pickedId: string | null;
  /** The tile the arrow keys are on (the others leave the Tab order). */
  focusedId: string | null;
  onFocusedChange: (memberId: string) => void;
  onChoose: (member: BoardStudent) => void;
}

/**
 * Every student of the class on one screen, in the server's order (by name; never by coins):
 * the face, the nickname and, where the group's setting shows them, the coins. Arrow keys move
 * between the tiles, Enter (or a tap) opens the award reasons for that student.
 */
export function BoardGrid({ members, glows, spotlightId, pickedId, focusedId, onFocusedChange, onChoose }: BoardGridProps) {
  const { t } = useTranslation();
  const [boxRef, box] = useBoxSize<HTMLDivElement>();
  const fit = fitTiles(members.length, box.width, box.height, GAP_PX);
  const tiles = useRef(new Map<string, HTMLButtonElement>());
  const current = members.findIndex((member) => member.id === focusedId);
  const tabStop = current >= 0 ? current : 0;

  function moveTo(index: number) {
    const member = members[Math.max(0, Math.min(members.length - 1, index))];
    if (!member) return;
    onFocusedChange(member.id);
    tiles.current.get(member.id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -fit.columns, ArrowDown: fit.columns };
    const step = steps[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const next = tabStop + step;
      if (next >= 0 && next < members.length) moveTo(next);
    } else if (event.key === 'Home') {
      event.preventDefault();
      moveTo(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      moveTo(members.length - 1);
    }
  }

  const content = tileContent(fit, members.some((member) => member.coins !== null));
  const avatar = content.avatar;
  return (
    <div ref={boxRef} className={classes.gridBox}>
      {fit.size > 0 ? (
        <div
          className={classes.grid}
          role="group"
          aria-label={t('board.studentsLabel')}
          onKeyDown={onKeyDown}
          data-testid="board-grid"
          style={{
            gridTemplateColumns: `repeat(${fit.columns}, minmax(0, 1fr))`,
            gridTemplateRows: `repeat(${fit.rows}, minmax(0, 1fr))`,
            gap: GAP_PX,
            ['--tile' as string]: `${fit.size}px`,
            ['--tile-name' as string]: `${content.name}px`,
            ['--tile-coins' as string]: `${content.coins}px`,
          }}
        >
          {members.map((member, index) => {
            const glow = glows.get(member.id);
            return (
              <button
                key={member.id}
                ref={(element) => {
                  if (element) tiles.current.set(member.id, element);
                  else tiles.current.delete(member.id);
                }}
                type="button"
                className={classes.tile}
                tabIndex={index === tabStop ? 0 : -1}
                onFocus={() => onFocusedChange(member.id)}
                onClick={() => onChoose(member)}
                aria-label={member.coins === null ? member.username : t('board.tileLabel', { username: member.username, count: member.coins })}
                data-spotlight={spotlightId === member.id || undefined}
                data-picked={pickedId === member.id || undefined}
                data-glow={glow ? '' : undefined}
                data-coins={member.coins !== null || undefined}
                data-testid="board-tile"
                data-username={member.username}
              >
                <MemberAvatar face={member.face} hair={member.hair} skinTone={member.skin_tone} username={member.username} size={avatar} decorative />
                <span className={classes.tileName}>{member.username}</span>
                {member.coins !== null ? (
                  <span className={classes.tileCoins} aria-hidden="true" data-testid="board-tile-coins">
                    <CoinIcon size={Math.round(content.coins * 1.1)} />
                    {member.coins}
                  </span>
                ) : null}
                {glow ? (
                  <span key={glow.key} className={classes.glow} aria-hidden="true" data-testid="board-tile-glow">
                    {glow.icon ? <ReasonIcon icon={glow.icon} size={Math.round(fit.size * 0.16)} /> : <IconSparkles size={Math.round(fit.size * 0.16)} />}
                    <span>{glow.label}</span>
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
