import { ActionIcon, Button, Checkbox, Group, Indicator, Paper, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import type { TMember } from '@kolikko/core/schemas/groups';
import { CoinIcon, IconMessage } from '../../../components/icons.tsx';
import { IconChevronRight } from '../../../components/teacher-icons.tsx';
import { MemberAvatar } from '../../../components/member-avatar.tsx';
import { SmallGroupDot } from '../../../components/small-group-dot.tsx';
import classes from './member-card.module.css';
import { Hint } from '../../../components/hint.tsx';
import { QuickAwardButton, type QuickAwardProps } from './quick-award-button.tsx';

interface MemberCardProps {
  member: TMember;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  /** Moves the student to the other small group; left out for a co-teacher, who sees the small group only. */
  onToggleSmallGroup?: (() => void) | undefined;
  isTogglingSmallGroup: boolean;
  /** Unread chat messages from this member. */
  unreadCount?: number;
  /** Opens the private chat with this member. */
  onOpenChat: () => void;
  /** The "+" menu: one of the group's award reasons to this member at once (issue 32). */
  quickAward: Omit<QuickAwardProps, 'username'>;
  /** The student has the app open (a socket connected): a dot on its picture. */
  online?: boolean;
}

/** One student of the active group: picture, coins, name, a reason award, small group, page, chat and selection. */
export function MemberCard({ member, selected, onSelectedChange, onToggleSmallGroup, isTogglingSmallGroup, unreadCount = 0, onOpenChat, quickAward, online = false }: MemberCardProps) {
  const { t } = useTranslation();
  const checkboxId = `select-member-${member.id}`;
  const nextColour = member.small_group === 'blue' ? 'orange' : 'blue';

  return (
    <Paper withBorder radius="lg" p="sm" className={classes.card} data-selected={selected || undefined} data-testid={`member-card-${member.username}`}>
      <div className={classes.top}>
        <Checkbox
          id={checkboxId}
          size="md"
          checked={selected}
          onChange={(event) => onSelectedChange(event.currentTarget.checked)}
          aria-label={t('groups.members.select', { username: member.username })}
        />
        {/* The picture and name also toggle the selection: a bigger target than the box alone. */}
        <label htmlFor={checkboxId} className={classes.identity}>
          <span className={classes.avatar}>
            <MemberAvatar face={member.face} hair={member.hair} skinTone={member.skin_tone} username={member.username} size={44} />
            {online ? <span className={classes.online} title={t('groups.members.online')} data-testid={`member-online-${member.username}`} /> : null}
          </span>
          <span className={classes.nameBlock}>
            <Text fw={800} className={classes.name}>
              {member.username}
              {online ? <VisuallyHidden>, {t('groups.members.online')}</VisuallyHidden> : null}
            </Text>
            <span className={classes.coins}>
              <CoinIcon size={18} />
              <span data-testid={`member-coins-${member.username}`}>{member.coins}</span>
              <span className={classes.coinsUnit}>{t('common.coinsUnit', { count: member.coins })}</span>
            </span>
          </span>
        </label>
        <QuickAwardButton username={member.username} {...quickAward} />
      </div>
      <Group gap={6} mt="sm" wrap="nowrap" className={classes.actions}>
        {onToggleSmallGroup ? (
        <Hint label={t('groups.members.smallGroupSwitch', { color: t(`groups.smallGroups.${nextColour}`) })} align="start">
          <UnstyledButton
            className={classes.smallGroup}
            data-color={member.small_group}
            onClick={onToggleSmallGroup}
            disabled={isTogglingSmallGroup}
            aria-label={t('groups.members.smallGroupButton', {
              username: member.username,
              color: t(`groups.smallGroups.${member.small_group}`),
            })}
            data-testid={`member-small-group-${member.username}`}
          >
            <SmallGroupDot color={member.small_group} />
            <span>{t(`groups.smallGroups.${member.small_group}`)}</span>
          </UnstyledButton>
        </Hint>
        ) : (
          <span className={classes.smallGroup} data-color={member.small_group} data-testid={`member-small-group-${member.username}`}>
            <SmallGroupDot color={member.small_group} />
            <span>{t(`groups.smallGroups.${member.small_group}`)}</span>
          </span>
        )}
        <Button
          component={Link}
          to={`/teacher/groups/${member.id}/todos`}
          variant="light"
          size="compact-md"
          rightSection={<IconChevronRight size={16} />}
          aria-label={t('groups.members.open', { username: member.username })}
          className={classes.open}
        >
          {t('groups.members.openShort')}
        </Button>
        <Indicator label={unreadCount} size={18} disabled={unreadCount === 0} color="red.8" offset={4}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={
              unreadCount > 0
                ? t('groups.members.chatUnread', { username: member.username, count: unreadCount })
                : t('groups.members.chat', { username: member.username })
            }
            onClick={onOpenChat}
            data-testid={`member-chat-${member.username}`}
          >
            <IconMessage size={18} />
          </ActionIcon>
        </Indicator>
      </Group>
    </Paper>
  );
}
