import { Modal, ScrollArea, Tabs } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';
import { LEGAL_DOCUMENTS, LegalDocument } from '../../../components/legal-document.tsx';

/** Terms of use, privacy policy and cookies, one tab each: the same texts as the /legal pages. */
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
          {LEGAL_DOCUMENTS.map((tab) => (
            // Narrower on a phone, so the three tabs fit on one row ("Användarvillkor", "Käyttöehdot").
            <Tabs.Tab key={tab} value={tab} px={{ base: 'xs', xs: 'md' }}>
              {t(`terms.tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {LEGAL_DOCUMENTS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            <LegalDocument document={tab} headingOrder={3} inPopup />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
