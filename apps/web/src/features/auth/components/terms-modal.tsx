import { Modal, ScrollArea, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';

const TABS = ['terms', 'privacy', 'cookies'] as const;

/** Terms of use, privacy policy and cookies, one tab each. Paragraphs are separated by blank lines. */
export function TermsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('terms.title')}
      size={MODAL_WIDTH_DEFAULT_PX + 100}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Tabs defaultValue="terms" keepMounted={false}>
        <Tabs.List grow>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`terms.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <Stack gap="sm">
              {t(`terms.${tab}Body`)
                .split('\n\n')
                .map((paragraph) => (
                  <Text key={paragraph} size="sm" lh={1.6}>
                    {paragraph}
                  </Text>
                ))}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
