import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate } from '../../../lib/router.tsx';
import { REWARDLIST_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import { NewNameForm, useInputError } from '../../../components/new-name-form.tsx';
import { showErrorCode, showSuccessOnNextPage } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useCreateRewardlist } from '../api/create-rewardlist.ts';
import { formSchemas } from '../../../lib/validate.ts';

/**
 * A list's name answers with the reward name's codes (the catalogue has none for lists); under
 * this input they read as the list's own texts.
 */
const NAME_ERRORS: Partial<Record<string, string>> = {
  'REWARD.REWARD_NAME_REQUIRED': 'rewards.lists.nameRequired',
  'REWARD.REWARD_NAME_TOO_LONG': 'rewards.lists.nameTooLong',
};

export function NewRewardlistForm({ teacherId }: { teacherId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const [name, setName] = useState('');
  const inputError = useInputError(inputId);
  const create = useCreateRewardlist(teacherId);

  function submit() {
    void formSchemas().then(({ ZRewardlistName }) => {
      const parsed = ZRewardlistName.safeParse(name);
      if (!parsed.success) {
        inputError.show(NAME_ERRORS[parsed.error.issues[0]?.message ?? ''] ?? 'rewards.lists.nameRequired');
        return;
      }
      create.mutate(parsed.data, {
        onSuccess: (list) => {
          setName('');
          showSuccessOnNextPage('rewards.lists.created', { name: list.name });
          void navigate(`/teacher/rewards/${list.id}`);
        },
        onError: (failure) => {
          const code = errorCodeOf(failure);
          const key = NAME_ERRORS[code];
          if (key) inputError.show(key);
          else showErrorCode(code);
        },
      });
    });
  }

  return (
    <NewNameForm
      inputId={inputId}
      texts={{
        form: t('rewards.lists.newFormLabel'),
        label: t('rewards.lists.newLabel'),
        hint: t('rewards.lists.newHint', { max: REWARDLIST_NAME_MAX_LENGTH }),
        placeholder: t('rewards.lists.newPlaceholder'),
        submit: t('rewards.lists.create'),
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
