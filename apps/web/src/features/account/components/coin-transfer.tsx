import { useId, useState, type SubmitEvent } from 'react';
import { Alert, Button, Group, NumberInput, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TMemberUser } from '@kolikko/core/schemas/auth';
import type { TClassmate } from '@kolikko/core/schemas/coins';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { CoinIcon, IconAlertTriangle, IconSend } from '../../../components/icons.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { coinsValue } from '../../../lib/banner-text.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { setSessionTrading } from '../../../lib/auth.ts';
import { useClassmates } from '../api/get-classmates.ts';
import { useTransferCoins } from '../api/transfer-coins.ts';

type Field = 'recipient' | 'amount';

/** Server codes that belong under a field rather than in the banner. */
const FIELD_OF_CODE: Partial<Record<string, Field>> = {
  'GROUP.NOT_IN_GROUP': 'recipient',
  'USER.NOT_YOU': 'recipient',
  'MISC.OUT_OF_COINS': 'amount',
  'VALIDATION.INVALID_INPUT': 'amount',
};

function isTradingRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.errorCode === 'PERMISSION.INSUFFICIENT_PERMISSIONS' && error.field === 'trading_allowed';
}

/**
 * Spec section 5's coin transfer: a classmate, a whole number of coins from 1 to the student's
 * own, and a confirm step naming both. Where the teacher has not allowed trading (the session
 * says so, kept live), it says so first and the form cannot be used.
 */
