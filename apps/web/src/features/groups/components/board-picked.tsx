import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { CloseButton } from '@mantine/core';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import type { BoardStudent } from './board-grid.tsx';
import classes from './board-page.module.css';

/** The picker's lights over the tiles before it stops: each wait a little longer, about 1.8 s in all. */
const SPIN_STEPS_MS = [70, 70, 70, 80, 80, 90, 100, 110, 130, 150, 180, 220, 270];

/** A pick to show: the student, and which pick it is (a pick of the same student again plays again). */
export interface Pick {
  memberId: string;
  key: number;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The random picker on the board (issue 32): lights run over the tiles, slowing down, and stop
 * on the student the server picked; then the student shows big. With reduced motion the student
 * shows at once.
 */
export function usePickerAnimation(pick: Pick | null, memberIds: string[]) {
  const [spotlight, setSpotlight] = useState<{ key: number; memberId: string } | null>(null);
  const [landed, setLanded] = useState<number | null>(null);
  const ids = useRef(memberIds);
  const land = useEffectEvent((key: number) => setLanded(key));
  useEffect(() => {
    ids.current = memberIds;
  }, [memberIds]);

  useEffect(() => {
    if (!pick) return undefined;
    const others = () => ids.current.filter((id) => id !== pick.memberId);
    if (prefersReducedMotion() || others().length === 0) {
      const timer = window.setTimeout(() => land(pick.key), 0);
      return () => window.clearTimeout(timer);
    }
    let step = 0;
    let last = '';
    let timer = 0;
    const next = () => {
      if (step >= SPIN_STEPS_MS.length) {
        setSpotlight(null);
        land(pick.key);
        return;
      }
      const pool = others().filter((id) => id !== last);
      last = pool[Math.floor(Math.random() * pool.length)] ?? pick.memberId;
      setSpotlight({ key: pick.key, memberId: last });
      timer = window.setTimeout(next, SPIN_STEPS_MS[step]);
      step += 1;
    };
    timer = window.setTimeout(next, 0);
    return () => window.clearTimeout(timer);
  }, [pick]);

  const done = pick !== null && landed === pick.key;
  return {
    spotlightId: !done && spotlight?.key === pick?.key ? (spotlight?.memberId ?? null) : null,
    pickedId: done ? pick.memberId : null,
  };
}

/** The picked name as big as fits the card on one line (a bold letter is about 0.64 of its size wide). */
function pickedNameSize(name: string): string {
  const px = Math.floor(540 / (0.64 * Math.max(6, [...name].length)));
  return `min(${px}px, 9vh)`;
}

interface PickedCardProps {
  member: BoardStudent;
  pickedCount: number;
  total: number;
  onClose: () => void;
}

/** The picked student, big, over the board, until the teacher closes it or picks again. */
export function PickedCard({ member, pickedCount, total, onClose }: PickedCardProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.pickedScrim} data-testid="board-picked">
      <div className={classes.pickedCard} role="dialog" aria-modal="false" aria-labelledby="board-picked-name">
        <CloseButton size="xl" className={classes.pickedClose} aria-label={t('board.picker.close')} onClick={onClose} />
        <p className={classes.pickedTitle}>{t('board.picker.title')}</p>
        <MemberAvatar face={member.face} hair={member.hair} skinTone={member.skin_tone} username={member.username} size={260} decorative />
        <p className={classes.pickedName} style={{ fontSize: pickedNameSize(member.username) }} id="board-picked-name" data-testid="picked-name">
          {member.username}
        </p>
        <p className={classes.pickedRound}>{t('board.picker.round', { count: pickedCount, total })}</p>
      </div>
    </div>
  );
}
