import { useState, type Ref } from 'react';
import { Checkbox } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { GROUP_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import { NewNameForm, useInputError } from '../../../components/new-name-form.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { useCreateGroup } from '../api/create-group.ts';
import { formSchemas } from '../../../lib/validate.ts';

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
  // Spec section 1: trading needs the teacher's permission, so it starts off.
  const [tradingAllowed, setTradingAllowed] = useState(false);
  const inputError = useInputError(NEW_GROUP_INPUT_ID);
  const create = useCreateGroup(teacherId);

  function submit() {
    void formSchemas().then(({ ZGroupName }) => {
      const parsed = ZGroupName.safeParse(name);
      if (!parsed.success) {
        inputError.show(errorMessageKey(parsed.error.issues[0]?.message ?? ''));
        return;
      }
      create.mutate({ groupName: parsed.data, tradingAllowed }, {
        onSuccess: (group) => {
          setName('');
          setTradingAllowed(false);
          showSuccess('success.GROUP_CREATED', { name: group.name });
        },
        onError: (failure) => {
          const code = errorCodeOf(failure);
          if (code === 'LIMITATIONS.GROUP_LIMIT_EXCEEDED') onLimitReached();
          else if (INPUT_ERRORS.has(code)) inputError.show(errorMessageKey(code));
          else showErrorCode(code);
        },
      });
    });
  }

  return (
    <NewNameForm
      inputId={NEW_GROUP_INPUT_ID}
      inputRef={inputRef}
      texts={{
        form: t('groups.new.formLabel'),
        label: t('groups.new.label'),
        hint: t('groups.new.hint', { max: GROUP_NAME_MAX_LENGTH }),
        placeholder: t('groups.new.placeholder'),
        submit: t('groups.new.submit'),
      }}
      value={name}
      onChange={(value) => {
        setName(value);
        inputError.clear();
      }}
      error={inputError.error}
      loading={create.isPending}
      onSubmit={submit}
    >
      <Checkbox
        label={t('groups.new.trading')}
        description={t('groups.new.tradingHint')}
        checked={tradingAllowed}
        onChange={(event) => setTradingAllowed(event.currentTarget.checked)}
        data-testid="new-group-trading"
      />
    </NewNameForm>
  );
}
