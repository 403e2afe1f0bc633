import { List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';

/** Help topics of spec section 2; every other page reads "Instructions not found." */
const HELP_TOPICS = ['home', 'groups', 'todos', 'shared', 'rewards', 'shop'] as const;
type HelpTopic = (typeof HELP_TOPICS)[number];
const STEP_COUNT = 3;

export function helpTopicFor(pathname: string): HelpTopic | null {
  const section = pathname.split('/')[2] ?? '';
  return HELP_TOPICS.find((topic) => topic === section) ?? null;
}

export function HelpModal({ opened, onClose, pathname }: { opened: boolean; onClose: () => void; pathname: string }) {
  const { t } = useTranslation();
  const topic = helpTopicFor(pathname);
  return (
    <Modal
      opened={opened}
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
