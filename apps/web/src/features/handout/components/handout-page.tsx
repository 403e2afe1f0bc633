import { useState } from 'react';
import { Anchor, Badge, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TGroupRewardPurchase } from '@kolikko/core/schemas/rewards';
import { ActiveCountdown } from '../../../components/active-countdown.tsx';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { CoinIcon, IconGift, IconUndo } from '../../../components/icons.tsx';
import { IconArrowLeft, IconCheck } from '../../../components/teacher-icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { showBanner, showErrorCode } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { invalidateHandout } from '../../../lib/queries/handout.ts';
import { useGroups } from '../../../lib/queries/get-groups.ts';
import { Link, useNavigate, useParams, useSearchParams } from '../../../lib/router.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { HANDOUT_FILTERS, useRewardPurchases, useSettleRewardPurchase, type HandoutFilter } from '../api/reward-purchases.ts';
import classes from './handout-page.module.css';

const isFilter = (value: string): value is HandoutFilter => (HANDOUT_FILTERS as readonly string[]).includes(value);

interface EntryProps {
  purchase: TGroupRewardPurchase;
  now: Date;
  busy: boolean;
  onGiven: () => void;
  onGiveBack: () => void;
}

/** One purchase: who bought what and when, whether its hour still runs, and what the teacher did with it. */
function HandoutEntry({ purchase, now, busy, onGiven, onGiveBack }: EntryProps) {
  const { t } = useTranslation();
  const active = purchase.active && new Date(purchase.active_until).getTime() > now.getTime();
  return (
    <li className={classes.entry} data-state={purchase.state} data-testid={`handout-${purchase.id}`}>
      <ThemeIcon size={44} radius="md" variant="light" color={purchase.state === 'pending' ? 'grape' : 'gray'} aria-hidden="true" className={classes.icon}>
        <IconGift size={24} />
      </ThemeIcon>
      <div className={classes.body}>
        <Text fw={700} className={classes.title}>
          {t('handout.entryTitle', { name: purchase.member.username, reward: purchase.reward.name })}
        </Text>
        <Group gap={8} mt={4} wrap="wrap">
          <Text size="sm" c="dark.5">
            {t('handout.boughtAt', { date: formatDateTime(purchase.purchased_at) })}
          </Text>
          {active ? (
            <ActiveCountdown activeUntil={purchase.active_until} now={now} />
          ) : (
            <Badge color="gray" variant="light" c="dark.6" tt="none" data-testid="handout-inactive">
              {t('handout.hourOver')}
            </Badge>
          )}
          {purchase.state !== 'pending' ? (
            <Badge color={purchase.state === 'given' ? 'teal' : 'orange'} variant="light" c={purchase.state === 'given' ? 'teal.9' : 'orange.9'} tt="none" data-testid="handout-state">
              {t(`handout.settled.${purchase.state}`, { date: purchase.settled_at ? formatDateTime(purchase.settled_at) : '' })}
            </Badge>
          ) : null}
        </Group>
      </div>
      <Group gap={4} wrap="nowrap" className={classes.price}>
        <CoinIcon size={18} />
        <span>{purchase.price}</span>
        <VisuallyHidden>{t('common.coinsUnit', { count: purchase.price })}</VisuallyHidden>
      </Group>
      {purchase.state === 'pending' ? (
        <Group gap="xs" className={classes.actions} wrap="nowrap">
          <Button
            size="sm"
            color="teal.9"
            leftSection={<IconCheck size={16} />}
            onClick={onGiven}
            disabled={busy}
            aria-label={t('handout.givenLabel', { name: purchase.member.username, reward: purchase.reward.name })}
            data-testid="handout-given"
          >
            {t('handout.given')}
          </Button>
          <Button
            size="sm"
            variant="default"
            leftSection={<IconUndo size={16} />}
            onClick={onGiveBack}
            disabled={busy}
            aria-label={t('handout.giveBackLabel', { name: purchase.member.username, reward: purchase.reward.name })}
            data-testid="handout-give-back"
          >
            {t('handout.giveBack')}
          </Button>
        </Group>
      ) : null}
    </li>
  );
}

/**
 * Issue 33's "To hand out": a group's reward purchases, newest first, filtered by state. New
 * purchases and settlements on other screens arrive live (app/live-updates-teacher.ts invalidates
 * the queue); "Give back" asks first, naming the coins that return to the student.
 */
