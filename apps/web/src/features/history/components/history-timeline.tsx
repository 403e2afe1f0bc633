import { useState } from 'react';
import { Paper, SegmentedControl, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHistory } from '../../../components/icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { partName } from '../../../lib/character-images.ts';
import { formatLongDate } from '../../../lib/format.ts';
import { dayDate, dayLabel, filterHistory, groupHistoryByDay, historyEntries, HISTORY_FILTERS, isHistoryFilter, type HistoryFilter } from '../../../lib/history.ts';
import { currentLanguage, useTranslation } from '../../../lib/i18n.ts';
import { useActionImages, useCharacterImages } from '../../../lib/queries/character-images.ts';
import { useMemberHistory } from '../../../lib/queries/member-history.ts';
import { useNow } from '../../../lib/use-now.ts';
import { HistoryEntryRow } from './history-entry.tsx';
import classes from './history.module.css';

interface HistoryTimelineProps {
  memberId: string;
  /** The student's skin tone: a face bought shows in it, as the student wears it. */
  skinTone: string | undefined;
  /** The student reads about themself; the teacher about a student. */
  audience: 'student' | 'teacher';
  /** The level of the day headings under the page's own headings. */
  headingOrder?: 2 | 3;
}

/**
 * Spec section 2: the history with its filter (all, transaction, character, rewards), grouped by
 * day (today, yesterday, else the long date); active rewards count down live.
 */
export function HistoryTimeline({ memberId, skinTone, audience, headingOrder = 2 }: HistoryTimelineProps) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<HistoryFilter>('all');
  const history = useMemberHistory(memberId);
  const faces = useCharacterImages('faces');
  const hairs = useCharacterImages('hairs');
  const actions = useActionImages();
  const entries = history.data ? historyEntries(history.data) : [];
  // The clock ticks only while a reward the server called active is on the page.
  const hasActive = entries.some((entry) => entry.category === 'rewards' && entry.purchase.status === 'active');
  const now = useNow(1000, hasActive);
  const language = currentLanguage();

  function partNameOf(type: 'face' | 'hair', path: string): string {
    const found = (type === 'face' ? faces.data : hairs.data)?.find((part) => part.path === path);
    return found ? partName(found.name, language) : path;
  }

  function renderBody() {
    if (history.isPending) {
      return (
        <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={24} width={140} />
          <Skeleton height={72} radius="md" />
          <Skeleton height={72} radius="md" />
        </Stack>
      );
    }
    if (history.isError) return <QueryError error={history.error} onRetry={() => void history.refetch()} />;
    const shown = filterHistory(entries, filter);
    if (shown.length === 0) {
      return (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="history-empty">
          <Stack align="center" ta="center" gap="xs">
            <ThemeIcon size={52} radius="xl" variant="light" color="teal" aria-hidden="true">
              <IconHistory size={28} />
            </ThemeIcon>
            <Text fw={700} size="lg">
              {t(`history.empty.${filter}`)}
            </Text>
            <Text c="dark.5" maw={420}>
              {t(`history.emptyHint.${audience}`)}
            </Text>
          </Stack>
        </Paper>
      );
    }
    return (
      <Stack gap="lg">
        {groupHistoryByDay(shown).map(({ day, entries: dayEntries }) => {
          const label = dayLabel(day, now);
          const headingId = `history-day-title-${day}`;
          return (
            <section key={day} aria-labelledby={headingId} data-testid={`history-day-${day}`}>
              <Title order={headingOrder} fz="md" id={headingId} className={classes.day}>
                {label === 'date' ? formatLongDate(dayDate(day), i18n.language) : t(`history.${label}`)}
              </Title>
              <ul className={classes.list}>
                {dayEntries.map((entry) => (
                  <HistoryEntryRow key={entry.key} entry={entry} actions={actions.data} partNameOf={partNameOf} now={now} audience={audience} skinTone={skinTone} />
                ))}
              </ul>
            </section>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('history.filter.label')}
        value={filter}
        onChange={(value) => {
          if (isHistoryFilter(value)) setFilter(value);
        }}
        data={HISTORY_FILTERS.map((value) => ({ value, label: t(`history.filter.${value}`) }))}
        fullWidth
        className={classes.filter}
        classNames={{ input: classes.filterInput }}
      />
      {renderBody()}
    </Stack>
  );
}
