import { List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';

import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { helpTopicFor, type HelpModalProps } from './help-modal.tsx';

const STEP_COUNT = 3;

/** The dialog of HelpModal (help-modal.tsx), fetched the first time help opens. */
export function HelpModalDialog({ opened, onClose, pathname }: HelpModalProps) {
  const { t } = useTranslation();
  const topic = helpTopicFor(pathname);
  const open = useOpenAfterMount(opened);
  return (
    <Modal
      opened={open}
      onClose={onClose}
      size={MODAL_WIDTH_DEFAULT_PX}
      title={topic ? t(`help.topics.${topic}.title`) : t('help.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {topic ? (
        <Stack gap="sm">
          <List type="ordered" spacing="sm">
            {Array.from({ length: STEP_COUNT }, (_, index) => (
              <List.Item key={index}>{t(`help.topics.${topic}.step${index + 1}`)}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dark.4">
            {t('help.videoComingSoon')}
          </Text>
        </Stack>
      ) : (
        <Text>{t('help.notFound')}</Text>
      )}
    </Modal>
  );
}
