import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import type { TGroup } from '@kolikko/core/schemas/groups';
import type { TRewardList } from '@kolikko/core/schemas/rewards';
import { IconGift } from '../../../components/icons.tsx';
import { IconCheck } from '../../../components/teacher-icons.tsx';
import classes from '../../../components/list-sidebar.module.css';

interface RewardlistNavProps {
  lists: TRewardList[];
  /** The list open now; null while all rewards are shown alone. */
  selectedId: string | null;
  activeGroup: TGroup | null;
}

/** The teacher's reward lists as links, "All rewards" first; the one published to the active group is marked. */
export function RewardlistNav({ lists, selectedId, activeGroup }: RewardlistNavProps) {
  const { t } = useTranslation();
  return (
    <ul className={classes.list} aria-label={t('rewards.lists.title')}>
      <li className={classes.item} data-selected={selectedId === null || undefined} data-testid="rewardlist-item-all">
        <Link to="/teacher/rewards" className={classes.link} aria-current={selectedId === null ? 'page' : undefined}>
          <Group gap={6} wrap="nowrap" component="span">
            <IconGift size={16} />
            <span>{t('rewards.all.title')}</span>
          </Group>
        </Link>
      </li>
      {lists.map((list) => {
        const isSelected = list.id === selectedId;
        const isPublished = activeGroup?.shared_reward_list === list.id;
        return (
          <li key={list.id} className={classes.item} data-selected={isSelected || undefined} data-testid={`rewardlist-item-${list.name}`}>
            <Link to={`/teacher/rewards/${list.id}`} className={classes.link} aria-current={isSelected ? 'page' : undefined}>
              {list.name}
            </Link>
            <Group gap={6} className={classes.meta}>
              <Text size="xs" c="dark.5">
                {t('rewards.lists.count', { count: list.rewards.length })}
              </Text>
              {isPublished && activeGroup ? (
                <Badge
                  size="sm"
                  color="teal"
                  variant="light"
                  c="teal.9"
                  tt="none"
                  leftSection={<IconCheck size={12} />}
                  data-testid="rewardlist-published"
                  // A group's name is up to 40 characters: the badge wraps instead of cutting it.
                  styles={{ root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
                >
                  {t('rewards.lists.published', { group: activeGroup.name })}
                </Badge>
              ) : null}
            </Group>
          </li>
        );
      })}
    </ul>
  );
}
