import { useState } from 'react';
import { Alert, Anchor, Grid, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TReward } from '@kolikko/core/schemas/rewards';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { IconGift } from '../../../components/icons.tsx';
import { IconArrowLeft } from '../../../components/teacher-icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useHeaderSelection } from '../../../lib/header-selection.ts';
import { useActiveGroup } from '../../../lib/queries/get-active-group.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useChangeRewardlistItems, type RewardlistChange } from '../api/change-rewardlist-items.ts';
import { useDeleteReward } from '../api/delete-reward.ts';
import { useRewardlists } from '../api/get-rewardlists.ts';
import { useRewards } from '../api/get-rewards.ts';
import { AllRewardsPanel } from './all-rewards-panel.tsx';
import { NewRewardlistForm } from './new-rewardlist-form.tsx';
import { RewardEditorModal } from './reward-editor-modal.tsx';
import { RewardlistNav } from './rewardlist-nav.tsx';
import { RewardlistPanel } from './rewardlist-panel.tsx';
import { RewardlistSettingsModal } from './rewardlist-settings-modal.tsx';
import { SharedRewardlists } from './shared-rewardlists.tsx';

/** Which reward the editor is open for; `session` remounts the editor for every opening. */
type EditorState = { reward: TReward | null; session: number } | null;

function ChoosePrompt({ hasLists }: { hasLists: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="rewardlist-prompt">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius="xl" variant="light" color="grape" aria-hidden="true">
          <IconGift size={34} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          {hasLists ? t('rewards.choose.title') : t('rewards.first.title')}
        </Title>
        <Text c="dark.5" maw={400}>
          {hasLists ? t('rewards.choose.text') : t('rewards.first.text')}
        </Text>
      </Stack>
    </Paper>
  );
}

interface RewardsPageProps {
  teacher: TTeacherUser;
  /** The list in the address (/teacher/rewards/:rewardlistId), if any. */
  rewardlistId: string | null;
}

/**
 * /teacher/rewards: the teacher's reward lists, all rewards, and the selected list beside them.
 * Edit mode moves rewards between all rewards and the list. On phones the columns stack, the
 * list above all rewards, and the lists give way to the selected list.
 */
