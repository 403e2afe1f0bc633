import { Button, Center, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';
import { IconShop } from '../../../components/icons.tsx';
import { useGroupLimits } from '../../../lib/queries/get-group-limits.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { FullClassroomImage } from './full-classroom-image.tsx';

export interface LimitReachedModalProps {
  teacherId: string;
  opened: boolean;
  onClose: () => void;
}

/** Spec section 2: the group limit is reached; the way forward is more groups from the shop. */
export function LimitReachedModal({ teacherId, opened, onClose }: LimitReachedModalProps) {
  const { t } = useTranslation();
  const limits = useGroupLimits(teacherId, { enabled: opened });
  const open = useOpenAfterMount(opened);
  return (
    <Modal
      opened={open}
      onClose={onClose}
      size={MODAL_WIDTH_DEFAULT_PX}
      title={t('groups.limit.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Center>
          <FullClassroomImage />
        </Center>
        <Text fw={600}>{t('errors.LIMITATIONS.GROUP_LIMIT_EXCEEDED')}</Text>
        {limits.data ? (
          <Text data-testid="group-limit-text">{t('groups.limit.holds', { count: limits.data.total_limit })}</Text>
        ) : limits.isError ? null : (
          <Skeleton height={20} width="60%" />
        )}
        <Button component={Link} to="/teacher/shop/upgrades" onClick={onClose} leftSection={<IconShop size={18} />} size="md">
          {t('groups.limit.toShop')}
        </Button>
      </Stack>
    </Modal>
  );
}
