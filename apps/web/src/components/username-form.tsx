import { useId, useState, type SubmitEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '@kolikko/core/limits';
import { showErrorCode, showSuccess } from '../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../lib/error-message.ts';
import { formSchemas } from '../lib/validate.ts';

/** Server codes that belong under the field rather than in the banner. */
const FIELD_ERRORS = new Set(['USER.USERNAME_TAKEN', 'USER.INVALID_USERNAME']);

interface UsernameFormProps {
  current: string;
  /** Sends the new name; resolves when the server accepted it. */
  save: (username: string) => Promise<unknown>;
  isSaving: boolean;
  label?: string;
}

/** Edits a username (teacher, student or a teacher's member) with the rules of spec section 5. */
export function UsernameForm({ current, save, isSaving, label }: UsernameFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | undefined>(undefined);
  const isUnchanged = value.trim() === current;

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isUnchanged || isSaving) return;
    void formSchemas().then(({ ZUsername }) => {
      const parsed = ZUsername.safeParse(value);
      if (!parsed.success) {
        setError(errorMessageKey(parsed.error.issues[0]?.message ?? ''));
        document.getElementById(id)?.focus();
        return;
      }
      save(parsed.data).then(
        () => {
          setValue(parsed.data);
          showSuccess('success.USERNAME_CHANGED', { username: parsed.data });
        },
        (failure: unknown) => {
          const code = errorCodeOf(failure);
          if (FIELD_ERRORS.has(code)) {
            setError(errorMessageKey(code));
            document.getElementById(id)?.focus();
          } else showErrorCode(code);
        },
      );
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          id={id}
          label={label ?? t('auth.fields.username')}
          description={t('auth.hints.username', { min: USERNAME_MIN_LENGTH, max: USERNAME_MAX_LENGTH })}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          error={error ? t(error) : undefined}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          style={{ flex: '1 1 240px' }}
        />
        <Button type="submit" disabled={isUnchanged} loading={isSaving} mt={{ base: 0, xs: 46 }} w={{ base: '100%', xs: 'auto' }}>
          {t('profile.saveUsername')}
        </Button>
      </Group>
    </form>
  );
}
