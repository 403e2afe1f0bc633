import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import type { TActionImage } from '@kolikko/core/schemas/characters';
import { ActiveCountdown } from '../../../components/active-countdown.tsx';
import { CoinIcon } from '../../../components/icons.tsx';
import { CharacterPicture } from '../../../components/member-avatar.tsx';
import { characterImageUrl, lookOf, withPart } from '../../../lib/character-images.ts';
import { formatTime } from '../../../lib/format.ts';
import { actionPictureOf, isPurchaseActive, type HistoryEntry } from '../../../lib/history.ts';
import { RewardStateBadge } from './reward-state-badge.tsx';
import classes from './history.module.css';

interface HistoryEntryRowProps {
  entry: HistoryEntry;
  /** The action pictures the server offers; an entry without one shows a plain coin. */
  actions: TActionImage[] | undefined;
  /** A character part's name in the page's language, by its path. */
  partNameOf: (type: 'face' | 'hair', path: string) => string;
  now: Date;
  /** The student reads about themself ("by you"); the teacher about a student. */
  audience: 'student' | 'teacher';
  /** The student's skin tone, which a face bought is drawn in. */
  skinTone: string | undefined;
}

type TaskEntry = Extract<HistoryEntry, { category: 'transactions' }> & { kind: 'todo_reward' | 'todo_reward_revoked' };

/**
 * Who did what to a task (issue 33), from the ledger's actor: the student ticked it, the server
 * checked its exact answer, the teacher approved or reopened it, or the system paid an owed reward.
 * Without an actor (an older server), the teacher whose purse paid, as before.
 */
function taskDetail(t: TFunction, entry: TaskEntry, audience: HistoryEntryRowProps['audience']): string {
  const { actor } = entry;
  const name = actor?.name ?? entry.counterpart ?? t('history.deletedAccount');
  const base = `history.entries.doneBy.${entry.kind}`;
  if (!actor) return t('history.entries.byTeacher', { name });
  if (entry.autoChecked) return t(`${base}.auto`);
  if (actor.kind === 'member') return audience === 'student' ? t(`${base}.memberSelf`) : t(`${base}.member`, { name });
  return actor.kind === 'teacher' ? t(`${base}.teacher`, { name }) : t(`${base}.system`);
}

const isTaskEntry = (entry: Extract<HistoryEntry, { category: 'transactions' }>): entry is TaskEntry => entry.kind === 'todo_reward' || entry.kind === 'todo_reward_revoked';

function useEntryTitle(entry: HistoryEntry, partNameOf: HistoryEntryRowProps['partNameOf'], audience: HistoryEntryRowProps['audience']): { title: string; detail: string | null } {
  const { t } = useTranslation();
  const someone = t('history.deletedAccount');
  switch (entry.category) {
    case 'rewards':
      return { title: entry.purchase.name, detail: t('history.entries.reward') };
    case 'characters':
      return { title: partNameOf(entry.type, entry.path), detail: t(`history.entries.${entry.type}`) };
    case 'transactions': {
      const name = entry.counterpart ?? someone;
      const way = entry.direction === 'in' ? 'received' : 'sent';
      // A task's reward names the task; who did what to it goes under it.
      if (isTaskEntry(entry)) {
        const detail = taskDetail(t, entry, audience);
        if (entry.todoTitle) return { title: t(`history.entries.${way}.${entry.kind}Titled`, { task: entry.todoTitle }), detail };
        return { title: t(`history.entries.${way}.${entry.kind}`, { name }), detail: entry.actor ? detail : null };
      }
      const title = t(`history.entries.${way}.${entry.kind}`, { name });
      // An award made with a reason (or its undo) names the reason (issue 32): "Award from opettaja1 · Teamwork".
      return { title: entry.reasonName ? `${title} · ${entry.reasonName}` : title, detail: null };
    }
  }
}

/** One line of the history: its picture, what happened, when, and the coins in or out. */
export function HistoryEntryRow({ entry, actions, partNameOf, now, audience, skinTone }: HistoryEntryRowProps) {
  const { t } = useTranslation();
  const { title, detail } = useEntryTitle(entry, partNameOf, audience);
  const picture = actionPictureOf(entry);
  const hasPicture = picture !== null && (actions?.some((action) => action.path === picture) ?? false);
  const isActive = entry.category === 'rewards' && isPurchaseActive(entry.purchase, now);
  const sign = entry.direction === 'in' ? '+' : '−';

  return (
    <li className={classes.entry} data-category={entry.category} data-direction={entry.direction} data-testid="history-entry">
      {entry.category === 'characters' ? (
        <span className={classes.picture} aria-hidden="true" data-testid="history-part-picture">
          <CharacterPicture look={withPart(lookOf(null, null, skinTone), entry.type, entry.path)} size={44} />
        </span>
      ) : hasPicture && picture !== null ? (
        <img className={classes.picture} src={characterImageUrl(picture)} alt="" width={44} height={44} data-picture={picture} />
      ) : (
        <span className={classes.picture} aria-hidden="true">
          <CoinIcon size={28} />
        </span>
      )}
      <div className={classes.body}>
        <Text fw={700} className={classes.title}>
          {title}
        </Text>
        <Group gap={8} wrap="wrap">
          <Text size="sm" c="dark.5">
            {detail ? `${detail} · ` : ''}
            <time dateTime={entry.date}>{formatTime(entry.date)}</time>
          </Text>
          {entry.category === 'rewards' && entry.purchase.state !== 'returned' ? (
            isActive ? (
              <ActiveCountdown activeUntil={entry.purchase.active_until} now={now} />
            ) : (
              <Badge color="gray" variant="light" c="dark.6" tt="none" data-testid="reward-used">
                {t('rewardStatus.used')}
              </Badge>
            )
          ) : null}
          {entry.category === 'rewards' ? <RewardStateBadge state={entry.purchase.state} /> : null}
        </Group>
      </div>
      <Text className={classes.amount} data-direction={entry.amount === 0 ? 'none' : entry.direction} fw={800}>
        <span aria-hidden="true">{entry.amount === 0 ? '0' : `${sign}${entry.amount}`}</span>
        <VisuallyHidden>{t(entry.direction === 'in' ? 'history.amountIn' : 'history.amountOut', { count: entry.amount })}</VisuallyHidden>
      </Text>
    </li>
  );
}
