import { useId, useState, type SubmitEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TODOLIST_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import { ZTodolistName } from '@kolikko/core/schemas/todos';
import { IconPlus } from '../../../components/icons.tsx';
import { showErrorCode, showSuccessOnNextPage } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { useCreateTodolist } from '../api/create-todolist.ts';

/** Spec section 8 (addTodolist): the name errors belong under the input, not in the banner. */
const INPUT_ERRORS = new Set(['TODOLIST.TODOLIST_NAME_MISSING', 'TODOLIST.TODOLIST_NAME_TOO_LONG']);

export function NewTodolistForm({ teacherId }: { teacherId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const create = useCreateTodolist(teacherId);

  function showInputError(key: string) {
    setError(key);
    document.getElementById(inputId)?.focus();
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = ZTodolistName.safeParse(name);
    if (!parsed.success) {
      showInputError(errorMessageKey(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (list) => {
        setName('');
        showSuccessOnNextPage('todolists.new.created', { name: list.name });
        void navigate(`/teacher/todos/${list.id}`);
      },
      onError: (failure) => {
        const code = errorCodeOf(failure);
        if (INPUT_ERRORS.has(code)) showInputError(errorMessageKey(code));
        else showErrorCode(code);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('todolists.new.formLabel')}>
      <Stack gap="xs">
        <TextInput
          id={inputId}
          label={t('todolists.new.label')}
          description={t('todolists.new.hint', { max: TODOLIST_NAME_MAX_LENGTH })}
          placeholder={t('todolists.new.placeholder')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          error={error ? t(error) : undefined}
          autoComplete="off"
        />
        <Button type="submit" leftSection={<IconPlus size={18} />} loading={create.isPending}>
          {t('todolists.new.submit')}
        </Button>
      </Stack>
    </form>
  );
}