export function CoinTransfer({ student }: { student: TMemberUser }) {
  const { t } = useTranslation();
  const baseId = useId();
  const tradingOffId = `${baseId}-trading-off`;
  const fieldId = (field: Field) => `${baseId}-${field}`;
  const classmates = useClassmates(student.id);
  const transfer = useTransferCoins(student.id);
  const [recipient, setRecipient] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | ''>(1);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [confirming, setConfirming] = useState(false);
  // What the confirm step names; it stays while the dialog fades out after sending.
  const [asked, setAsked] = useState<{ classmate: TClassmate; amount: number } | null>(null);

  const chosen = classmates.data?.find((classmate) => classmate.id === recipient) ?? null;
  const hasCoins = student.coins >= 1;
  const tradingOff = !student.trading_allowed;
  const usable = hasCoins && !tradingOff;

  function fail(field: Field, key: string) {
    setErrors({ [field]: key });
    document.getElementById(fieldId(field))?.focus();
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (transfer.isPending || tradingOff) return;
    if (!chosen) {
      fail('recipient', 'transfer.recipientRequired');
      return;
    }
    if (amount === '' || !Number.isInteger(amount) || amount < 1) {
      fail('amount', 'transfer.amountInvalid');
      return;
    }
    if (amount > student.coins) {
      fail('amount', 'errors.MISC.OUT_OF_COINS');
      return;
    }
    setAsked({ classmate: chosen, amount });
    setConfirming(true);
  }

  function handleConfirm() {
    if (!asked || !confirming || transfer.isPending) return;
    transfer.mutate(
      { recipient: asked.classmate.id, amount: asked.amount },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          setAmount(1);
          showSuccess('success.TRANSFER_SUCCESS', {
            coins: coinsValue(answer.amount),
            username: answer.recipient.username,
          });
        },
        onError: (error) => {
          setConfirming(false);
          if (isTradingRefusal(error)) {
            // The teacher turned trading off meanwhile: the form says so and closes.
            setSessionTrading(false);
            return;
          }
          const code = errorCodeOf(error);
          const field = FIELD_OF_CODE[code];
          if (code === 'GROUP.NOT_IN_GROUP') void classmates.refetch();
          if (field) fail(field, errorMessageKey(code));
          else showErrorCode(code);
        },
      },
    );
  }

  if (classmates.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    );
  }
  if (classmates.isError) return <QueryError error={classmates.error} onRetry={() => void classmates.refetch()} />;
  if (classmates.data.length === 0) {
    return (
      <Text size="sm" c="dark.5" data-testid="transfer-no-classmates">
        {t('transfer.noClassmates')}
      </Text>
    );
  }

  const errorText = (field: Field) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  const byId = new Map(classmates.data.map((classmate) => [classmate.id, classmate]));

  return (
    <>
      {tradingOff ? (
        <Alert id={tradingOffId} color="orange" variant="light" c="dark.8" icon={<IconAlertTriangle size={20} />} title={t('transfer.tradingOffTitle')} data-testid="trading-off">
          {t('transfer.tradingOffText')}
        </Alert>
      ) : null}
      <Text size="sm" c="dark.5">
        {t('transfer.intro')}
      </Text>
      <form onSubmit={handleSubmit} noValidate aria-label={t('transfer.formLabel')} aria-describedby={tradingOff ? tradingOffId : undefined}>
        <Stack gap="sm" maw={460}>
          <Select
            id={fieldId('recipient')}
            label={t('transfer.recipient')}
            placeholder={t('transfer.recipientPlaceholder')}
            data={classmates.data.map((classmate) => ({ value: classmate.id, label: classmate.username }))}
            value={recipient}
            onChange={(value) => {
              setRecipient(value);
              setErrors((current) => ({ ...current, recipient: undefined }));
            }}
            error={errorText('recipient')}
            disabled={tradingOff}
            searchable
            nothingFoundMessage={t('transfer.noMatch')}
            leftSection={chosen ? <MemberAvatar face={chosen.face} hair={chosen.hair} skinTone={chosen.skin_tone} username={chosen.username} size={26} decorative /> : undefined}
            leftSectionWidth={chosen ? 40 : undefined}
            renderOption={({ option }) => {
              const classmate = byId.get(option.value);
              return (
                <Group gap="sm" wrap="nowrap">
                  {classmate ? <MemberAvatar face={classmate.face} hair={classmate.hair} skinTone={classmate.skin_tone} username={classmate.username} size={32} decorative /> : null}
                  <Text size="sm" fw={600}>
                    {option.label}
                  </Text>
                </Group>
              );
            }}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            id={fieldId('amount')}
            label={t('transfer.amount')}
            description={hasCoins ? t('transfer.amountHint', { max: student.coins }) : t('transfer.noCoins')}
            value={amount}
            onChange={(value) => {
              setAmount(typeof value === 'number' ? value : '');
              setErrors((current) => ({ ...current, amount: undefined }));
            }}
            error={errorText('amount')}
            min={1}
            max={Math.max(1, student.coins)}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="blur"
            leftSection={<CoinIcon size={18} />}
            // NumberInput is a text box; the role and values make it the spin button it behaves as.
            role="spinbutton"
            aria-valuemin={1}
            aria-valuemax={Math.max(1, student.coins)}
            aria-valuenow={amount === '' ? undefined : amount}
            disabled={!usable}
            w={{ base: '100%', xs: 220 }}
          />
          <Button type="submit" leftSection={<IconSend size={18} />} disabled={!usable} loading={transfer.isPending} w={{ base: '100%', xs: 'auto' }} style={{ alignSelf: 'flex-start' }}>
            {t('transfer.submit')}
          </Button>
        </Stack>
      </form>
      <ConfirmModal opened={confirming} onClose={() => setConfirming(false)} onConfirm={handleConfirm} loading={transfer.isPending} title={t('transfer.confirmTitle')}>
        {asked ? (
          <Group gap="md" wrap="nowrap">
            <MemberAvatar face={asked.classmate.face} hair={asked.classmate.hair} skinTone={asked.classmate.skin_tone} username={asked.classmate.username} size={64} />
            <Stack gap={4}>
              <Text>{t('transfer.confirmText', { coins: t('common.coinsAmount', { count: asked.amount }), username: asked.classmate.username })}</Text>
              <Text size="sm" c="dark.5">
                {t('transfer.confirmHint', { left: t('common.coinsAmount', { count: Math.max(0, student.coins - asked.amount) }) })}
              </Text>
            </Stack>
          </Group>
        ) : null}
      </ConfirmModal>
    </>
  );
}
