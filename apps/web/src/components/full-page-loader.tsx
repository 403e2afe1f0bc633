import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status">
      <Loader color="coin" type="dots" size="lg" aria-hidden="true" />
      <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
