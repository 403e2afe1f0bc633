import { useMemo, useState } from 'react';
import { Badge, Button, Group, Indicator, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TGroup, TMember } from '@kolikko/core/schemas/groups';
import type { TAwardReason } from '@kolikko/core/schemas/reasons';
import { IconLock, IconMessage } from '../../../components/icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useSession } from '../../../lib/auth.ts';
import { showBanner, showErrorCode } from '../../../lib/banner.ts';
import { coinsValue } from '../../../lib/banner-text.ts';
import { lazyDialog } from '../../../lib/lazy-dialog.tsx';
import { openChat } from '../../../lib/chat-popup.ts';
import { teacherUnreadCount, useTeacherUnread } from '../../../lib/queries/chat-unread.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useGroupMembers } from '../../../lib/queries/get-group-members.ts';
import { useOnlineMemberCount, useOnlineMemberIds } from '../../../lib/socket.ts';
import { useToggleSmallGroup } from '../api/toggle-small-group.ts';
import { useReasons } from '../api/get-reasons.ts';
import { useGiveAward, type AwardProblem } from '../hooks/use-give-award.ts';
import { AwardSnackbar } from './award-snackbar.tsx';
import { BoardButtons } from './board-buttons.tsx';
import { ReportButton } from './report-button.tsx';
import { HandoutButton } from './handout-button.tsx';
import type { ReasonsDialogProps } from './reasons-dialog.tsx';
import { InviteStudentsButton } from './invite-students.tsx';
import { ClassListButton, ClassListDialog } from './class-list.tsx';
import { PrintBadgesButton } from './print-badges.tsx';
import { JoinInstructions } from './join-instructions.tsx';
import { MemberCard } from './member-card.tsx';
import { RewardCoinsBox } from './reward-coins-box.tsx';
import classes from './members-view.module.css';

const SKELETON_CARDS = 4;

const ReasonsDialog = lazyDialog<ReasonsDialogProps>(
  () => import('./reasons-dialog.tsx').then((module) => module.ReasonsDialog),
  (props) => props.opened,
);

/** A card's award that did not go through: said in the banner, the card being far from the award box. */
function showAwardProblem(problem: AwardProblem) {
  if (problem.kind === 'error') showBanner('error', problem.key);
  else showBanner('error', 'groups.award.notEnough', { needed: coinsValue(problem.needed), available: coinsValue(problem.available) });
}

function MembersSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={classes.grid} aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <Skeleton key={index} height={128} radius="lg" />
      ))}
    </div>
  );
}

