import { Button, Divider, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePaymentConfig } from '../../shop/api/get-payment-config.ts';
import { ssoStartHref } from '../api/sso.ts';

/** The operator's label can be long ("Skapa konto med Skolkontot i Vasa"): it wraps inside the button instead of being cut off. */
const WRAPPING = { h: 'auto', mih: 42, py: 8, styles: { label: { whiteSpace: 'normal', lineHeight: 1.3, textAlign: 'center' } } } as const;

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
          <Button key={provider.name} component="a" href={ssoStartHref(provider.name)} variant="default" size="md" fullWidth {...WRAPPING}>
            {t(mode === 'login' ? 'sso.signIn' : 'sso.signUp', { label: provider.label })}
          </Button>
        ))}
      </Stack>
    </>
  );
}
