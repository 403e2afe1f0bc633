import { useEffect, useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSearchParams } from '../../../lib/router.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { ssoStartHref } from '../../auth/api/sso.ts';
import { usePaymentConfig } from '../../shop/api/get-payment-config.ts';
import { useSsoIdentities, useUnlinkSso } from '../api/sso-identities.ts';

/**
 * The profile's sign-in methods (issue 34): the providers linked (with a way to remove each,
 * never the last way in), and a link button for each configured one not linked. Nothing when the
 * operator configured none and none is linked.
 */
export function SignInMethods({ teacherId }: { teacherId: string }) {
  const { t } = useTranslation();
  const identities = useSsoIdentities(teacherId);
  const providers = usePaymentConfig().data?.sso_providers ?? [];
  const unlink = useUnlinkSso(teacherId);
  const [removing, setRemoving] = useState<{ name: string; label: string } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useLinkedNotice();

  const linked = identities.data?.identities ?? [];
  if (providers.length === 0 && linked.length === 0) return null;
  const linkable = providers.filter((p) => !linked.some((l) => l.provider === p.name));

  function confirmRemove() {
    if (!removing || unlink.isPending) return;
    const { name, label } = removing;
    setRefusal(null);
    unlink.mutate(name, {
      onSuccess: () => showSuccess('sso.profile.removed', { label }),
      onError: (error) => setRefusal(errorMessageKey(errorCodeOf(error))),
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <SettingsSection title={t('sso.profile.title')} testId="sign-in-methods">
      <Text size="sm" c="dark.5">
        {t('sso.profile.text')}
      </Text>
      {identities.isPending ? <Skeleton height={40} radius="md" aria-label={t('common.loading')} /> : null}
      {identities.isError ? <QueryError error={identities.error} onRetry={() => void identities.refetch()} /> : null}
      {identities.data && linked.length === 0 ? (
        <Text size="sm" fw={600} data-testid="sign-in-methods-empty">
          {t('sso.profile.none')}
        </Text>
      ) : null}
      {linked.length > 0 ? (
        <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('sso.profile.title')}>
          {linked.map((identity) => (
            <Group
              component="li"
              key={identity.provider}
              justify="space-between"
              gap="xs"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
              data-testid={`sso-linked-${identity.provider}`}
            >
              <Stack gap={0} miw={0}>
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {identity.label}
                </Text>
                <Text size="xs" c="dark.5" style={{ overflowWrap: 'anywhere' }}>
                  {identity.email ? `${identity.email} · ` : ''}
                  {t('sso.profile.linkedAt', { date: formatDate(identity.linked_at) })}
                </Text>
              </Stack>
              <Button
                variant="default"
                size="xs"
                onClick={() => {
                  setRefusal(null);
                  setRemoving({ name: identity.provider, label: identity.label });
                }}
                aria-label={t('sso.profile.removeLabel', { label: identity.label })}
              >
                {t('sso.profile.remove')}
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
      {refusal ? (
        <Alert color="red" role="alert" data-testid="sso-unlink-refused">
          {t(refusal)}
        </Alert>
      ) : null}
      {identities.data && !identities.data.has_password ? (
        <Text size="sm" c="dark.5" data-testid="sso-no-password">
          {t('sso.profile.noPassword')}
        </Text>
      ) : null}
      {identities.data && linkable.length > 0 ? (
        <Group gap="sm">
          {linkable.map((provider) => (
            <Button key={provider.name} component="a" href={ssoStartHref(provider.name, 'link')} variant="light" size="sm">
              {t('sso.profile.link', { label: provider.label })}
            </Button>
          ))}
        </Group>
      ) : null}
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
        title={t('sso.profile.confirmTitle', { label: removing?.label ?? '' })}
        danger
        loading={unlink.isPending}
      >
        <Text>{t('sso.profile.confirmText', { label: removing?.label ?? '' })}</Text>
      </ConfirmModal>
    </SettingsSection>
  );
}

/** ?linked=1, where the provider's callback leaves a link: says so once, then removes it from the address. */
function useLinkedNotice() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (params.get('linked') === null) return;
    showSuccess('sso.profile.linked');
    const next = new URLSearchParams(params);
    next.delete('linked');
    setParams(next, { replace: true });
  }, [params, setParams]);
}
