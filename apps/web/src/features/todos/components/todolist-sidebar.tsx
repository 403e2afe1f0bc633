import { useState } from 'react';
import { Badge, Group, Select, SimpleGrid, Stack, Tabs, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { TODOLIST_CATEGORIES } from '@kolikko/core/enumerations';
import type { TGroup } from '@kolikko/core/schemas/groups';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { IconSearch } from '../../../components/icons.tsx';
import { SmallGroupDot } from '../../../components/small-group-dot.tsx';
import { categoryLabelKey, isTodolistCategory, storedCategory, storedCategoryLabelKey } from '../../../lib/todolist-labels.ts';
import classes from '../../../components/list-sidebar.module.css';

export type TodolistTab = 'my' | 'shared';
const ALL = 'all';

interface TodolistSidebarProps {
  lists: TTodolist[];
  selectedId: string | null;
  activeGroup: TGroup | null;
  tab: TodolistTab;
  onTabChange: (tab: TodolistTab) => void;
}

function ShareIcons({ list, group }: { list: TTodolist; group: TGroup | null }) {
  const { t } = useTranslation();
  if (!group) return null;
  const colors = (['blue', 'orange'] as const).filter((color) => (color === 'blue' ? group.blue_shared_id : group.orange_shared_id) === list.id);
  return (
    <>
      {colors.map((color) => (
        <Badge key={color} variant="default" size="sm" tt="none" leftSection={<SmallGroupDot color={color} />} data-testid={`list-shared-${color}`}>
          <VisuallyHidden>{t('todolists.sharedToPrefix')} </VisuallyHidden>
          {t(`todolists.sharedTo.${color}`)}
        </Badge>
      ))}
    </>
  );
}

/** Spec section 2: My and Shared tabs, a category filter (all or one) and a search over the names. */
export function TodolistSidebar({ lists, selectedId, activeGroup, tab, onTabChange }: TodolistSidebarProps) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<string>(ALL);
  const [search, setSearch] = useState('');

  const query = search.trim().toLocaleLowerCase();
  const filterCategory = isTodolistCategory(category) ? storedCategory(category) : undefined;
  const inTab = lists.filter((list) => (tab === 'my' ? list.permissions === 'owner' : list.permissions !== 'owner'));
  const shown = inTab.filter(
    (list) => (filterCategory === undefined || list.category === filterCategory) && (query === '' || list.name.toLocaleLowerCase().includes(query)),
  );
  const categoryOptions = [{ value: ALL, label: t('todolists.filter.all') }, ...TODOLIST_CATEGORIES.map((value) => ({ value, label: t(categoryLabelKey(value)) }))];

  function emptyText(): string {
    if (inTab.length > 0) return t('todolists.filter.noMatches');
    return tab === 'my' ? t('todolists.empty.my') : t('todolists.empty.shared');
  }

  return (
    <Stack gap="sm">
      <Tabs
        value={tab}
        onChange={(next) => {
          if (next === 'my' || next === 'shared') onTabChange(next);
        }}
      >
        <Tabs.List grow>
          <Tabs.Tab value="my" fw={700}>
            {t('todolists.tabs.my')}
          </Tabs.Tab>
          <Tabs.Tab value="shared" fw={700}>
            {t('todolists.tabs.shared')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <SimpleGrid cols={{ base: 2, md: 1 }} spacing="xs" verticalSpacing="xs">
        <Select
          label={t('todolists.filter.category')}
          data={categoryOptions}
          value={category}
          onChange={(value) => setCategory(value ?? ALL)}
          allowDeselect={false}
          searchable
          nothingFoundMessage={t('todolists.settings.noMatch')}
        />
        <TextInput
          type="search"
          label={t('todolists.filter.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          autoComplete="off"
        />
      </SimpleGrid>
      {shown.length === 0 ? (
        <Text size="sm" c="dark.5" role="status" data-testid="todolists-empty">
          {emptyText()}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={tab === 'my' ? t('todolists.tabs.my') : t('todolists.tabs.shared')}>
          {shown.map((list) => {
            const isSelected = list.id === selectedId;
            return (
              <li key={list.id} className={classes.item} data-selected={isSelected || undefined} data-testid={`todolist-item-${list.name}`}>
                <Link to={`/teacher/todos/${list.id}`} className={classes.link} aria-current={isSelected ? 'page' : undefined}>
                  {list.name}
                </Link>
                <Group gap={6} className={classes.meta}>
                  {list.category ? (
                    <Badge size="sm" variant="light" color="grape" c="grape.9" tt="none">
                      {t(storedCategoryLabelKey(list.category))}
                    </Badge>
                  ) : null}
                  {list.shared_by_username ? (
                    <Text size="xs" c="dark.5">
                      {t('todolists.sharedBy', { username: list.shared_by_username })} · {t(`todolists.permissions.${list.permissions}`)}
                    </Text>
                  ) : null}
                  <ShareIcons list={list} group={activeGroup} />
                </Group>
              </li>
            );
          })}
        </ul>
      )}
    </Stack>
  );
}
