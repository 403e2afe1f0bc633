import { useState } from 'react';
import { Anchor, Badge, Button, Grid, Group, Paper, Progress, SegmentedControl, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate, useSearchParams } from '../../../lib/router.tsx';
import type { TSmallGroup, TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TGroup, TMember } from '@kolikko/core/schemas/groups';
import { memberTodoStatus } from '@kolikko/core/rules/completion';
import type { TMemberTodo } from '@kolikko/core/schemas/todos';
import { IconArrowLeft, IconShare } from '../../../components/teacher-icons.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { SmallGroupDot } from '../../../components/small-group-dot.tsx';
import { useRefreshSessionOnMount } from '../../../lib/auth.ts';
import { useHeaderSelection } from '../../../lib/header-selection.ts';
import { useActiveGroup } from '../../../lib/queries/get-active-group.ts';
import { useGroupMembers } from '../../../lib/queries/get-group-members.ts';
import { useMemberTodos } from '../../../lib/queries/member-todos.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useTodolist } from '../api/get-todolist.ts';
import { ClassGrid } from './class-grid.tsx';
import { MemberTodosPanel } from './member-todos-panel.tsx';
import classes from './shared-page.module.css';

const COLORS = ['blue', 'orange'] as const;

function sharedListOf(group: TGroup, color: TSmallGroup): string | null {
  return color === 'blue' ? group.blue_shared_id : group.orange_shared_id;
}

