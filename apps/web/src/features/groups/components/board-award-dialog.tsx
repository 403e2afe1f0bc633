import { useState, type KeyboardEvent } from 'react';
import { Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TAwardReason } from '@kolikko/core/schemas/reasons';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { ReasonIcon } from '../../../components/reason-icon.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import type { BoardStudent } from './board-grid.tsx';
import classes from './board-page.module.css';

/** Digits 1–9 award the first nine reasons. */
const DIGIT_REASONS = 9;

export interface BoardAwardDialogProps {
  member: BoardStudent | null;
  /** The group's positive reasons in the teacher's order: the board never offers a "needs work" one. */
  reasons: TAwardReason[];
  disabled: boolean;
  onAward: (member: BoardStudent, reason: TAwardReason) => void;
  onClose: () => void;
}

/**
 * The board's reasons for one student (issue 32), opened by Enter or a tap on the student's
 * tile: a tap or the reason's digit awards it at once; the undo follows in the notice. Its code
 * comes with its first opening (lib/lazy-dialog.tsx).
 */
export function BoardAwardDialog({ member: current, reasons, disabled, onAward, onClose }: BoardAwardDialogProps) {
  const { t } = useTranslation();
  // The last student stays on screen while the dialog fades out.
  const [last, setLast] = useState(current);
  if (current !== null && current !== last) setLast(current);
  const member = current ?? last;
  const opened = useOpenAfterMount(current !== null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!current || !member || disabled || event.altKey || event.ctrlKey || event.metaKey) return;
    const digit = Number.parseInt(event.key, 10);
    const reason = digit >= 1 && digit <= DIGIT_REASONS ? reasons[digit - 1] : undefined;
    if (!reason) return;
    event.preventDefault();
    onAward(member, reason);
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={520}
      centered
      title={member ? t('board.award.title', { username: member.username }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onKeyDown={onKeyDown}
      data-testid="board-award-dialog"
    >
      {member ? (
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <MemberAvatar face={member.face} hair={member.hair} skinTone={member.skin_tone} username={member.username} size={72} decorative />
            <Text size="sm" c="dark.5">
              {t('board.award.hint')}
            </Text>
          </Group>
          {reasons.length === 0 ? <Text>{t('board.award.none')}</Text> : null}
          <div className={classes.awardReasons} role="group" aria-label={t('board.award.reasonsLabel')}>
            {reasons.map((reason, index) => (
              <UnstyledButton
                key={reason.id}
                className={classes.awardReason}
                disabled={disabled}
                onClick={() => onAward(member, reason)}
                data-autofocus={index === 0 || undefined}
                aria-keyshortcuts={index < DIGIT_REASONS ? String(index + 1) : undefined}
                data-testid="board-award-reason"
              >
                {index < DIGIT_REASONS ? (
                  <kbd className={classes.awardKey} aria-hidden="true">
                    {index + 1}
                  </kbd>
                ) : null}
                <ReasonIcon icon={reason.icon} size={24} />
                <span className={classes.awardReasonName}>{reason.name}</span>
                <span className={classes.awardReasonCoins}>{t('board.award.coins', { count: reason.coins })}</span>
              </UnstyledButton>
            ))}
          </div>
        </Stack>
      ) : null}
    </Modal>
  );
}
