import { useId, useState, type SubmitEvent } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { PASSWORD_MIN_LENGTH, PASSWORD_RECOMMENDED_LENGTH } from '@kolikko/core/limits';
import { showErrorCode, showSuccess } from '../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../lib/error-message.ts';
import { PasswordField } from './password-field.tsx';
import { formSchemas } from '../lib/validate.ts';

type Field = 'oldPassword' | 'password' | 'passwordConfirm';

/** Server codes that belong under a field rather than in the banner. */
const SERVER_FIELD: Partial<Record<string, Field>> = {
  'AUTH.WRONG_PASSWORD': 'oldPassword',
  'USER.INVALID_PASSWORD': 'password',
};

interface PasswordChangeFormProps {
  /** A teacher changing their own password types the old one first; a teacher setting a member's does not. */
  withOldPassword: boolean;
  save: (passwords: { oldPassword: string; password: string }) => Promise<unknown>;
  isSaving: boolean;
  submitLabel: string;
  successKey: string;
  /** A sentence above the fields, e.g. what happens to the student. */
  hint?: string;
}

/** New password and its confirmation (spec section 5), optionally after the old one. */
export function PasswordChangeForm({ withOldPassword, save, isSaving, submitLabel, successKey, hint }: PasswordChangeFormProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const fieldId = (field: Field) => `${baseId}-${field}`;
  const [values, setValues] = useState<Record<Field, string>>({ oldPassword: '', password: '', passwordConfirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [visible, setVisible] = useState(false);

  const isBlank = (withOldPassword && values.oldPassword === '') || values.password === '' || values.passwordConfirm === '';

  function update(field: Field, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  function fail(field: Field, key: string) {
    setErrors({ [field]: key });
    document.getElementById(fieldId(field))?.focus();
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBlank || isSaving) return;
    void formSchemas().then(({ ZPassword }) => {
      const parsed = ZPassword.safeParse(values.password);
      if (!parsed.success) {
        fail('password', errorMessageKey(parsed.error.issues[0]?.message ?? ''));
        return;
      }
      if (values.password !== values.passwordConfirm) {
        fail('passwordConfirm', 'auth.passwordsDoNotMatch');
        return;
      }
      save({ oldPassword: values.oldPassword, password: parsed.data }).then(
        () => {
          setValues({ oldPassword: '', password: '', passwordConfirm: '' });
          showSuccess(successKey);
        },
        (failure: unknown) => {
          const code = errorCodeOf(failure);
          const field = SERVER_FIELD[code];
          if (field && (field !== 'oldPassword' || withOldPassword)) fail(field, errorMessageKey(code));
          else showErrorCode(code);
        },
      );
    });
  }

  const errorText = (field: Field) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm" maw={420}>
        {hint ? (
          <Text size="sm" c="dark.5">
            {hint}
          </Text>
        ) : null}
        {withOldPassword ? (
          <PasswordField
            id={fieldId('oldPassword')}
            label={t('profile.oldPassword')}
            value={values.oldPassword}
            onChange={(event) => update('oldPassword', event.currentTarget.value)}
            error={errorText('oldPassword')}
            visible={visible}
            onToggleVisible={() => setVisible((v) => !v)}
            autoComplete="current-password"
            required
          />
        ) : null}
        <PasswordField
          id={fieldId('password')}
          label={t('auth.fields.newPassword')}
          description={t('auth.hints.password', { min: PASSWORD_MIN_LENGTH, recommended: PASSWORD_RECOMMENDED_LENGTH })}
          value={values.password}
          onChange={(event) => update('password', event.currentTarget.value)}
          error={errorText('password')}
          visible={visible}
          onToggleVisible={withOldPassword ? undefined : () => setVisible((v) => !v)}
          autoComplete="new-password"
          required
        />
        <PasswordField
          id={fieldId('passwordConfirm')}
          label={t('auth.fields.newPasswordConfirm')}
          value={values.passwordConfirm}
          onChange={(event) => update('passwordConfirm', event.currentTarget.value)}
          error={errorText('passwordConfirm')}
          visible={visible}
          autoComplete="new-password"
          required
        />
        <Button type="submit" disabled={isBlank} loading={isSaving} w={{ base: '100%', xs: 'auto' }} style={{ alignSelf: 'flex-start' }}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
