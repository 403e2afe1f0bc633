import { useState } from 'react';
import { ActionIcon, Badge, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { GROUP_SEARCH_THRESHOLD } from '@kolikko/core/limits';
import type { TGroup } from '@kolikko/core/schemas/groups';
import { IconLock, IconSearch } from '../../../components/icons.tsx';
import { IconSettings } from '../../../components/teacher-icons.tsx';
import classes from './group-list.module.css';
import { Hint } from '../../../components/hint.tsx';

interface GroupListProps {
  groups: TGroup[];
  activeGroupId: string | null;
  /** The group being made active right now. */
  pendingGroupId: string | null;
  onSelect: (group: TGroup) => void;
  onOpenSettings: (group: TGroup) => void;
}

/** The teacher's groups, its own and those it co-teaches: click one to make it active; each of its own has a settings button. */
export function GroupList({ groups, activeGroupId, pendingGroupId, onSelect, onOpenSettings }: GroupListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // Spec section 9: the search box appears only above GROUP_SEARCH_THRESHOLD groups.
  const hasSearch = groups.length > GROUP_SEARCH_THRESHOLD;
  const query = hasSearch ? search.trim().toLocaleLowerCase() : '';
  const shown = query === '' ? groups : groups.filter((group) => group.name.toLocaleLowerCase().includes(query));

  return (
    <Stack gap="sm">
      {hasSearch ? (
        <TextInput
          type="search"
          label={t('groups.list.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          autoComplete="off"
        />
      ) : null}
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          {groups.length === 0 ? t('groups.list.none') : t('groups.list.noMatches')}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={t('groups.list.label')}>
          {shown.map((group) => {
            const isActive = group.id === activeGroupId;
            const descriptionId = `group-${group.id}-description`;
            return (
              <li key={group.id} className={classes.item} data-active={isActive || undefined} data-testid={`group-item-${group.name}`}>
                <UnstyledButton
                  className={classes.select}
                  onClick={() => {
                    if (!isActive) onSelect(group);
                  }}
                  aria-current={isActive ? 'true' : undefined}
                  aria-describedby={descriptionId}
                  aria-busy={pendingGroupId === group.id || undefined}
                >
                  <Text fw={800} className={classes.name}>
                    {group.name}
                  </Text>
                </UnstyledButton>
                <Group gap={6} id={descriptionId} className={classes.meta} wrap="wrap">
                  <Text size="sm" c="dark.5">
                    {t('groups.memberCount', { count: group.member_count })}
                  </Text>
                  {isActive ? (
                    <Badge size="sm" color="indigo" variant="filled">
                      {t('groups.list.active')}
                    </Badge>
                  ) : null}
                  {group.locked ? (
                    <Badge size="sm" color="gray" variant="light" c="dark.7" leftSection={<IconLock size={12} />}>
                      {t('groups.list.locked')}
                    </Badge>
                  ) : null}
                  {group.role === 'coteacher' ? (
                    <Badge size="sm" color="teal" variant="light" c="teal.9" tt="none" data-testid="coteacher-badge">
                      {t('groups.coteaching.badge', { owner: group.owner_username ?? '' })}
                    </Badge>
                  ) : null}
                  {pendingGroupId === group.id ? <Loader size="xs" aria-hidden="true" /> : null}
                </Group>
                {/* A co-taught group's settings are its owner's (issue 34). */}
                {group.role === 'owner' ? (
                  <Hint label={t('groups.settings.open', { name: group.name })} align="end" className={classes.settings}>
                    <ActionIcon
                      variant="subtle"
                      color="dark"
                      size="lg"
                      aria-label={t('groups.settings.open', { name: group.name })}
                      onClick={() => onOpenSettings(group)}
                    >
                      <IconSettings size={20} />
                    </ActionIcon>
                  </Hint>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}
