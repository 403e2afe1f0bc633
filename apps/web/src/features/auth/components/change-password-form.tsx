import '../../../lib/zod-config.ts';
import { useState, type SubmitEvent } from 'react';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate, useSearchParams } from '../../../lib/router.tsx';
import { PASSWORD_MIN_LENGTH, PASSWORD_RECOMMENDED_LENGTH } from '@kolikko/core/limits';
import { ZPasswordResetConfirmRequest } from '@kolikko/core/schemas/auth';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { useConfirmPasswordReset } from '../api/password-reset.ts';
import { focusField, useFieldErrors } from '../hooks/use-field-errors.ts';
import { AuthCard } from './auth-card.tsx';

type Field = 'password' | 'passwordConfirm';
const FIELD_ID: Record<Field, string> = { password: 'new-password', passwordConfirm: 'new-password-confirm' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [passwordConfirm, setPasswordConfirm] = useState('');
  const [visible, setVisible] = useState(false);
  const { errors, setErrors, clearFieldError } = useFieldErrors<Field>();
  const confirm = useConfirmPasswordReset();

  const isBlank = password === '' || passwordConfirm === '';

  /** Spec section 2: a failed reset shows the error and sends the teacher to ask for a new link. */
  function failAndRestart(code: string) {
    showErrorCode(code);
    void navigate('/teacher/forgot-password');
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBlank || confirm.isPending) return;
    const parsed = ZPasswordResetConfirmRequest.safeParse({ password, token });
    if (!parsed.success) {
      const tokenIssue = parsed.error.issues.find((issue) => issue.path[0] === 'token');
      if (tokenIssue) {
        failAndRestart(tokenIssue.message);
        return;
      }
      setErrors({ password: errorMessageKey(parsed.error.issues[0]?.message ?? '') });
      focusField(FIELD_ID.password);
      return;
    }
    if (password !== passwordConfirm) {
      setErrors({ passwordConfirm: 'auth.passwordsDoNotMatch' });
      focusField(FIELD_ID.passwordConfirm);
      return;
    }
    confirm.mutate(parsed.data, {
      onSuccess: () => {
        showSuccess('success.PASSWORD_RESET');
        void navigate('/teacher/login');
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.errorCode : 'SERVER.ERROR';
        if (code === 'USER.INVALID_PASSWORD') {
          setErrors({ password: errorMessageKey(code) });
          focusField(FIELD_ID.password);
        } else {
          failAndRestart(code);
        }
      },
    });
  }

  return (
    <AuthCard area="teacher" title={t('auth.change.title')} subtitle={t('auth.change.subtitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <PasswordField
            id={FIELD_ID.password}
            label={t('auth.fields.newPassword')}
            description={t('auth.hints.password', { min: PASSWORD_MIN_LENGTH, recommended: PASSWORD_RECOMMENDED_LENGTH })}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              clearFieldError('password');
            }}
            error={errors.password ? t(errors.password) : undefined}
            visible={visible}
            onToggleVisible={() => setVisible((v) => !v)}
            autoComplete="new-password"
            required
            size="md"
          />
          <PasswordField
            id={FIELD_ID.passwordConfirm}
            label={t('auth.fields.newPasswordConfirm')}
            value={passwordConfirm}
            onChange={(event) => {
              setPasswordConfirm(event.currentTarget.value);
              clearFieldError('passwordConfirm');
            }}
            error={errors.passwordConfirm ? t(errors.passwordConfirm) : undefined}
            visible={visible}
            autoComplete="new-password"
            required
            size="md"
          />
          <Button type="submit" size="md" fullWidth disabled={isBlank} loading={confirm.isPending}>
            {t('auth.change.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
