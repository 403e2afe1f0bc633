import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { AWARD_REASON_ICONS, type AwardReasonIcon } from '@kolikko/core/enumerations';
import { REASON_COINS_MAX, REASON_NAME_MAX_LENGTH } from '@kolikko/core/limits';
import type { TAwardReason, TCreateReasonRequest } from '@kolikko/core/schemas/reasons';
import { IconAlertTriangle } from '../../../components/icons.tsx';
import { ReasonIcon } from '../../../components/reason-icon.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from './reasons-dialog.module.css';

interface ReasonFormProps {
  /** The reason edited; none: a new one. */
  initial?: TAwardReason;
  /** A "needs work" reason: the coins are taken back (stored negative, typed as 1 to 100). */
  needsWork: boolean;
  saving: boolean;
  errorKey: string | null;
  onSave: (reason: TCreateReasonRequest) => void;
  onCancel: () => void;
}

/** A reason's name, coins (1 to 100) and icon (one of 28, a radio group: arrow keys move between them). */
export function ReasonForm({ initial, needsWork, saving, errorKey, onSave, onCancel }: ReasonFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(initial?.name ?? '');
  const [coins, setCoins] = useState<number | string>(Math.abs(initial?.coins ?? 1));
  const [icon, setIcon] = useState<AwardReasonIcon>(initial?.icon ?? (needsWork ? 'needs-work' : 'star'));
  const [touched, setTouched] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  // The form opens where the teacher pressed "Add" or "Edit": the keyboard goes to its first field.
  useEffect(() => nameInput.current?.focus(), []);
  const trimmed = name.trim();
  const amount = typeof coins === 'number' ? coins : Number(coins);
  const coinsValid = coins !== '' && Number.isInteger(amount) && amount >= 1 && amount <= REASON_COINS_MAX;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (trimmed === '' || !coinsValid) return;
    onSave({ name: trimmed, icon, coins: needsWork ? -amount : amount });
  }

  return (
    <form onSubmit={submit} className={classes.form} data-testid="reason-form" noValidate>
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('groups.reasons.form.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={REASON_NAME_MAX_LENGTH}
            error={touched && trimmed === '' ? t('groups.reasons.form.nameMissing') : undefined}
            required
            ref={nameInput}
            flex="1 1 200px"
          />
          <NumberInput
            label={t(needsWork ? 'groups.reasons.form.coinsTaken' : 'groups.reasons.form.coins')}
            value={coins}
            onChange={setCoins}
            min={1}
            max={REASON_COINS_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            error={touched && !coinsValid ? t('groups.reasons.form.coinsHint', { max: REASON_COINS_MAX }) : undefined}
            w={130}
          />
        </Group>
        <fieldset className={classes.picker}>
          <legend className={classes.legend}>{t('groups.reasons.form.icon')}</legend>
          <div className={classes.iconGrid}>
            {AWARD_REASON_ICONS.map((option) => (
              <label key={option} className={classes.iconOption} data-checked={option === icon || undefined} title={t(`groups.reasons.icons.${option}`)}>
                <input
                  type="radio"
                  name={`reason-icon-${id}`}
                  value={option}
                  checked={option === icon}
                  onChange={() => setIcon(option)}
                  className={classes.radio}
                  aria-label={t(`groups.reasons.icons.${option}`)}
                />
                <ReasonIcon icon={option} size={22} />
              </label>
            ))}
          </div>
        </fieldset>
        {errorKey ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {t(errorKey)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t(initial ? 'groups.reasons.form.save' : 'groups.reasons.form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
