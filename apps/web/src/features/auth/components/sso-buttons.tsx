import { Button, Divider, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePaymentConfig } from '../../shop/api/get-payment-config.ts';
import { ssoStartHref } from '../api/sso.ts';

/**
 * Issue 34: a button per sign-in provider the operator configured (GET /api/config), under an
 * "or" divider; nothing when none is. Each is a link: the browser leaves for the provider.
 */
export function SsoButtons({ mode }: { mode: 'login' | 'signup' }) {
  const { t } = useTranslation();
  const providers = usePaymentConfig().data?.sso_providers ?? [];
  if (providers.length === 0) return null;
  return (
    <>
      <Divider label={t('sso.or')} labelPosition="center" />
      <Stack gap="sm" data-testid="sso-buttons">
        {providers.map((provider) => (
          <Button key={provider.name} component="a" href={ssoStartHref(provider.name)} variant="default" size="md" fullWidth>
            {t(mode === 'login' ? 'sso.signIn' : 'sso.signUp', { label: provider.label })}
          </Button>
        ))}
      </Stack>
    </>
  );
}
