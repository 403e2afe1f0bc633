import '../../../lib/zod-config.ts';
import { useState, type SubmitEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { ZPasswordResetRequest } from '@kolikko/core/schemas/auth';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { focusField } from '../hooks/use-field-errors.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthCard } from './auth-card.tsx';

const EMAIL_ID = 'forgot-email';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const request = useRequestPasswordReset();

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === '' || request.isPending) return;
    const parsed = ZPasswordResetRequest.safeParse({ email });
    if (!parsed.success) {
      setError(errorMessageKey(parsed.error.issues[0]?.message ?? ''));
      focusField(EMAIL_ID);
      return;
    }
    request.mutate(parsed.data, {
      onSuccess: () => {
        setEmail('');
        showSuccess('success.PASSWORD_RESET_LINK_SENT');
      },
      onError: (failure) => showErrorCode(failure instanceof ApiError ? failure.errorCode : 'SERVER.ERROR'),
    });
  }

  return (
    <AuthCard area="teacher" title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            id={EMAIL_ID}
            type="email"
            label={t('auth.fields.email')}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setError(undefined);
            }}
            error={error ? t(error) : undefined}
            autoComplete="email"
            required
            size="md"
          />
          <Button type="submit" size="md" fullWidth disabled={email.trim() === ''} loading={request.isPending}>
            {t('auth.forgot.submit')}
          </Button>
          <Button component={Link} to="/teacher/login" variant="default" size="md" fullWidth>
            {t('auth.forgot.backToLogin')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