export function RewardsPage({ teacher, rewardlistId }: RewardsPageProps) {
  const { t } = useTranslation();
  const rewards = useRewards(teacher.id);
  const lists = useRewardlists(teacher.id);
  const active = useActiveGroup(teacher.id);
  const removeReward = useDeleteReward(teacher.id);
  const changeItems = useChangeRewardlistItems(teacher.id);
  const [editor, setEditor] = useState<EditorState>(null);
  const [deleting, setDeleting] = useState<TReward | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Edit mode belongs to one list: opening another starts outside it.
  const [editingListId, setEditingListId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const selected = rewardlistId ? (lists.data?.find((list) => list.id === rewardlistId) ?? null) : null;
  const editMode = selected !== null && editingListId === selected.id;
  const activeGroup = active.data ?? null;
  usePageTitle(selected ? selected.name : t('teacher.pages.rewards'));
  useHeaderSelection('rewardlist', selected?.name ?? null);
  const nameOf = (id: string) => lists.data?.find((list) => list.id === id)?.name ?? null;
  const movingId = changeItems.isPending ? changeItems.variables.rewardId : null;

  function openEditor(reward: TReward | null) {
    setEditor((current) => ({ reward, session: (current?.session ?? 0) + 1 }));
  }

  function move(change: RewardlistChange, reward: TReward) {
    if (!selected || changeItems.isPending) return;
    const listName = selected.name;
    changeItems.mutate(
      { change, rewardlistId: selected.id, rewardId: reward.id },
      {
        onSuccess: () => setAnnouncement(t(change === 'add' ? 'rewards.edit.added' : 'rewards.edit.removed', { name: reward.name, list: listName })),
        onError: (error) => showErrorCode(errorCodeOf(error)),
      },
    );
  }

  function handleDelete() {
    if (!deleting) return;
    const { id, name } = deleting;
    removeReward.mutate(id, {
      onSuccess: () => {
        setDeleting(null);
        showSuccess('rewards.all.deleted', { name });
      },
      onError: (error) => {
        setDeleting(null);
        showErrorCode(errorCodeOf(error));
      },
    });
  }

  function renderList() {
    if (!rewardlistId) return <ChoosePrompt hasLists={(lists.data?.length ?? 0) > 0} />;
    if (lists.isPending) return <Skeleton height={320} radius="lg" aria-label={t('common.loading')} />;
    if (lists.isError) return <QueryError error={lists.error} onRetry={() => void lists.refetch()} />;
    if (!selected) {
      return (
        <Alert color="red" variant="light" title={t('errors.REWARD.REWARDLIST_NOT_FOUND')} role="alert" data-testid="rewardlist-not-found">
          <Anchor component={Link} to="/teacher/rewards" fw={600}>
            {t('rewards.back')}
          </Anchor>
        </Alert>
      );
    }
    return (
      <RewardlistPanel
        teacherId={teacher.id}
        list={selected}
        activeGroup={activeGroup}
        nameOf={nameOf}
        editMode={editMode}
        onToggleEdit={() => setEditingListId(editMode ? null : selected.id)}
        movingId={movingId}
        onRemove={(reward) => move('remove', reward)}
        onOpenSettings={() => setSettingsOpen(true)}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('teacher.pages.rewards')}
      </Title>
      {rewardlistId ? (
        <Anchor component={Link} to="/teacher/rewards" fw={700} w="fit-content" hiddenFrom="md">
          <Group gap={6} component="span" wrap="nowrap">
            <IconArrowLeft size={18} />
            <span>{t('rewards.back')}</span>
          </Group>
        </Anchor>
      ) : null}
      <Grid columns={24} gap="lg">
        {/* On phones the lists give way to the selected list. */}
        <Grid.Col span={{ base: 24, lg: 7 }} order={{ base: 0 }} display={rewardlistId ? { base: 'none', md: 'block' } : undefined}>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="rewardlists-title">
            <Stack gap="md">
              <Title order={2} fz="lg" id="rewardlists-title">
                {t('rewards.lists.title')}
              </Title>
              {lists.isPending ? (
                <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
                  <Skeleton height={54} radius="md" />
                  <Skeleton height={54} radius="md" />
                </Stack>
              ) : null}
              {lists.isError ? <QueryError error={lists.error} onRetry={() => void lists.refetch()} /> : null}
              {lists.data ? <RewardlistNav lists={lists.data} selectedId={rewardlistId} activeGroup={activeGroup} /> : null}
              <NewRewardlistForm teacherId={teacher.id} />
            </Stack>
          </Paper>
          <SharedRewardlists teacherId={teacher.id} />
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 12, lg: 8 }} order={{ base: 2, md: 1 }}>
          <AllRewardsPanel
            rewards={rewards}
            list={selected}
            editMode={editMode}
            movingId={movingId}
            onNew={() => openEditor(null)}
            onEdit={(reward) => openEditor(reward)}
            onDelete={setDeleting}
            onAdd={(reward) => move('add', reward)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 12, lg: 9 }} order={{ base: 1, md: 2 }} display={rewardlistId ? undefined : { base: 'none', md: 'block' }}>
          {renderList()}
        </Grid.Col>
      </Grid>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>

      {editor ? <RewardEditorModal key={editor.session} teacherId={teacher.id} reward={editor.reward} list={selected} onClose={() => setEditor(null)} /> : null}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={handleDelete}
        loading={removeReward.isPending}
        danger
        title={t('rewards.all.deleteTitle', { name: deleting?.name ?? '' })}
      >
        <Text>{t('rewards.all.deleteText')}</Text>
      </ConfirmModal>
      <RewardlistSettingsModal
        teacherId={teacher.id}
        list={settingsOpen ? selected : null}
        isPublished={selected !== null && activeGroup?.shared_reward_list === selected.id}
        onClose={() => setSettingsOpen(false)}
      />
    </Stack>
  );
}