export function HandoutPage({ teacher }: { teacher: TTeacherUser }) {
  const { t } = useTranslation();
  const { groupId = '' } = useParams();
  const navigate = useNavigate();
  // The filter is kept in the address (?state=given), so a reload or a shared link keeps it.
  const [search, setSearch] = useSearchParams();
  const asked = search.get('state') ?? '';
  const filter: HandoutFilter = isFilter(asked) ? asked : 'pending';
  const [confirming, setConfirming] = useState<TGroupRewardPurchase | null>(null);
  const groups = useGroups(teacher.id);
  const group = groups.data?.find((g) => g.id === groupId) ?? null;
  const purchases = useRewardPurchases(groupId, filter);
  const settle = useSettleRewardPurchase(groupId);
  const list = purchases.data ?? [];
  const now = useNow(1000, list.some((p) => p.active));
  usePageTitle(group ? t('handout.pageTitle', { group: group.name }) : t('handout.title'));

  function run(purchase: TGroupRewardPurchase, state: 'given' | 'returned') {
    settle.mutate(
      { purchaseId: purchase.id, state },
      {
        onSuccess: () => {
          setConfirming(null);
          if (state === 'given') showBanner('success', 'handout.givenDone', { name: purchase.member.username, reward: purchase.reward.name });
          else showBanner('success', 'handout.returnedDone', { name: purchase.member.username, count: purchase.price });
        },
        onError: (error) => {
          setConfirming(null);
          showErrorCode(errorCodeOf(error));
          invalidateHandout(groupId);
        },
      },
    );
  }

  function renderList() {
    if (purchases.isPending) {
      return (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={76} radius="md" />
          <Skeleton height={76} radius="md" />
        </Stack>
      );
    }
    if (purchases.isError) return <QueryError error={purchases.error} onRetry={() => void purchases.refetch()} />;
    if (list.length === 0) {
      return (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="handout-empty">
          <Stack align="center" ta="center" gap="xs">
            <ThemeIcon size={52} radius="xl" variant="light" color="grape" aria-hidden="true">
              <IconGift size={28} />
            </ThemeIcon>
            <Text fw={700} size="lg">
              {t(`handout.empty.${filter}`)}
            </Text>
            <Text c="dark.5" maw={460}>
              {t('handout.emptyHint')}
            </Text>
          </Stack>
        </Paper>
      );
    }
    return (
      <ul className={classes.list} aria-label={t(`handout.filter.${filter}`)} data-testid="handout-list">
        {list.map((purchase) => (
          <HandoutEntry
            key={purchase.id}
            purchase={purchase}
            now={now}
            busy={settle.isPending && settle.variables.purchaseId === purchase.id}
            onGiven={() => run(purchase, 'given')}
            onGiveBack={() => setConfirming(purchase)}
          />
        ))}
      </ul>
    );
  }

  if (groups.data && !group) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('handout.title')}
        </Title>
        <Text>{t('handout.noGroup')}</Text>
        <Anchor component={Link} to="/teacher/groups">
          {t('handout.backToGroups')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/teacher/groups" size="sm" fw={600} className={classes.back}>
        <IconArrowLeft size={16} aria-hidden="true" /> {t('handout.backToGroups')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
          {group ? t('handout.pageTitle', { group: group.name }) : t('handout.title')}
        </Title>
        <Text c="dark.4">{t('handout.intro')}</Text>
      </Stack>
      <Group gap="md" align="flex-end" wrap="wrap">
        {groups.data && groups.data.length > 1 ? (
          <NativeSelect
            label={t('handout.group')}
            value={groupId}
            onChange={(event) => navigate(`/teacher/handout/${encodeURIComponent(event.currentTarget.value)}`)}
            data={groups.data.map((g) => ({ value: g.id, label: g.name }))}
            className={classes.groupSelect}
          />
        ) : null}
        <ChoiceGroup
          aria-label={t('handout.filter.label')}
          value={filter}
          onChange={(value) => setSearch(new URLSearchParams(value === 'pending' ? {} : { state: value }), { replace: true })}
          data={HANDOUT_FILTERS.map((value) => ({ value, label: t(`handout.filter.${value}`) }))}
          className={classes.filter}
          data-testid="handout-filter"
        />
      </Group>
      {renderList()}
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && run(confirming, 'returned')}
        loading={settle.isPending}
        title={confirming ? t('handout.confirmTitle', { reward: confirming.reward.name }) : ''}
      >
        {confirming ? (
          <Text>
            {t('handout.confirmText', {
              name: confirming.member.username,
              coinsText: t('common.coinsAmount', { count: confirming.price }),
            })}
          </Text>
        ) : null}
      </ConfirmModal>
    </Stack>
  );
}
