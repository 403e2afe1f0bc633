import { useState, type Ref, type SubmitEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GROUP_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import { ZGroupName } from '@kolikko/core/schemas/groups';
import { IconPlus } from '../../../components/icons.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { useCreateGroup } from '../api/create-group.ts';

export const NEW_GROUP_INPUT_ID = 'new-group-name';

/** Spec section 8: these creation errors belong under the input, not in the banner. */
const INPUT_ERRORS = new Set(['GROUP.GROUP_TAKEN', 'GROUP.GROUP_NAME_MISSING', 'GROUP.GROUP_NAME_TOO_LONG']);

interface NewGroupFormProps {
  teacherId: string;
  onLimitReached: () => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function NewGroupForm({ teacherId, onLimitReached, inputRef }: NewGroupFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const create = useCreateGroup(teacherId);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = ZGroupName.safeParse(name);
    if (!parsed.success) {
      setError(errorMessageKey(parsed.error.issues[0]?.message ?? ''));
      document.getElementById(NEW_GROUP_INPUT_ID)?.focus();
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (group) => {
        setName('');
        showSuccess('success.GROUP_CREATED', { name: group.name });
      },
      onError: (failure) => {
        const code = errorCodeOf(failure);
        if (code === 'LIMITATIONS.GROUP_LIMIT_EXCEEDED') onLimitReached();
        else if (INPUT_ERRORS.has(code)) {
          setError(errorMessageKey(code));
          document.getElementById(NEW_GROUP_INPUT_ID)?.focus();
        } else showErrorCode(code);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('groups.new.formLabel')}>
      <Stack gap="xs">
        <TextInput
          ref={inputRef}
          id={NEW_GROUP_INPUT_ID}
          label={t('groups.new.label')}
          description={t('groups.new.hint', { max: GROUP_NAME_MAX_LENGTH })}
          placeholder={t('groups.new.placeholder')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          error={error ? t(error) : undefined}
          autoComplete="off"
        />
        <Button type="submit" leftSection={<IconPlus size={18} />} loading={create.isPending}>
          {t('groups.new.submit')}
        </Button>
      </Stack>
    </form>
  );
}
