import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate } from '../../../lib/router.tsx';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TMember } from '@kolikko/core/schemas/groups';
import { CoinBadge } from '../../../components/coin-badge.tsx';
import { IconChecklist, IconGift, IconHistory } from '../../../components/icons.tsx';
import { IconArrowLeft, IconSettings } from '../../../components/teacher-icons.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useGroups } from '../../../lib/queries/get-groups.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useMember } from '../api/get-member.ts';
import { patchMemberInCaches } from '../api/group-cache.ts';
import { MemberSettings } from './member-settings.tsx';
import { SmallGroupDot } from '../../../components/small-group-dot.tsx';
import classes from './member-page.module.css';

export const MEMBER_VIEWS = ['todos', 'rewards', 'actions', 'settings'] as const;
export type MemberView = (typeof MEMBER_VIEWS)[number];

export function isMemberView(value: unknown): value is MemberView {
  return MEMBER_VIEWS.some((view) => view === value);
}

const VIEW_ICONS = { todos: IconChecklist, rewards: IconGift, actions: IconHistory, settings: IconSettings } as const;

function MemberHeader({ member, groupName }: { member: TMember; groupName: string | null }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group gap="md" wrap="nowrap" align="center">
        <MemberAvatar face={member.face} hair={member.hair} skinTone={member.skin_tone} username={member.username} size={72} />
        <Stack gap={6} miw={0}>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {member.username}
          </Title>
          <Group gap="xs">
            <CoinBadge coins={member.coins} />
            <Badge variant="default" size="lg" tt="none" leftSection={<SmallGroupDot color={member.small_group} />} data-testid="member-small-group">
              {t(`groups.smallGroups.${member.small_group}`)}
            </Badge>
            {groupName ? (
              <Text size="sm" c="dark.5">
                {t('groups.member.inGroup', { name: groupName })}
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** What the todos view is given: the member, and where to report a balance that changed there. */
export interface MemberTodosSlotProps {
  member: TMember;
  onMemberCoins: (memberId: string, coins: number) => void;
}

interface MemberPageProps {
  teacher: TTeacherUser;
  memberId: string;
  view: MemberView;
  /** The todos, rewards and history views belong to other features; the router passes them in. */
  renderTodos: (props: MemberTodosSlotProps) => ReactNode;
  renderRewards: (member: TMember) => ReactNode;
  renderActions: (member: TMember) => ReactNode;
}

/** /teacher/groups/:memberId/:view: one student's todos, rewards, history and settings. */
export function MemberPage({ teacher, memberId, view, renderTodos, renderRewards, renderActions }: MemberPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useMember(memberId);
  const groups = useGroups(teacher.id);
  usePageTitle(member.data ? `${member.data.username} · ${t(`groups.member.tabs.${view}`)}` : t('teacher.pages.member'));

  const group = member.data ? groups.data?.find((candidate) => candidate.id === member.data.group_id) : undefined;
  // Issue 34: a student's settings are its group owner's; a co-teacher has the other three tabs.
  const views = group?.role === 'coteacher' ? MEMBER_VIEWS.filter((tab) => tab !== 'settings') : MEMBER_VIEWS;
  const shownView = views.some((tab) => tab === view) ? view : 'todos';

  const back = (
    <Anchor component={Link} to="/teacher/groups" fw={700} w="fit-content">
      <Group gap={6} component="span" wrap="nowrap">
        <IconArrowLeft size={18} />
        <span>{group ? t('groups.member.backTo', { name: group.name }) : t('groups.member.back')}</span>
      </Group>
    </Anchor>
  );

  if (member.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('common.loading')}>
        {back}
        <Skeleton height={112} radius="lg" />
        <Skeleton height={44} radius="md" />
        <Skeleton height={200} radius="lg" />
      </Stack>
    );
  }
  if (member.isError) {
    return (
      <Stack gap="md">
        {back}
        <QueryError error={member.error} onRetry={() => void member.refetch()} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={960}>
      {back}
      <MemberHeader member={member.data} groupName={group?.name ?? null} />
      <Tabs
        classNames={{ tabSection: classes.tabSection }}
        value={shownView}
        onChange={(next) => {
          if (isMemberView(next)) void navigate(`/teacher/groups/${memberId}/${next}`);
        }}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {views.map((tab) => {
            const Icon = VIEW_ICONS[tab];
            return (
              <Tabs.Tab
                key={tab}
                value={tab}
                fw={700}
                fz={{ base: 'sm', xs: 'md' }}
                px={{ base: 4, xs: 'md' }}
                leftSection={<Icon size={18} />}
              >
                {t(`groups.member.tabs.${tab}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {views.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            {tab === 'settings' ? (
              <MemberSettings teacherId={teacher.id} member={member.data} groupName={group?.name ?? null} />
            ) : tab === 'todos' ? (
              renderTodos({
                member: member.data,
                onMemberCoins: (id, coins) => patchMemberInCaches(id, member.data.group_id, { coins }),
              })
            ) : tab === 'rewards' ? (
              renderRewards(member.data)
            ) : (
              renderActions(member.data)
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