/** The students of the active group (spec section 2), or how to get them to join. */
export function MembersView({ group, teacherCoins }: { group: TGroup; teacherCoins: number }) {
  const { t } = useTranslation();
  const members = useGroupMembers(group.id);
  const onlineCount = useOnlineMemberCount(group.id);
  const onlineIds = useOnlineMemberIds(group.id);
  const online = useMemo(() => new Set(onlineIds), [onlineIds]);
  const toggleSmallGroup = useToggleSmallGroup(group.id);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [classListOpen, setClassListOpen] = useState(false);
  const [reasonsOpen, setReasonsOpen] = useState(false);
  const reasons = useReasons(group.id);
  const giving = useGiveAward(group.id, teacherCoins);
  // A "needs work" reason only while the group allows them (the server refuses it otherwise).
  const shownReasons = reasons.data?.filter((reason) => reason.coins > 0 || group.needs_work_enabled);
  const { user } = useSession();
  // Issue 34: a co-teacher teaches the group; its students, settings, lists and reasons are the owner's.
  const owns = group.role === 'owner';
  const editReasons = owns ? () => setReasonsOpen(true) : undefined;
  const unread = useTeacherUnread(user?.admin ? user.id : null);
  const groupUnread = teacherUnreadCount(unread.data, { groupId: group.id });

  const list = members.data ?? [];
  // A member deleted elsewhere must not stay selected.
  const selectedIds = list.filter((member) => selected.has(member.id)).map((member) => member.id);
  const allSelected = list.length > 0 && selectedIds.length === list.length;

  function awardOne(member: TMember, reason: TAwardReason) {
    giving.give([member], { reason }, { onProblem: showAwardProblem });
  }

  function setOne(memberId: string, isSelected: boolean) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (isSelected) next.add(memberId);
      else next.delete(memberId);
      return next;
    });
  }

  return (
    <Stack gap="md" component="section" aria-labelledby="members-title">
      <Group justify="space-between" align="center" gap="xs">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dark.5" fw={600}>
            {t('groups.members.activeGroup')}
          </Text>
          <Title order={2} fz={{ base: 22, sm: 26 }} id="members-title" className={classes.title}>
            {group.name}
          </Title>
          {owns ? null : (
            <Text size="sm" c="dark.6" data-testid="coteaching-note">
              {t('groups.coteaching.withOwner', { owner: group.owner_username ?? '' })}
            </Text>
          )}
          {onlineCount !== null && (
            <Text size="xs" c="dark.4" data-testid="online-member-count">
              {t('groups.onlineMembers', { count: onlineCount })}
            </Text>
          )}
        </Stack>
        <Group gap={6}>
          <Indicator label={groupUnread} size={18} disabled={groupUnread === 0} color="red.8" offset={4}>
            <Button
              variant="light"
              size="sm"
              leftSection={<IconMessage size={16} />}
              onClick={() => openChat({ kind: 'group', groupId: group.id, title: group.name })}
              aria-label={groupUnread > 0 ? t('groups.members.groupChatUnread', { count: groupUnread }) : undefined}
              data-testid="group-chat-button"
            >
              {t('groups.members.groupChat')}
            </Button>
          </Indicator>
          {user?.admin && owns ? <InviteStudentsButton teacherId={user.id} group={group} /> : null}
          <BoardButtons groupId={group.id} />
          <ReportButton groupId={group.id} />
          {owns ? <HandoutButton groupId={group.id} /> : null}
          {/* The class's paperwork, kept together when the buttons wrap. */}
          {user?.admin && !user.demo && owns && list.length > 0 ? (
            <Group gap={6}>
              <ClassListButton onClick={() => setClassListOpen(true)} />
              <PrintBadgesButton group={group} />
            </Group>
          ) : null}
          <Badge size="lg" variant="light" color="indigo" tt="none" data-testid="active-member-count">
            {t('groups.memberCountOfLimit', { count: members.data ? members.data.length : group.member_count, limit: group.member_limit })}
          </Badge>
          {group.locked ? (
            <Badge size="lg" variant="light" color="gray" c="dark.7" tt="none" leftSection={<IconLock size={14} />}>
              {t('groups.list.locked')}
            </Badge>
          ) : null}
        </Group>
      </Group>

      {members.isPending ? <MembersSkeleton /> : null}
      {members.isError ? <QueryError error={members.error} onRetry={() => void members.refetch()} /> : null}
      {members.data && members.data.length === 0 ? <JoinInstructions group={group} /> : null}
      {/* A demo's classroom keeps its sample students: no class lists there (modules/demo). */}
      {members.data && members.data.length === 0 && user?.admin && !user.demo && owns ? (
        <Paper withBorder radius="lg" p="md" data-testid="class-list-offer">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dark.5" flex="1 1 240px">
              {t('groups.classList.offer')}
            </Text>
            <ClassListButton onClick={() => setClassListOpen(true)} variant="light" />
          </Group>
        </Paper>
      ) : null}
      {members.data && members.data.length > 0 ? (
        <>
          <RewardCoinsBox
            members={list}
            selectedIds={selectedIds}
            teacherCoins={teacherCoins}
            giving={giving}
            reasons={{ data: shownReasons, isPending: reasons.isPending, error: reasons.error, refetch: reasons.refetch }}
            onEditReasons={editReasons}
          />
          <AwardSnackbar />
          <Paper radius="md" px="sm" py={6} className={classes.toolbar}>
            <Group gap="xs" justify="space-between">
              <Text size="sm" fw={600} aria-live="polite">
                {t('groups.members.selectedOf', { count: selectedIds.length, total: list.length })}
              </Text>
              {/* One toggle, as in spec section 2: "select all or deselect all". */}
              <Button
                size="xs"
                variant="default"
                onClick={() => setSelected(allSelected ? new Set() : new Set(list.map((member) => member.id)))}
              >
                {allSelected ? t('groups.members.deselectAll') : t('groups.members.selectAll')}
              </Button>
            </Group>
          </Paper>
          <div className={classes.grid} data-testid="member-grid">
            {list.map((member) => (
              <MemberCard
                key={member.id}
                member={member}
                online={online.has(member.id)}
                selected={selected.has(member.id)}
                onSelectedChange={(isSelected) => setOne(member.id, isSelected)}
                unreadCount={teacherUnreadCount(unread.data, { memberId: member.id })}
                onOpenChat={() => openChat({ kind: 'member', groupId: group.id, memberId: member.id, title: member.username })}
                isTogglingSmallGroup={toggleSmallGroup.isPending && toggleSmallGroup.variables === member.id}
                onToggleSmallGroup={
                  owns ? () => toggleSmallGroup.mutate(member.id, { onError: (error) => showErrorCode(errorCodeOf(error)) }) : undefined
                }
                quickAward={{
                  reasons: shownReasons,
                  disabled: giving.isPending,
                  onAward: (reason: TAwardReason) => awardOne(member, reason),
                  onEditReasons: editReasons,
                }}
              />
            ))}
          </div>
        </>
      ) : null}
      {user?.admin && owns ? <ReasonsDialog teacherId={user.id} group={group} opened={reasonsOpen} onClose={() => setReasonsOpen(false)} /> : null}
      {user?.admin && !user.demo && owns ? <ClassListDialog teacherId={user.id} group={group} opened={classListOpen} onClose={() => setClassListOpen(false)} /> : null}
    </Stack>
  );
}
