import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { MODAL_WIDTH_DEFAULT_PX } from '@kolikko/core/limits';
import type { TGroup, TIssuedBadge } from '@kolikko/core/schemas/groups';
import { IconAlertTriangle } from '../../../components/icons.tsx';
import { IconPrinter } from '../../../components/teacher-icons.tsx';
import { showErrorCode } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { useGroupMembers } from '../../../lib/queries/get-group-members.ts';
import { useIssueBadges } from '../api/issue-badges.ts';
import { BadgeSheet, badgeCards } from './badge-sheet.tsx';

export interface PrintBadgesDialogProps {
  group: TGroup;
  opened: boolean;
  onClose: () => void;
}

type Scope = 'all' | 'missing';

/**
 * Issue 31: badges for the whole group or for the students who have none yet. Printing makes new
 * badges (their secrets are shown only now), so the ones printed before for those students stop
 * working; the dialog says so before, and offers the same sheet again after.
 */
export function PrintBadgesDialog({ group, opened: wanted, onClose }: PrintBadgesDialogProps) {
  const { t } = useTranslation();
  const opened = useOpenAfterMount(wanted);
  const members = useGroupMembers(group.id);
  const issue = useIssueBadges(group.id);
  const list = members.data ?? [];
  const withoutBadge = list.filter((member) => member.has_badge !== true);
  const [chosen, setChosen] = useState<Scope | null>(null);
  // Without a choice: only the missing ones where some students have a badge already.
  const scope: Scope = chosen ?? (withoutBadge.length > 0 && withoutBadge.length < list.length ? 'missing' : 'all');
  const targets = scope === 'all' ? list : withoutBadge;
  const [issued, setIssued] = useState<TIssuedBadge[] | null>(null);
  const [printRequest, setPrintRequest] = useState(0);

  function handlePrint() {
    issue.mutate(scope === 'all' ? undefined : targets.map((member) => member.id), {
      onSuccess: (badges) => {
        setIssued(badges);
        setPrintRequest((n) => n + 1);
      },
      onError: (error) => showErrorCode(errorCodeOf(error)),
    });
  }

  function reset() {
    setIssued(null);
    setChosen(null);
    setPrintRequest(0);
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={reset}
      size={MODAL_WIDTH_DEFAULT_PX}
      title={t('groups.badges.title', { name: group.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {issued ? (
        <Stack gap="lg" data-testid="badges-issued">
          <Text>{t('groups.badges.issued', { count: issued.length })}</Text>
          <Text size="sm" c="dark.5">
            {t('groups.badges.issuedHint')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => setPrintRequest((n) => n + 1)}>
              {t('groups.badges.printAgain')}
            </Button>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </Group>
          <BadgeSheet groupName={group.name} cards={badgeCards(issued, members.data)} printRequest={printRequest} />
        </Stack>
      ) : (
        <Stack gap="lg" data-testid="print-badges">
          <Text c="dark.5">{t('groups.badges.intro')}</Text>
          {members.isPending ? <Skeleton height={64} radius="md" /> : null}
          {members.data ? (
            <Radio.Group value={scope} onChange={(value) => setChosen(value === 'missing' ? 'missing' : 'all')} label={t('groups.badges.scope')}>
              <Stack gap="xs" mt="xs">
                <Radio value="all" label={t('groups.badges.scopeAll', { count: list.length })} />
                <Radio value="missing" label={t('groups.badges.scopeMissing', { count: withoutBadge.length })} disabled={withoutBadge.length === 0} />
              </Stack>
            </Radio.Group>
          ) : null}
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} c="dark.8">
            {t('groups.badges.warning')}
          </Alert>
          {group.badges_enabled ? null : (
            <Alert color="gray" variant="light" c="dark.8" data-testid="badges-off-note">
              {t('groups.badges.offNote')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button leftSection={<IconPrinter size={18} />} onClick={handlePrint} loading={issue.isPending} disabled={targets.length === 0}>
              {t('groups.badges.print', { count: targets.length })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
