import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { useOpenAfterMount } from '../lib/lazy-dialog.tsx';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';

export interface ConfirmModalProps {
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

/** The dialog of ConfirmModal (confirm-modal.tsx), fetched the first time one opens. */
export function ConfirmModalDialog({ opened, onClose, onConfirm, title, children, danger = false, loading = false, stackId }: ConfirmModalProps) {
  const { t } = useTranslation();
  const open = useOpenAfterMount(opened);
  return (
    <Modal
      opened={open}
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
