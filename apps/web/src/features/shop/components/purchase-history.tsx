import { useId, useState } from 'react';
import { Anchor, Badge, Button, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TPurchaseHistoryAward, TPurchaseHistoryItem } from '@kolikko/core/schemas/coins';
import type { PurchaseHistoryType } from '@kolikko/core/rules/history';
import { CoinIcon } from '../../../components/icons.tsx';
import { IconChevronRight } from '../../../components/teacher-icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { formatDate, formatEuros } from '../../../lib/format.ts';
import { usePurchaseHistory } from '../api/get-purchase-history.ts';
import { purchaseReasonKey } from '../purchase-reason.ts';
import classes from './shop.module.css';

/** Rows shown before "show all": the newest purchases are what a teacher looks for. */
const FIRST_ROWS = 10;

/** Coins came into the purse on these; the others left it. */
const INCOMING: ReadonlySet<PurchaseHistoryType> = new Set(['bought', 'received']);

const TYPE_COLORS: Record<PurchaseHistoryType, string> = {
  bought: 'indigo',
  received: 'teal',
  sent: 'gray',
  character: 'grape',
  accessory: 'orange',
};

/** An award's students (issue 33): folded under its one row, each with its coins. */
function AwardStudents({ award, id }: { award: TPurchaseHistoryAward; id: string }) {
  const { t } = useTranslation();
  return (
    <ul className={classes.historyStudents} id={id} data-testid="purchase-history-students">
      {award.students.map((student, index) => (
        <li key={`${student.name ?? ''}-${index}`}>
          <span className={classes.historyStudentName}>{student.name ?? t('shop.history.someone')}</span>
          <span className={classes.historyStudentCoins}>{t('common.coinsAmount', { count: student.amount })}</span>
        </li>
      ))}
    </ul>
  );
}

function HistoryRow({ item }: { item: TPurchaseHistoryItem }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const studentsId = useId();
  const incoming = INCOMING.has(item.type);
  const name = item.counterpartName ?? t('shop.history.someone');
  const coins = t('common.coinsAmount', { count: item.amount });
  // An award to several students is one row (issue 33): it says how many, and opens to show them.
  const classAward = item.award && item.award.students.length > 1 ? item.award : null;
  return (
    <li className={classes.historyRow} data-testid="purchase-history-row" data-type={item.type}>
      <div className={classes.historyWhat}>
        <Text size="xs" c="dark.5" fw={600}>
          {formatDate(item.date)}
        </Text>
        <Text fw={700}>
          {classAward
            ? t(`shop.history.awards.${item.reason === 'teacher_award' ? 'given' : item.reason === 'teacher_deduction' ? 'taken' : 'undone'}`, { count: classAward.students.length })
            : t(purchaseReasonKey(item.reason, item.type), { name })}
          {/* An award made with a reason (or its undo) names it (issue 32). */}
          {item.reasonName ? ` · ${item.reasonName}` : null}
        </Text>
        <Badge size="sm" variant="light" color={TYPE_COLORS[item.type]} c={`${TYPE_COLORS[item.type]}.9`} tt="none" mt={4}>
          {t(`shop.history.types.${item.type}`)}
        </Badge>
      </div>
      <div className={classes.historyAmount} data-direction={incoming ? 'in' : 'out'} data-testid="purchase-history-amount">
        {/* The sign is read too: "+500 coins", "−100 coins". */}
        <span aria-hidden="true">
          {incoming ? '+' : '−'}
          {item.amount.toLocaleString(i18n.language)}
        </span>
        <CoinIcon size={18} />
        <VisuallyHidden>{`${incoming ? '+' : '−'}${coins}`}</VisuallyHidden>
      </div>
      {classAward ? (
        <div className={classes.historyDetails}>
          <Button
            variant="subtle"
            size="compact-sm"
            px={4}
            aria-expanded={open}
            aria-controls={studentsId}
            onClick={() => setOpen((shown) => !shown)}
            rightSection={<IconChevronRight size={16} className={classes.historyChevron} data-open={open || undefined} />}
          >
            {open ? t('shop.history.awards.hide') : t('shop.history.awards.show', { count: classAward.students.length })}
          </Button>
          {open ? <AwardStudents award={classAward} id={studentsId} /> : null}
        </div>
      ) : null}
      {item.payment ? (
        <div className={classes.historyPayment} data-testid="purchase-history-payment">
          <span>
            {t('shop.summary.net')} <strong>{formatEuros(item.payment.net, i18n.language)}</strong>
          </span>
          <span>
            {/* The rate of the day it was paid may not be today's: the amount says it all. */}
            {t('shop.summary.vatShort')}{' '}
            <strong>{formatEuros(item.payment.vat, i18n.language)}</strong>
          </span>
          <span>
            {t('shop.summary.total')} <strong>{formatEuros(item.payment.total, i18n.language)}</strong>
          </span>
          {item.receiptUrl ? (
            // A page of its own (issue 33), printed or saved as a PDF with the browser's print command.
            <Anchor href={`${item.receiptUrl}?lang=${i18n.language}`} target="_blank" rel="noopener" fw={700} className={classes.historyReceipt}>
              {t('shop.history.receipt')}
            </Anchor>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * GET purchase/history: the teacher's own coin movements, newest first. A coin purchase shows what
 * was paid (net, VAT, total); upgrades, characters and coins given or received show their coins.
 */
export function PurchaseHistory({ teacherId }: { teacherId: string }) {
  const { t } = useTranslation();
  const history = usePurchaseHistory(teacherId);
  const [showAll, setShowAll] = useState(false);
  const rows = history.data ?? [];
  const shown = showAll ? rows : rows.slice(0, FIRST_ROWS);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="purchase-history-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="purchase-history-title">
          {t('shop.history.title')}
        </Title>
        {history.isPending ? (
          <Stack gap="xs" aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton height={56} radius="md" />
            <Skeleton height={56} radius="md" />
            <Skeleton height={56} radius="md" />
          </Stack>
        ) : null}
        {history.isError ? <QueryError error={history.error} onRetry={() => void history.refetch()} /> : null}
        {history.data && rows.length === 0 ? (
          <Text c="dark.5" data-testid="purchase-history-empty">
            {t('shop.history.empty')}
          </Text>
        ) : null}
        {rows.length > 0 ? (
          <ul className={classes.history} aria-labelledby="purchase-history-title">
            {shown.map((item, index) => (
              <HistoryRow key={`${item.date}-${item.reason}-${index}`} item={item} />
            ))}
          </ul>
        ) : null}
        {rows.length > FIRST_ROWS ? (
          <Button variant="subtle" onClick={() => setShowAll((all) => !all)} style={{ alignSelf: 'flex-start' }}>
            {showAll ? t('shop.history.showFewer') : t('shop.history.showAll', { count: rows.length })}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
