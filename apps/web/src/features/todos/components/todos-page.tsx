import { useEffect, useState } from 'react';
import { Alert, Anchor, Grid, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useLocation, useNavigate, useNavigationType } from '../../../lib/router.tsx';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import { IconChecklist } from '../../../components/icons.tsx';
import { IconArrowLeft } from '../../../components/teacher-icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { useHeaderSelection } from '../../../lib/header-selection.ts';
import { useActiveGroup } from '../../../lib/queries/get-active-group.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useTodolists } from '../api/get-todolists.ts';
import { NewTodolistForm } from './new-todolist-form.tsx';
import { TodolistSettingsModal } from './todolist-settings-modal.tsx';
import { TodolistSidebar, type TodolistTab } from './todolist-sidebar.tsx';
import { TodolistView } from './todolist-view.tsx';
import { forgetTodolist, rememberedTodolist, rememberTodolist } from '../remembered-todolist.ts';

/** The state of a link to /teacher/todos that shows the lists, not the list remembered. */
const ALL_LISTS = { lists: true };

function Prompt({ title, text }: { title: string; text: string }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="todolist-prompt">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={64} radius="xl" variant="light" color="indigo" aria-hidden="true">
          <IconChecklist size={34} />
        </ThemeIcon>
        <Title order={2} fz={22}>
          {title}
        </Title>
        <Text c="dark.5" maw={440}>
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}

interface TodosPageProps {
  teacher: TTeacherUser;
  /** The list in the address (/teacher/todos/:todolistId), if any. */
  todolistId: string | null;
}

/**
 * /teacher/todos: the teacher's lists beside the selected one. On phones the two are separate
 * screens: the lists, or the selected list with a way back.
 */
