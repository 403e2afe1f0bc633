import { useRef, useState, type ReactNode } from 'react';
import { Button, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import { IconUsers } from '../../../components/icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { showErrorCode } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useActiveGroup } from '../../../lib/queries/get-active-group.ts';
import { useGroups } from '../../../lib/queries/get-groups.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useSetActiveGroup } from '../api/set-active-group.ts';
import { GroupList } from './group-list.tsx';
import type { GroupSettingsModalProps } from './group-settings-modal.tsx';
import type { LimitReachedModalProps } from './limit-reached-modal.tsx';
import { MembersView } from './members-view.tsx';
import { NewGroupForm } from './new-group-form.tsx';
import classes from './groups-page.module.css';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';

const GroupSettingsModal = lazyDialog<GroupSettingsModalProps>(
  () => import('./group-settings-modal.tsx').then((module) => module.GroupSettingsModal),
  (props) => props.group !== null,
);
const LimitReachedModal = lazyDialog<LimitReachedModalProps>(
  () => import('./limit-reached-modal.tsx').then((module) => module.LimitReachedModal),
  (props) => props.opened,
);

function EmptyPanel({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="groups-empty">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius="xl" variant="light" color="indigo" aria-hidden="true">
          <IconUsers size={34} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          {title}
        </Title>
        <Text c="dark.5" maw={420}>
          {text}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

/** /teacher/groups: the group list and new-group input beside the active group's students. */
export function GroupsPage({ teacher }: { teacher: TTeacherUser }) {
  const { t } = useTranslation();
  usePageTitle(t('teacher.pages.groups'));
  const groups = useGroups(teacher.id);
  const active = useActiveGroup(teacher.id);
  const setActive = useSetActiveGroup(teacher.id);
  const [settingsGroupId, setSettingsGroupId] = useState<string | null>(null);
  const [limitOpened, setLimitOpened] = useState(false);
  const newGroupInput = useRef<HTMLInputElement>(null);

  const settingsGroup = groups.data?.find((group) => group.id === settingsGroupId) ?? null;
  const activeGroup = active.data ?? null;

  function renderMain() {
    if (groups.isPending || active.isPending) return <Skeleton height={260} radius="lg" />;
    if (active.isError) return <QueryError error={active.error} onRetry={() => void active.refetch()} />;
    if (groups.data && groups.data.length === 0) {
      return (
        <EmptyPanel
          title={t('groups.empty.title')}
          text={t('groups.empty.text')}
          action={
            <Button onClick={() => newGroupInput.current?.focus()} variant="light">
              {t('groups.empty.action')}
            </Button>
          }
        />
      );
    }
    if (!activeGroup) return <EmptyPanel title={t('groups.noActive.title')} text={t('groups.noActive.text')} />;
    // Keyed by group, so the selection of one group never carries over to another.
    return <MembersView key={activeGroup.id} group={activeGroup} teacherCoins={teacher.coins} />;
  }

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('teacher.pages.groups')}
      </Title>
      {/* On a phone: the groups to choose from, the active group's students, then the new-group form (issue 33). */}
      <div className={classes.layout}>
        <div className={classes.groups}>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="your-groups-title">
            <Stack gap="md">
              <Title order={2} fz="lg" id="your-groups-title">
                {t('groups.list.title')}
              </Title>
              {groups.isPending ? (
                <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
                  <Skeleton height={58} radius="md" />
                  <Skeleton height={58} radius="md" />
                </Stack>
              ) : null}
              {groups.isError ? <QueryError error={groups.error} onRetry={() => void groups.refetch()} /> : null}
              {groups.data ? (
                <GroupList
                  groups={groups.data}
                  activeGroupId={activeGroup?.id ?? null}
                  pendingGroupId={setActive.isPending ? (setActive.variables ?? null) : null}
                  onSelect={(group) => setActive.mutate(group.id, { onError: (error) => showErrorCode(errorCodeOf(error)) })}
                  onOpenSettings={(group) => setSettingsGroupId(group.id)}
                />
              ) : null}
            </Stack>
          </Paper>
        </div>
        <div className={classes.main}>{renderMain()}</div>
        <Paper withBorder radius="lg" p="md" className={classes.newGroup} data-testid="new-group-panel">
          <NewGroupForm teacherId={teacher.id} onLimitReached={() => setLimitOpened(true)} inputRef={newGroupInput} />
        </Paper>
      </div>
      <GroupSettingsModal teacherId={teacher.id} group={settingsGroup} onClose={() => setSettingsGroupId(null)} />
      <LimitReachedModal teacherId={teacher.id} opened={limitOpened} onClose={() => setLimitOpened(false)} />
    </Stack>
  );
}
