import { useState } from 'react';
import { ActionIcon, Button, Divider, Group, Modal, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { REASONS_PER_GROUP_MAX } from '@kolikko/core/limits';
import type { TGroup } from '@kolikko/core/schemas/groups';
import type { TAwardReason, TCreateReasonRequest } from '@kolikko/core/schemas/reasons';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconTrash } from '../../../components/icons.tsx';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus } from '../../../components/teacher-icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { ReasonIcon } from '../../../components/reason-icon.tsx';
import { showErrorCode } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { useReasons } from '../api/get-reasons.ts';
import { useCreateReason, useDeleteReason, useUpdateReason } from '../api/save-reason.ts';
import { useUpdateGroupSettings } from '../api/update-group-settings.ts';
import { signedCoins } from './reason-buttons.tsx';
import { ReasonForm } from './reason-form.tsx';
import classes from './reasons-dialog.module.css';

export interface ReasonsDialogProps {
  teacherId: string;
  group: TGroup;
  opened: boolean;
  onClose: () => void;
}

type Editing = { kind: 'new'; needsWork: boolean } | { kind: 'edit'; reason: TAwardReason };

/**
 * The group's award reasons (issue 32): add, edit, move up or down, remove (awards given keep the
 * name in the histories), and whether "needs work" reasons, which take coins back, are allowed.
 */
