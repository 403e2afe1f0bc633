import { useState, type ReactNode } from 'react';
import { Badge, Button, Center, Group, Loader, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TODOLIST_CATEGORIES, TODOLIST_LANGUAGES, TODOLIST_TARGETS } from '@kolikko/core/enumerations';
import { COMMUNITY_TITLE_MAX_LENGTH } from '@kolikko/core/limits';
import type { TCommunityItem } from '@kolikko/core/schemas/community';
import { IconSearch } from '../../../components/icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { categoryLabelKey } from '../../../lib/todolist-labels.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { COMMUNITY_PAGE_SIZE, useCommunity } from '../api/get-community.ts';
import { CommunityDetailModal, type CommunityViewer } from './community-detail-modal.tsx';
import { CommunityPrice, CommunityTags } from './community-labels.tsx';

const SEARCH_DEBOUNCE_MS = 350;

function CommunityCard({ item, onOpen }: { item: TCommunityItem; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="md" component="article" data-testid="community-card" aria-labelledby={`community-card-${item.id}`}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          {/* The title has the card's whole width: beside the price, a long Finnish word broke mid-word. */}
          <Title order={2} fz="lg" id={`community-card-${item.id}`} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Title>
          <Group justify="space-between" align="center" gap="xs">
            <Text size="sm" c="dimmed">
              {t('community.publisher', { username: item.shared_by_username })}
            </Text>
            <CommunityPrice price={item.price} />
          </Group>
          <CommunityTags item={item} />
        </Stack>
        <Group justify="space-between" align="center" gap="xs">
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {formatDate(item.shared_at)} · {t('community.todoCount', { count: item.todo_count })}
            </Text>
            {item.own ? <Badge variant="light" tt="none">{t('community.own')}</Badge> : null}
            {item.bought ? <Badge variant="light" color="teal" tt="none">{t('community.bought')}</Badge> : null}
          </Group>
          <Button variant="light" size="sm" onClick={onOpen} aria-label={t('community.detailsOf', { title: item.title })}>
            {t('community.details')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface CommunityBrowserProps {
  viewer: CommunityViewer;
  /** The publisher's own actions in the detail popup (teachers' page only). */
  renderOwnerActions?: (item: TCommunityItem, close: () => void) => ReactNode;
}

/**
 * Spec section 2's community browser: search, category, target and language filters, cards,
 * pages and the detail popup. Teachers buy from it; a visitor reads it and is asked to sign in.
 */
export function CommunityBrowser({ viewer, renderOwnerActions }: CommunityBrowserProps) {
  const { t } = useTranslation();
  usePageTitle(t('community.title'));
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [language, setLanguage] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [openItem, setOpenItem] = useState<TCommunityItem | null>(null);
  const query = useCommunity({ q: debouncedSearch, category, target, language, page });

  const filtered = search !== '' || category !== null || target !== null || language !== null;
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / COMMUNITY_PAGE_SIZE));
  // The popup shows the item as the latest answer has it (bought, every todo), else as it was opened.
  const shown = openId === null ? null : (items.find((item) => item.id === openId) ?? openItem);

  function withPageReset<T>(set: (value: T) => void) {
    return (value: T) => {
      set(value);
      setPage(1);
    };
  }

  function reset() {
    setSearch('');
    setCategory(null);
    setTarget(null);
    setLanguage(null);
    setPage(1);
  }

  const categoryOptions = TODOLIST_CATEGORIES.map((value) => ({ value, label: t(categoryLabelKey(value)) }));
  const targetOptions = TODOLIST_TARGETS.map((value) => ({ value, label: t(`todolists.targets.${value}`) }));
  const languageOptions = TODOLIST_LANGUAGES.map((value) => ({ value, label: t(`todolists.languages.${value}`) }));

  return (
    <Stack gap="lg" data-testid="community-browser">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('community.title')}
        </Title>
        <Text c="dimmed">{viewer.kind === 'visitor' ? t('community.introVisitor') : t('community.intro')}</Text>
      </Stack>

      <Paper withBorder radius="lg" p="md" component="section" aria-label={t('community.filters.label')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <TextInput
              label={t('community.filters.search')}
              placeholder={t('community.filters.searchPlaceholder')}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={search}
              maxLength={COMMUNITY_TITLE_MAX_LENGTH}
              onChange={(event) => withPageReset(setSearch)(event.currentTarget.value)}
              type="search"
            />
            <Select
              label={t('community.filters.category')}
              placeholder={t('community.filters.all')}
              data={categoryOptions}
              value={category}
              onChange={withPageReset(setCategory)}
              clearable
              searchable
              nothingFoundMessage={t('community.form.noMatch')}
            />
            <Select
              label={t('community.filters.target')}
              placeholder={t('community.filters.all')}
              data={targetOptions}
              value={target}
              onChange={withPageReset(setTarget)}
              clearable
            />
            <Select
              label={t('community.filters.language')}
              placeholder={t('community.filters.all')}
              data={languageOptions}
              value={language}
              onChange={withPageReset(setLanguage)}
              clearable
            />
          </SimpleGrid>
          <Group justify="space-between" align="center">
            <Text size="sm" c="dimmed" aria-live="polite" data-testid="community-total">
              {query.data ? t('community.results', { count: total }) : ''}
            </Text>
            <Group gap="xs">
              {query.isFetching && query.data ? <Loader size="xs" aria-label={t('common.loading')} /> : null}
              <Button variant="default" size="sm" onClick={reset} disabled={!filtered}>
                {t('community.filters.reset')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>

      {query.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={180} radius="lg" />
          ))}
        </SimpleGrid>
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} title={t('community.loadFailed')} />
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="community-empty">
          <Center>
            <Text c="dimmed">{filtered ? t('community.empty') : t('community.emptyAll')}</Text>
          </Center>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {items.map((item) => (
            <CommunityCard
              key={item.id}
              item={item}
              onOpen={() => {
                setOpenId(item.id);
                setOpenItem(item);
              }}
            />
          ))}
        </SimpleGrid>
      )}

      {pages > 1 ? (
        <Center>
          <Pagination total={pages} value={page} onChange={setPage} aria-label={t('community.pages')} />
        </Center>
      ) : null}

      <CommunityDetailModal
        item={shown}
        viewer={viewer}
        onClose={() => {
          setOpenId(null);
          setOpenItem(null);
        }}
        renderOwnerActions={renderOwnerActions}
      />
    </Stack>
  );
}
