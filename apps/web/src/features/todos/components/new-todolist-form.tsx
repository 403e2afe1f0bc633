import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate } from '../../../lib/router.tsx';
import { TODOLIST_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import { NewNameForm, useInputError } from '../../../components/new-name-form.tsx';
import { showErrorCode, showSuccessOnNextPage } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { useCreateTodolist } from '../api/create-todolist.ts';
import { formSchemas } from '../../../lib/validate.ts';

/** Spec section 8 (addTodolist): the name errors belong under the input, not in the banner. */
const INPUT_ERRORS = new Set(['TODOLIST.TODOLIST_NAME_MISSING', 'TODOLIST.TODOLIST_NAME_TOO_LONG']);

export function NewTodolistForm({ teacherId }: { teacherId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [name, setName] = useState('');
  const inputError = useInputError(inputId);
  const create = useCreateTodolist(teacherId);

  function submit() {
    void formSchemas().then(({ ZTodolistName }) => {
      const parsed = ZTodolistName.safeParse(name);
      if (!parsed.success) {
        inputError.show(errorMessageKey(parsed.error.issues[0]?.message ?? ''));
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
          if (INPUT_ERRORS.has(code)) inputError.show(errorMessageKey(code));
          else showErrorCode(code);
        },
      });
    });
  }

  return (
    <NewNameForm
      inputId={inputId}
      texts={{
        form: t('todolists.new.formLabel'),
        label: t('todolists.new.label'),
        hint: t('todolists.new.hint', { max: TODOLIST_NAME_MAX_LENGTH }),
        placeholder: t('todolists.new.placeholder'),
        submit: t('todolists.new.submit'),
      }}
      value={name}
      onChange={(value) => {
        setName(value);
        inputError.clear();
      }}
      error={inputError.error}
      loading={create.isPending}
      onSubmit={submit}
    />
  );
}