export function TodosPage({ teacher, todolistId }: TodosPageProps) {
  const { t } = useTranslation();
  const lists = useTodolists(teacher.id);
  const active = useActiveGroup(teacher.id);
  const [chosenTab, setChosenTab] = useState<TodolistTab | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const selected = todolistId ? (lists.data?.find((list) => list.id === todolistId) ?? null) : null;
  const navigate = useNavigate();
  const location = useLocation();
  const navigationType = useNavigationType();
  // Coming back to Todo lists (the menu, the home page) opens the list chosen before in this
  // session (issue 33); the page's own "All lists" links, the browser's back button and a reload
  // show the lists themselves.
  const askedForLists = navigationType === 'POP' || (location.state as { lists?: boolean } | null)?.lists === true;
  const remembered = !todolistId && !askedForLists ? rememberedTodolist() : null;
  useEffect(() => {
    if (selected) rememberTodolist(selected.id);
  }, [selected]);
  useEffect(() => {
    // Only on lists read afresh: a list just left or deleted may still be in a list about to be read again.
    if (remembered === null || !lists.data || lists.isFetching) return;
    if (lists.data.some((list) => list.id === remembered)) void navigate(`/teacher/todos/${remembered}`, { replace: true });
    else forgetTodolist();
  }, [remembered, lists.data, lists.isFetching, navigate]);
  // A shared list open here can leave this teacher's lists live (its owner stops sharing): said so, by name.
  const [lastShared, setLastShared] = useState<{ id: string; name: string } | null>(null);
  if (selected && selected.permissions !== 'owner' && lastShared?.id !== selected.id) setLastShared({ id: selected.id, name: selected.name });
  // Its settings close with it, and do not open by themselves on the next list chosen.
  if (settingsOpen && lists.data && !selected) setSettingsOpen(false);
  usePageTitle(selected ? selected.name : t('teacher.pages.todos'));
  useHeaderSelection(selected ? 'todolist' : null, selected?.name ?? null);
  // A list opened by its address shows under its own tab until the teacher picks a tab.
  const selectedTab: TodolistTab | null = selected ? (selected.permissions === 'owner' ? 'my' : 'shared') : null;
  // A list newly opened (a copy just made of a shared one, issue 33) shows under its own tab, the
  // tab chosen before or not; a teacher with only lists shared with it starts on those.
  const [tabOf, setTabOf] = useState<string | null>(null);
  if (selected && selectedTab && tabOf !== selected.id) {
    setTabOf(selected.id);
    if (chosenTab !== null && chosenTab !== selectedTab) setChosenTab(selectedTab);
  }
  const onlyShared = lists.data !== undefined && lists.data.length > 0 && lists.data.every((list) => list.permissions !== 'owner');
  const tab: TodolistTab = chosenTab ?? selectedTab ?? (onlyShared ? 'shared' : 'my');
  const nameOf = (id: string) => lists.data?.find((list) => list.id === id)?.name ?? null;

  function renderMain() {
    if (!todolistId && remembered !== null && lists.data?.some((list) => list.id === remembered)) return <Skeleton height={320} radius="lg" aria-label={t('common.loading')} />;
    if (!todolistId) {
      const hasLists = (lists.data?.length ?? 0) > 0;
      return hasLists ? (
        <Prompt title={t('todolists.choose.title')} text={t('todolists.choose.text')} />
      ) : (
        <Prompt title={t('todolists.first.title')} text={t('todolists.first.text')} />
      );
    }
    if (lists.isPending) return <Skeleton height={320} radius="lg" aria-label={t('common.loading')} />;
    if (lists.isError) return <QueryError error={lists.error} onRetry={() => void lists.refetch()} />;
    if (!selected && lastShared?.id === todolistId) {
      return (
        <Alert color="gray" variant="light" c="dark.7" title={t('teacherShare.gone', { name: lastShared.name })} role="status" data-testid="todolist-share-ended">
          <Anchor component={Link} to="/teacher/todos" state={ALL_LISTS} fw={600}>
            {t('todolists.back')}
          </Anchor>
        </Alert>
      );
    }
    if (!selected) {
      return (
        <Alert color="red" variant="light" title={t('errors.TODOLIST.TODOLIST_NOT_FOUND')} role="alert" data-testid="todolist-not-found">
          <Anchor component={Link} to="/teacher/todos" state={ALL_LISTS} fw={600}>
            {t('todolists.back')}
          </Anchor>
        </Alert>
      );
    }
    return (
      <TodolistView
        key={selected.id}
        teacherId={teacher.id}
        list={selected}
        activeGroup={active.data ?? null}
        nameOf={nameOf}
        onOpenSettings={() => setSettingsOpen(true)}
      />
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('teacher.pages.todos')}
      </Title>
      <Grid gap="lg">
        {/* On phones the lists give way to the selected list, and the empty prompt to the lists. */}
        <Grid.Col span={{ base: 12, md: 4 }} display={todolistId ? { base: 'none', md: 'block' } : undefined}>
          <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="todolists-title">
            <Stack gap="md">
              <Title order={2} fz="lg" id="todolists-title">
                {t('todolists.title')}
              </Title>
              {lists.isPending ? (
                <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
                  <Skeleton height={54} radius="md" />
                  <Skeleton height={54} radius="md" />
                </Stack>
              ) : null}
              {lists.isError ? <QueryError error={lists.error} onRetry={() => void lists.refetch()} /> : null}
              {lists.data ? (
                <TodolistSidebar lists={lists.data} selectedId={todolistId} activeGroup={active.data ?? null} tab={tab} onTabChange={setChosenTab} />
              ) : null}
              <NewTodolistForm teacherId={teacher.id} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} display={todolistId ? undefined : { base: 'none', md: 'block' }}>
          <Stack gap="md">
            {todolistId ? (
              <Anchor component={Link} to="/teacher/todos" state={ALL_LISTS} fw={700} w="fit-content" hiddenFrom="md">
                <Group gap={6} component="span" wrap="nowrap">
                  <IconArrowLeft size={18} />
                  <span>{t('todolists.back')}</span>
                </Group>
              </Anchor>
            ) : null}
            {renderMain()}
          </Stack>
        </Grid.Col>
      </Grid>
      <TodolistSettingsModal teacherId={teacher.id} list={settingsOpen ? selected : null} onClose={() => setSettingsOpen(false)} />
    </Stack>
  );
}