export function ReasonsDialog({ teacherId, group, opened: wanted, onClose }: ReasonsDialogProps) {
  const { t } = useTranslation();
  const opened = useOpenAfterMount(wanted);
  const reasons = useReasons(group.id);
  const create = useCreateReason(group.id);
  const update = useUpdateReason(group.id);
  const remove = useDeleteReason(group.id);
  const settings = useUpdateGroupSettings(teacherId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TAwardReason | null>(null);
  const [pendingNeedsWork, setPendingNeedsWork] = useState<boolean | null>(null);
  const needsWorkOn = pendingNeedsWork ?? group.needs_work_enabled;

  const list = reasons.data ?? [];
  const positive = list.filter((reason) => reason.coins > 0);
  const needsWork = list.filter((reason) => reason.coins < 0);
  const full = list.length >= REASONS_PER_GROUP_MAX;
  const onSaveError = (error: unknown) => setErrorKey(errorMessageKey(errorCodeOf(error)));

  function startEditing(next: Editing | null) {
    setErrorKey(null);
    setEditing(next);
  }

  function save(values: TCreateReasonRequest) {
    if (!editing) return;
    if (editing.kind === 'new') {
      create.mutate(values, { onSuccess: () => startEditing(null), onError: onSaveError });
      return;
    }
    const { reason } = editing;
    const changes = {
      ...(values.name !== reason.name ? { name: values.name } : {}),
      ...(values.icon !== reason.icon ? { icon: values.icon } : {}),
      ...(values.coins !== reason.coins ? { coins: values.coins } : {}),
    };
    if (Object.keys(changes).length === 0) return startEditing(null);
    update.mutate({ reasonId: reason.id, changes }, { onSuccess: () => startEditing(null), onError: onSaveError });
  }

  /** Moves a reason past its neighbour in its own list (the positions are the group's, over both lists). */
  function move(section: TAwardReason[], index: number, by: -1 | 1) {
    const reason = section[index];
    const neighbour = section[index + by];
    if (!reason || !neighbour) return;
    update.mutate({ reasonId: reason.id, changes: { position: neighbour.position } }, { onError: (error) => showErrorCode(errorCodeOf(error)) });
  }

  function confirmRemove() {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => setRemoving(null),
      onError: (error) => {
        setRemoving(null);
        showErrorCode(errorCodeOf(error));
      },
    });
  }

  function renderSection(section: TAwardReason[], sectionNeedsWork: boolean) {
    const adding = editing?.kind === 'new' && editing.needsWork === sectionNeedsWork;
    return (
      <>
        {section.length > 0 ? (
          <ol className={classes.list} data-testid={sectionNeedsWork ? 'needs-work-reasons' : 'reasons-list'}>
            {section.map((reason, index) =>
              editing?.kind === 'edit' && editing.reason.id === reason.id ? (
                <li key={reason.id} className={classes.editing}>
                  <ReasonForm initial={reason} needsWork={sectionNeedsWork} saving={update.isPending} errorKey={errorKey} onSave={save} onCancel={() => startEditing(null)} />
                </li>
              ) : (
                <li key={reason.id} className={classes.row} data-needs-work={sectionNeedsWork || undefined} data-testid="reason-row">
                  <span className={classes.icon}>
                    <ReasonIcon icon={reason.icon} size={18} />
                  </span>
                  <Text fw={700} className={classes.name}>
                    {reason.name}
                  </Text>
                  <span className={classes.coins}>{signedCoins(reason.coins)}</span>
                  <Group gap={2} wrap="nowrap" className={classes.actions}>
                    <ActionIcon variant="subtle" color="gray" size="lg" disabled={index === 0 || update.isPending} onClick={() => move(section, index, -1)} aria-label={t('groups.reasons.moveUp', { name: reason.name })}>
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="gray" size="lg" disabled={index === section.length - 1 || update.isPending} onClick={() => move(section, index, 1)} aria-label={t('groups.reasons.moveDown', { name: reason.name })}>
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="gray" c="dark.6" size="lg" onClick={() => startEditing({ kind: 'edit', reason })} aria-label={t('groups.reasons.editOne', { name: reason.name })}>
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="gray" c="dark.6" size="lg" onClick={() => setRemoving(reason)} aria-label={t('groups.reasons.remove', { name: reason.name })}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </li>
              ),
            )}
          </ol>
        ) : null}
        {adding ? (
          <div className={classes.editing}>
            <ReasonForm needsWork={sectionNeedsWork} saving={create.isPending} errorKey={errorKey} onSave={save} onCancel={() => startEditing(null)} />
          </div>
        ) : (
          <Button
            variant="light"
            color={sectionNeedsWork ? 'gray' : undefined}
            c={sectionNeedsWork ? 'dark.7' : undefined}
            leftSection={<IconPlus size={16} />}
            disabled={full}
            onClick={() => startEditing({ kind: 'new', needsWork: sectionNeedsWork })}
            style={{ alignSelf: 'flex-start' }}
            data-testid={sectionNeedsWork ? 'add-needs-work-reason' : 'add-reason'}
          >
            {t(sectionNeedsWork ? 'groups.reasons.addNeedsWork' : 'groups.reasons.add')}
          </Button>
        )}
      </>
    );
  }

  return (
    <Modal.Stack>
      <Modal
        stackId="reasons"
        opened={opened}
        onClose={onClose}
        size={600}
        title={t('groups.reasons.title', { name: group.name })}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="reasons-dialog"
      >
        <Stack gap="md">
          <Text size="sm" c="dark.5">
            {t('groups.reasons.intro')}
          </Text>
          {reasons.isPending ? <Skeleton height={160} radius="md" /> : null}
          {reasons.isError ? <QueryError error={reasons.error} onRetry={() => void reasons.refetch()} /> : null}
          {reasons.data ? renderSection(positive, false) : null}
          {full ? (
            <Text size="xs" c="dark.5">
              {t('groups.reasons.full', { max: REASONS_PER_GROUP_MAX })}
            </Text>
          ) : null}
          <Divider />
          <Switch
            size="md"
            label={t('groups.reasons.needsWorkSwitch')}
            description={t('groups.reasons.needsWorkHint')}
            checked={needsWorkOn}
            disabled={settings.isPending}
            onChange={(event) => {
              const enabled = event.currentTarget.checked;
              setPendingNeedsWork(enabled);
              settings.mutate(
                { groupId: group.id, settings: { needs_work_enabled: enabled } },
                { onError: (error) => showErrorCode(errorCodeOf(error)), onSettled: () => setPendingNeedsWork(null) },
              );
            }}
            data-testid="needs-work-switch"
          />
          {needsWorkOn && reasons.data ? (
            <section className={classes.needsWork} aria-labelledby="needs-work-title">
              <Stack gap="sm">
                <Title order={3} fz="md" id="needs-work-title">
                  {t('groups.reasons.needsWork')}
                </Title>
                <Text size="sm" c="dark.5">
                  {t('groups.reasons.needsWorkIntro')}
                </Text>
                {renderSection(needsWork, true)}
              </Stack>
            </section>
          ) : null}
          {!needsWorkOn && needsWork.length > 0 ? (
            <Text size="xs" c="dark.5">
              {t('groups.reasons.needsWorkHidden', { count: needsWork.length })}
            </Text>
          ) : null}
        </Stack>
      </Modal>
      <ConfirmModal
        stackId="reason-remove-confirm"
        opened={removing !== null && opened}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
        loading={remove.isPending}
        danger
        title={t('groups.reasons.removeTitle')}
      >
        <Text>{t('groups.reasons.removeText', { name: removing?.name ?? '' })}</Text>
      </ConfirmModal>
    </Modal.Stack>
  );
}
