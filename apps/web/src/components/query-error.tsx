import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { ApiError } from '../lib/api-client.ts';
import { errorMessageKey } from '../lib/error-message.ts';
import { IconAlertTriangle } from './icons.tsx';

/** A failed load: the translated reason and a way to try again. */
export function QueryError({ error, onRetry, title }: { error: unknown; onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.errorCode : 'SERVER.ERROR';
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={title ?? t('common.loadFailed')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t(errorMessageKey(code))}</Text>
        <Button size="xs" variant="white" color="red.9" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
