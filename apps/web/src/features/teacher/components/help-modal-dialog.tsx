import { List, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { MODAL_WIDTH_COMMUNITY_PX } from '@kolikko/core/limits';

import { TutorialVideo } from '../../../components/tutorial-video.tsx';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import type { VideoTopic } from '../../../lib/videos.ts';
import { helpTopicFor, type HelpModalProps, type HelpTopic } from './help-modal.tsx';

const STEP_COUNT = 3;

/** Each help topic's video (scripts/videos); the home topic also shows the student's side. */
const TOPIC_VIDEO: Record<HelpTopic, VideoTopic> = {
  home: 'getting-started',
  groups: 'groups',
  todos: 'todolists',
  shared: 'small-groups',
  rewards: 'rewards',
  shop: 'shop',
  community: 'community',
  profile: 'profile',
};

/** The dialog of HelpModal (help-modal.tsx), fetched the first time help opens. */
export function HelpModalDialog({ opened, onClose, pathname }: HelpModalProps) {
  const { t } = useTranslation();
  const topic = helpTopicFor(pathname);
  const open = useOpenAfterMount(opened);
  const title = topic ? t(`help.topics.${topic}.title`) : t('help.title');
  return (
    <Modal opened={open} onClose={onClose} size={MODAL_WIDTH_COMMUNITY_PX} title={title} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {topic ? (
        <Stack gap="md">
          <TutorialVideo topic={TOPIC_VIDEO[topic]} title={t('help.video', { title })} />
          <List type="ordered" spacing="sm">
            {Array.from({ length: STEP_COUNT }, (_, index) => (
              <List.Item key={index}>{t(`help.topics.${topic}.step${index + 1}`)}</List.Item>
            ))}
          </List>
          {topic === 'home' ? (
            <Stack gap="xs">
              <Title order={3} fz="md">
                {t('help.studentVideo.title')}
              </Title>
              <Text size="sm" c="dark.4">
                {t('help.studentVideo.text')}
              </Text>
              <TutorialVideo topic="student" title={t('help.video', { title: t('help.studentVideo.title') })} />
            </Stack>
          ) : null}
        </Stack>
      ) : (
        <Text>{t('help.notFound')}</Text>
      )}
    </Modal>
  );
}
