import { useId, useState, type SubmitEvent } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { MODAL_WIDTH_DEFAULT_PX, REWARD_DESCRIPTION_MAX_LENGTH, REWARD_NAME_MAX_LENGTH, REWARD_PRICE_MAX, REWARD_PRICE_MIN } from '@kolikko/core/limits';
import type { TReward, TRewardFields, TRewardList } from '@kolikko/core/schemas/rewards';
import { CoinIcon } from '../../../components/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { firstErrorField, issuesToFieldErrors, type FieldErrors } from '../../../lib/form-errors.ts';
import { useChangeRewardlistItems } from '../api/change-rewardlist-items.ts';
import { useSaveReward } from '../api/save-reward.ts';
import { formSchemas } from '../../../lib/validate.ts';

type Field = keyof TRewardFields;
const FIELDS: readonly Field[] = ['name', 'description', 'price'];

/** The server's reward codes, each under its own field (spec section 8). */
const FIELD_OF_CODE: Partial<Record<string, Field>> = {
  'REWARD.REWARD_NAME_REQUIRED': 'name',
  'REWARD.REWARD_NAME_TOO_LONG': 'name',
  'REWARD.REWARD_DESCRIPTION_REQUIRED': 'description',
  'REWARD.REWARD_PRICE_MUST_BE_GREATER_THAN_ZERO': 'price',
};

/** The price typed: a whole number of coins, nothing yet (''), or anything else ('invalid': "3/4", "2.5", "-1"). */
function priceOf(text: string): number | '' | 'invalid' {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return /^\d+$/.test(trimmed) ? Number(trimmed) : 'invalid';
}

function isField(value: string | undefined): value is Field {
  return FIELDS.some((field) => field === value);
}

function fieldOfError(error: unknown): Field | undefined {
  const code = errorCodeOf(error);
  if (FIELD_OF_CODE[code]) return FIELD_OF_CODE[code];
  return error instanceof ApiError && isField(error.field) ? error.field : undefined;
}

interface RewardEditorModalProps {
  teacherId: string;
  /** The reward to edit, or null for a new one. */
  reward: TReward | null;
  /** The list open beside all rewards: a new reward can go straight into it. */
  list: TRewardList | null;
  onClose: () => void;
}

/** Spec section 2's create / edit reward popup: name (at most 40), description, price 0 to 999. */
export function RewardEditorModal({ teacherId, reward, list, onClose }: RewardEditorModalProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const fieldId = (field: Field) => `${baseId}-${field}`;
  const [name, setName] = useState(reward?.name ?? '');
  const [description, setDescription] = useState(reward?.description ?? '');
  // What was typed, as typed: a price that is not a whole number is refused, never read as other digits (issue 33).
  const [priceText, setPriceText] = useState(String(reward?.price ?? 0));
  const price = priceOf(priceText);
  const [addToList, setAddToList] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const save = useSaveReward(teacherId);
  const changeItems = useChangeRewardlistItems(teacherId);
  const isSaving = save.isPending || changeItems.isPending;

  function showErrors(next: FieldErrors<Field>) {
    setErrors(next);
    const first = firstErrorField(next, FIELDS);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  function clearError(field: Field) {
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    void formSchemas().then(({ ZRewardFields }) => {
      // A price that is not a whole number is said as such, with what else is wrong in the form.
      const notWhole = price === 'invalid' ? { price: 'rewards.editor.priceNotWhole' } : {};
      const parsed = ZRewardFields.safeParse({ name, description, price: price === '' ? undefined : price === 'invalid' ? 0 : price });
      if (!parsed.success || price === 'invalid') {
        showErrors({ ...(parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, FIELDS)), ...notWhole });
        return;
      }
      const fields = parsed.data;
      const changes: Partial<TRewardFields> = {};
      if (reward) {
        if (fields.name !== reward.name) changes.name = fields.name;
        if (fields.description !== reward.description) changes.description = fields.description;
        if (fields.price !== reward.price) changes.price = fields.price;
        if (Object.keys(changes).length === 0) {
          onClose();
          return;
        }
      }
      save.mutate(reward ? { kind: 'update', rewardId: reward.id, changes } : { kind: 'create', fields }, {
        onSuccess: (saved) => {
          if (!reward && list && addToList) {
            changeItems.mutate(
              { change: 'add', rewardlistId: list.id, rewardId: saved.id },
              {
                onSuccess: () => showSuccess('rewards.editor.createdInList', { name: saved.name, list: list.name }),
                onError: (error) => showErrorCode(errorCodeOf(error)),
                onSettled: onClose,
              },
            );
            return;
          }
          showSuccess(reward ? 'rewards.editor.updated' : 'rewards.editor.created', { name: saved.name });
          onClose();
        },
        onError: (error) => {
          const field = fieldOfError(error);
          if (field) showErrors({ [field]: errorMessageKey(errorCodeOf(error)) });
          else showErrorCode(errorCodeOf(error));
        },
      });
    });
  }

  const errorText = (field: Field) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <Modal
      opened
      onClose={isSaving ? () => undefined : onClose}
      size={MODAL_WIDTH_DEFAULT_PX}
      title={reward ? t('rewards.editor.editTitle') : t('rewards.editor.newTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="reward-editor-dialog"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            id={fieldId('name')}
            label={t('rewards.editor.name')}
            description={t('rewards.editor.nameHint', { max: REWARD_NAME_MAX_LENGTH, length: name.trim().length })}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clearError('name');
            }}
            error={errorText('name')}
            autoComplete="off"
            data-autofocus
            required
          />
          <Textarea
            id={fieldId('description')}
            label={t('rewards.editor.description')}
            description={t('rewards.editor.descriptionHint')}
            value={description}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              clearError('description');
            }}
            error={errorText('description')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={REWARD_DESCRIPTION_MAX_LENGTH}
            required
            withAsterisk={false}
          />
          <TextInput
            id={fieldId('price')}
            label={t('rewards.editor.price')}
            description={t('rewards.editor.priceHint', { min: REWARD_PRICE_MIN, max: REWARD_PRICE_MAX })}
            value={priceText}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              const value = priceOf(typed);
              // Spec section 5: the price is clamped to 0..999 as it is typed.
              setPriceText(typeof value === 'number' && value > REWARD_PRICE_MAX ? String(REWARD_PRICE_MAX) : typed);
              clearError('price');
            }}
            onKeyDown={(event) => {
              // A spin button's arrows: one coin up or down, within the range.
              const step = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
              if (step === 0 || typeof price !== 'number') return;
              event.preventDefault();
              setPriceText(String(Math.min(REWARD_PRICE_MAX, Math.max(REWARD_PRICE_MIN, price + step))));
              clearError('price');
            }}
            error={errorText('price')}
            inputMode="numeric"
            autoComplete="off"
            leftSection={<CoinIcon size={18} />}
            // A text box, so that what was typed stays to be corrected; the role and values make it the spin button it behaves as.
            role="spinbutton"
            aria-valuemin={REWARD_PRICE_MIN}
            aria-valuemax={REWARD_PRICE_MAX}
            aria-valuenow={typeof price === 'number' ? price : undefined}
            w={{ base: '100%', xs: 200 }}
          />
          {!reward && list ? (
            <Checkbox
              label={t('rewards.editor.addToList', { list: list.name })}
              checked={addToList}
              onChange={(event) => setAddToList(event.currentTarget.checked)}
            />
          ) : null}
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} disabled={isSaving}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t('rewards.editor.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