function Notice({ title, text, action }: { title: string; text: string; action?: { to: string; label: string } }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="shared-notice">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius="xl" variant="light" color="indigo" aria-hidden="true">
          <IconShare size={32} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          {title}
        </Title>
        <Text c="dark.5" maw={460}>
          {text}
        </Text>
        {action ? (
          <Button component={Link} to={action.to} variant="light">
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}

interface Progress {
  done: number;
  total: number;
  awaiting: number;
}

function progressByMember(memberTodos: TMemberTodo[]): Map<string, Progress> {
  const byMember = new Map<string, Progress>();
  for (const mt of memberTodos) {
    const progress = byMember.get(mt.member_id) ?? { done: 0, total: 0, awaiting: 0 };
    progress.total += 1;
    if (mt.completed) progress.done += 1;
    if (memberTodoStatus(mt) === 'awaiting_teacher') progress.awaiting += 1;
    byMember.set(mt.member_id, progress);
  }
  return byMember;
}

function MemberTile({ member, progress, selected }: { member: TMember; progress: Progress | undefined; selected: boolean }) {
  const { t } = useTranslation();
  const done = progress?.done ?? 0;
  const total = progress?.total ?? 0;
  return (
    <li className={classes.member} data-color={member.small_group} data-selected={selected || undefined} data-testid={`shared-member-${member.username}`}>
      <MemberAvatar face={member.face} hair={member.hair} skinTone={member.skin_tone} username={member.username} size={40} />
      <div className={classes.memberBody}>
        <Link to={`/teacher/shared/${member.id}/todos`} className={classes.link} aria-current={selected ? 'page' : undefined}>
          {member.username}
        </Link>
        {/* In a narrow tile the count of answers to approve goes under the progress, not cut short. */}
        <Group gap={6}>
          <Text size="sm" fw={700} data-testid="shared-member-progress" style={{ whiteSpace: 'nowrap' }}>
            {t('sharedTodos.doneOf', { done, total })}
          </Text>
          {progress && progress.awaiting > 0 ? (
            <Badge size="sm" color="yellow" c="#6b4a00" variant="light" tt="none">
              {t('sharedTodos.toApprove', { count: progress.awaiting })}
            </Badge>
          ) : null}
        </Group>
        <Progress value={total === 0 ? 0 : (done / total) * 100} size="sm" color="teal.7" aria-hidden="true" />
      </div>
    </li>
  );
}

function SharedGroupView({ group, memberId }: { group: TGroup; memberId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const members = useGroupMembers(group.id);
  const [search, setSearch] = useSearchParams();
  // Ours (issue 14): the class view, kept in the address (?view=class) so it survives a reload.
  const classView = memberId === null && search.get('view') === 'class';
  const available = COLORS.filter((color) => sharedListOf(group, color) !== null);
  const [chosen, setChosen] = useState<TSmallGroup | null>(null);
  const selectedMember = memberId ? (members.data?.find((member) => member.id === memberId) ?? null) : null;
  // A selected student shows its own small group's list; otherwise the teacher's pick, else the first shown.
  const color: TSmallGroup | null = selectedMember?.small_group ?? (chosen && available.includes(chosen) ? chosen : (available[0] ?? null));
  const todolistId = color ? sharedListOf(group, color) : null;
  const list = useTodolist(todolistId);
  const colorTodos = useMemberTodos(group.id, { kind: 'color', color: color ?? 'blue' }, { enabled: todolistId !== null && !classView });
  useHeaderSelection('shared', list.data?.name ?? null);

  if (available.length === 0) {
    return (
      <Notice
        title={t('sharedTodos.none.title')}
        text={t('sharedTodos.none.text', { group: group.name })}
        action={{ to: '/teacher/todos', label: t('sharedTodos.none.action') }}
      />
    );
  }

  const colorMembers = (members.data ?? []).filter((member) => member.small_group === color);
  const progress = colorTodos.data ? progressByMember(colorTodos.data) : new Map<string, Progress>();

  const memberList = (
    <Stack gap="sm">
      {members.isPending || (colorTodos.isPending && todolistId !== null) ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={64} radius="lg" />
          <Skeleton height={64} radius="lg" />
        </Stack>
      ) : null}
      {members.isError ? <QueryError error={members.error} onRetry={() => void members.refetch()} /> : null}
      {colorTodos.isError ? <QueryError error={colorTodos.error} onRetry={() => void colorTodos.refetch()} /> : null}
      {members.data && colorTodos.data ? (
        colorMembers.length === 0 ? (
          <Text c="dark.5" role="status">
            {t('sharedTodos.noMembers', { color: t(`groups.smallGroups.${color ?? 'blue'}`) })}
          </Text>
        ) : (
          <ul className={classes.members} aria-label={t('sharedTodos.membersLabel')}>
            {colorMembers.map((member) => (
              <MemberTile key={member.id} member={member} progress={progress.get(member.id)} selected={member.id === memberId} />
            ))}
          </ul>
        )
      ) : null}
    </Stack>
  );

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={2} miw={0}>
            <Group gap={8} wrap="nowrap">
              {color ? <SmallGroupDot color={color} /> : null}
              <Text size="sm" c="dark.5" fw={600}>
                {color ? t('sharedTodos.listFor', { color: t(`groups.smallGroups.${color}`), group: group.name }) : null}
              </Text>
            </Group>
            <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }} data-testid="shared-list-name">
              {list.data ? list.data.name : list.isError ? t('teacher.header.noSharedList') : <Skeleton height={24} width={200} component="span" display="inline-block" />}
            </Title>
          </Stack>
          <SegmentedControl
            aria-label={t('sharedTodos.views.label')}
            value={classView ? 'class' : 'students'}
            onChange={(value) => {
              const next = new URLSearchParams(search);
              if (value === 'class') next.set('view', 'class');
              else next.delete('view');
              if (memberId && value === 'class') void navigate(`/teacher/shared?${next.toString()}`);
              else setSearch(next, { replace: true });
            }}
            data={[
              { value: 'students', label: t('sharedTodos.views.students') },
              { value: 'class', label: t('sharedTodos.views.class') },
            ]}
            data-testid="shared-view-switch"
          />
          {available.length === 2 ? (
            <SegmentedControl
              aria-label={t('sharedTodos.switch')}
              value={color ?? 'blue'}
              onChange={(value) => {
                if (value !== 'blue' && value !== 'orange') return;
                setChosen(value);
                // A student of the other small group is not on the other list.
                if (memberId) void navigate('/teacher/shared');
              }}
              data={available.map((value) => ({
                value,
                label: (
                  <Group gap={6} wrap="nowrap" justify="center">
                    <SmallGroupDot color={value} />
                    <span>{t(`groups.smallGroups.${value}`)}</span>
                  </Group>
                ),
              }))}
            />
          ) : null}
        </Group>
      </Paper>
      {classView ? (
        color ? <ClassGrid key={color} groupId={group.id} color={color} listName={list.data?.name ?? null} /> : null
      ) : (
        <Grid gap="lg">
          {/* On phones a chosen student's todos take the place of the student list. */}
          <Grid.Col span={{ base: 12, md: 5 }} display={memberId ? { base: 'none', md: 'block' } : undefined}>
            <section aria-label={t('sharedTodos.membersLabel')}>{memberList}</section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} display={memberId ? undefined : { base: 'none', md: 'block' }}>
            {memberId ? (
              <Stack gap="sm" component="section" aria-labelledby="shared-member-title">
                <Anchor component={Link} to="/teacher/shared" fw={700} w="fit-content" hiddenFrom="md">
                  <Group gap={6} component="span" wrap="nowrap">
                    <IconArrowLeft size={18} />
                    <span>{t('sharedTodos.back')}</span>
                  </Group>
                </Anchor>
                <Title order={2} fz="lg" id="shared-member-title">
                  {selectedMember ? t('sharedTodos.memberTitle', { username: selectedMember.username }) : t('teacher.pages.sharedMember')}
                </Title>
                {members.data && !selectedMember ? (
                  <Text c="red.9" role="alert">
                    {t('errors.MEMBER.MEMBER_NOT_FOUND')}
                  </Text>
                ) : null}
                {selectedMember ? (
                  <MemberTodosPanel key={selectedMember.id} groupId={group.id} memberId={selectedMember.id} username={selectedMember.username} />
                ) : null}
              </Stack>
            ) : (
              <Notice title={t('sharedTodos.pick.title')} text={t('sharedTodos.pick.text')} />
            )}
          </Grid.Col>
  </Grid>
      )}
    </Stack>
  );
}

/** /teacher/shared and /teacher/shared/:memberId/todos: the list shown to the active group and its students' progress. */
export function SharedPage({ teacher, memberId }: { teacher: TTeacherUser; memberId: string | null }) {
  const { t } = useTranslation();
  usePageTitle(t('teacher.pages.shared'));
  const active = useActiveGroup(teacher.id);
  useRefreshSessionOnMount();
  // With a group, its view names the list in the header; without one, the placeholder shows.
  useHeaderSelection(active.data ? null : 'shared', null);

  function renderBody() {
    if (active.isPending) return <Skeleton height={280} radius="lg" aria-label={t('common.loading')} />;
    if (active.isError) return <QueryError error={active.error} onRetry={() => void active.refetch()} />;
    if (!active.data) {
      return <Notice title={t('sharedTodos.noGroup.title')} text={t('sharedTodos.noGroup.text')} action={{ to: '/teacher/groups', label: t('sharedTodos.noGroup.action') }} />;
    }
    return <SharedGroupView key={active.data.id} group={active.data} memberId={memberId} />;
  }

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('teacher.pages.shared')}
      </Title>
      {renderBody()}
    </Stack>
  );
}
