import { useState, type SubmitEvent } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TGroup } from '@kolikko/core/schemas/groups';
import type { TCoteacher } from '@kolikko/core/schemas/coteaching';
import { QueryError } from '../../../components/query-error.tsx';
import { showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { formatLastDay } from '../last-day.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useCoteachers, useInviteCoteacher, useRemoveCoteacher } from '../api/coteaching.ts';

/** One co-teacher or invitation, removed after a second click that says what it does. */
function CoteacherRow({ coteacher, onRemove, removing }: { coteacher: TCoteacher; onRemove: () => void; removing: boolean }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid={`coteacher-${coteacher.username}`}>
      <Stack gap={2} miw={0}>
        <Group gap={6}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {coteacher.username}
          </Text>
          <Badge size="sm" variant="light" color={coteacher.accepted ? 'teal' : 'gray'} c={coteacher.accepted ? 'teal.9' : 'dark.7'} tt="none">
            {t(coteacher.accepted ? 'groups.coteaching.accepted' : 'groups.coteaching.invited')}
          </Badge>
        </Group>
        <Text size="sm" c="dark.5">
          {coteacher.until ? t('groups.coteaching.until', { date: formatLastDay(coteacher.until) }) : t('groups.coteaching.untilRemoved')}
        </Text>
      </Stack>
      {confirming ? (
        <Group gap={6}>
          <Button size="xs" color="red.8" loading={removing} onClick={onRemove} data-testid="coteacher-remove-confirm">
            {t(coteacher.accepted ? 'groups.coteaching.removeConfirm' : 'groups.coteaching.withdrawConfirm')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
        </Group>
      ) : (
        <Button size="xs" variant="default" onClick={() => setConfirming(true)} aria-label={t('groups.coteaching.removeLabel', { username: coteacher.username })}>
          {t(coteacher.accepted ? 'groups.coteaching.remove' : 'groups.coteaching.withdraw')}
        </Button>
      )}
    </Group>
  );
}

/**
 * Issue 34, in the group's settings (its owner's): who co-teaches the group or is invited to,
 * inviting another teacher by username or e-mail (optionally until a last day), and removing one
 * at once.
 */
export function CoteachersSection({ group }: { group: TGroup }) {
  const { t } = useTranslation();
  const coteachers = useCoteachers(group.id);
  const invite = useInviteCoteacher(group.id);
  const remove = useRemoveCoteacher(group.id);
  const [recipient, setRecipient] = useState('');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const today = new Date().toISOString().slice(0, 10);

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (recipient.trim() === '' || invite.isPending) return;
    setError(null);
    invite.mutate(
      { recipient: recipient.trim(), ...(until === '' ? {} : { until }) },
      {
        onSuccess: (invited) => {
          setRecipient('');
          setUntil('');
          showSuccess('success.COTEACHER_INVITED', { username: invited.username });
        },
        onError: (failure) => setError(errorMessageKey(errorCodeOf(failure))),
      },
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="coteachers-title" data-testid="coteachers-section">
      <Title order={3} fz="md" id="coteachers-title">
        {t('groups.coteaching.title')}
      </Title>
      <Text size="sm" c="dark.5">
        {t('groups.coteaching.hint')}
      </Text>
      {coteachers.isPending ? <Skeleton height={40} radius="md" /> : null}
      {coteachers.isError ? <QueryError error={coteachers.error} onRetry={() => void coteachers.refetch()} /> : null}
      {coteachers.data?.length === 0 ? (
        <Text size="sm" c="dark.5" fs="italic">
          {t('groups.coteaching.none')}
        </Text>
      ) : null}
      {coteachers.data?.map((coteacher) => (
        <CoteacherRow
          key={coteacher.id}
          coteacher={coteacher}
          removing={remove.isPending && remove.variables === coteacher.teacher_id}
          onRemove={() =>
            remove.mutate(coteacher.teacher_id, {
              onSuccess: () => showSuccess('success.COTEACHER_REMOVED', { username: coteacher.username }),
              onError: (failure) => setError(errorMessageKey(errorCodeOf(failure))),
            })
          }
        />
      ))}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="xs">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              label={t('groups.coteaching.recipient')}
              value={recipient}
              onChange={(event) => setRecipient(event.currentTarget.value)}
              autoComplete="off"
              flex="1 1 200px"
              data-testid="coteacher-recipient"
            />
            <TextInput
              type="date"
              label={t('groups.coteaching.lastDay')}
              description={t('groups.coteaching.lastDayHint')}
              value={until}
              min={today}
              onChange={(event) => setUntil(event.currentTarget.value)}
              flex="0 1 180px"
              data-testid="coteacher-until"
            />
          </Group>
          {error ? (
            <Text size="sm" c="red.9" role="alert" data-testid="coteacher-error">
              {t(error)}
            </Text>
          ) : null}
          <Button type="submit" variant="light" w="fit-content" loading={invite.isPending} disabled={recipient.trim() === ''} data-testid="coteacher-invite">
            {t('groups.coteaching.invite')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
