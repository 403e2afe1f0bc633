import { useId, useState, type SubmitEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { REWARDLIST_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import { ZRewardlistName } from '@kolikko/core/schemas/rewards';
import { IconPlus } from '../../../components/icons.tsx';
import { showErrorCode, showSuccessOnNextPage } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useCreateRewardlist } from '../api/create-rewardlist.ts';

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
  const [error, setError] = useState<string | undefined>(undefined);
  const create = useCreateRewardlist(teacherId);

  function showInputError(key: string) {
    setError(key);
    document.getElementById(inputId)?.focus();
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = ZRewardlistName.safeParse(name);
    if (!parsed.success) {
      showInputError(NAME_ERRORS[parsed.error.issues[0]?.message ?? ''] ?? 'rewards.lists.nameRequired');
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
        if (key) showInputError(key);
        else showErrorCode(code);
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('rewards.lists.newFormLabel')}>
      <Stack gap="xs">
        <TextInput
          id={inputId}
          label={t('rewards.lists.newLabel')}
          description={t('rewards.lists.newHint', { max: REWARDLIST_NAME_MAX_LENGTH })}
          placeholder={t('rewards.lists.newPlaceholder')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(undefined);
          }}
          error={error ? t(error) : undefined}
          autoComplete="off"
        />
        <Button type="submit" leftSection={<IconPlus size={18} />} loading={create.isPending}>
          {t('rewards.lists.create')}
        </Button>
      </Stack>
    </form>
  );
}
