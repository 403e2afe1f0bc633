import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';

interface ConfirmModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  children: ReactNode;
  /** Destructive actions get a red confirm button. */
  danger?: boolean;
  loading?: boolean;
  /** Set when the modal opens on top of another one (Modal.Stack). */
  stackId?: string;
}

/**
 * The one confirmation step before a destructive or spending action. The buttons keep the
 * same names everywhere ("Cancel", "Confirm"); the title and text say what will happen.
 */
export function ConfirmModal({ opened, onClose, onConfirm, title, children, danger = false, loading = false, stackId }: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={loading ? () => undefined : onClose}
      title={title}
      size={MODAL_WIDTH_DEFAULT_PX}
      stackId={stackId}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="confirm-dialog"
    >
      <Stack gap="lg">
        <div>{children}</div>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button color={danger ? 'red.8' : undefined} onClick={onConfirm} loading={loading} data-autofocus>
            {t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
