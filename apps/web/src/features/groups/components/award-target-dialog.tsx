import { useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';
import type { TSmallGroup } from '@kolikko/core/schemas/auth';
import type { TMember } from '@kolikko/core/schemas/groups';
import type { TAwardReason } from '@kolikko/core/schemas/reasons';
import { ReasonIcon } from '../../../components/reason-icon.tsx';
import { SmallGroupDot } from '../../../components/small-group-dot.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { signedCoins } from './reason-buttons.tsx';

export interface AwardTargetDialogProps {
  /** The reason tapped while no student was selected; null: closed. */
  reason: TAwardReason | null;
  members: TMember[];
  onChoose: (members: TMember[]) => void;
  onClose: () => void;
}

const SMALL_GROUPS: TSmallGroup[] = ['blue', 'orange'];
/** A label longer than a phone's dialog is wide wraps instead of being cut short. */
const WRAPPING = { root: { height: 'auto', minHeight: 42, paddingBlock: 8 }, label: { whiteSpace: 'normal' } } as const;

/** A reason tapped with nobody selected: the whole class, or one small group, gets it (one more tap). */
export function AwardTargetDialog({ reason: current, members, onChoose, onClose }: AwardTargetDialogProps) {
  const { t } = useTranslation();
  const opened = useOpenAfterMount(current !== null);
  // The reason stays on screen while the dialog fades out.
  const [lastReason, setLastReason] = useState(current);
  if (current !== null && current !== lastReason) setLastReason(current);
  const reason = current ?? lastReason;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={MODAL_WIDTH_DEFAULT_PX}
      title={reason ? t('groups.reasons.whoTitle', { reason: reason.name, amount: signedCoins(reason.coins) }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="award-target-dialog"
    >
      {reason ? (
        <Stack gap="sm">
          <Text size="sm" c="dark.5">
            {t('groups.reasons.whoText')}
          </Text>
          <Button size="md" styles={WRAPPING} leftSection={<ReasonIcon icon={reason.icon} size={18} />} onClick={() => onChoose(members)} data-autofocus>
            {t('groups.reasons.wholeClass', { count: members.length })}
          </Button>
          {SMALL_GROUPS.map((color) => {
            const inGroup = members.filter((member) => member.small_group === color);
            if (inGroup.length === 0 || inGroup.length === members.length) return null;
            return (
              <Button key={color} size="md" variant="default" styles={WRAPPING} leftSection={<SmallGroupDot color={color} />} onClick={() => onChoose(inGroup)}>
                {t(`groups.reasons.smallGroup.${color}`, { count: inGroup.length })}
              </Button>
            );
          })}
          <Button variant="subtle" color="gray" c="dark.6" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </Stack>
      ) : null}
    </Modal>
  );
}
