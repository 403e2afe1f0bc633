import { useMemo, useState } from 'react';
import { Anchor, Button, Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { REPORT_RANGE_DAYS_MAX } from '@kolikko/core/limits';
import { AWARD_REASON_ICONS, type AwardReasonIcon } from '@kolikko/core/enumerations';
import type { TTeacherUser } from '@kolikko/core/schemas/auth';
import type { TReport, TReportNumbers, TReportReason } from '@kolikko/core/schemas/reports';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { IconArrowLeft, IconPrinter } from '../../../components/teacher-icons.tsx';
import { QueryError } from '../../../components/query-error.tsx';
import { ReasonIcon } from '../../../components/reason-icon.tsx';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { Link, useParams } from '../../../lib/router.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { downloadReportCsv, useReport } from '../api/get-report.ts';
import { presetRange, rangeDays, rangeProblem, type ReportPreset, type ReportRange } from '../report-range.ts';
import { PrintSheet } from './print-sheet.tsx';
import { ReportChart } from './report-chart.tsx';
import classes from './report-page.module.css';

type Column = Exclude<keyof TReportNumbers, 'by_reason' | 'earned_by_day'>;

/** The table's number columns, in order, with their headings (report.columns.*). */
const COLUMNS: { key: Column; label: string }[] = [
  { key: 'coins_earned', label: 'earned' },
  { key: 'coins_from_tasks', label: 'fromTasks' },
  { key: 'coins_from_awards', label: 'fromAwards' },
  { key: 'coins_taken', label: 'taken' },
  { key: 'tasks_done', label: 'tasksDone' },
  { key: 'answers_sent_back', label: 'sentBack' },
  { key: 'rewards_bought', label: 'bought' },
  { key: 'rewards_given', label: 'given' },
  { key: 'rewards_returned', label: 'returned' },
  { key: 'coins_spent_on_rewards', label: 'spent' },
  { key: 'coins_sent', label: 'sent' },
  { key: 'coins_received', label: 'received' },
];

/** The class's headline numbers above the table. */
const TILES: Column[] = ['coins_earned', 'tasks_done', 'answers_sent_back', 'rewards_bought', 'coins_spent_on_rewards', 'coins_sent'];

type PrintMode = 'class' | 'students';

/** An award keeps its reason's icon as text: drawn when it is still one of ours. */
const isAwardReasonIcon = (icon: string): icon is AwardReasonIcon => (AWARD_REASON_ICONS as readonly string[]).includes(icon);

function reasonName(reason: TReportReason, t: TFunction): string {
  if (reason.name !== null) return reason.name;
  return reason.negative ? t('report.reasons.noReasonTaken') : t('report.reasons.noReason');
}

function ReasonLabel({ reason }: { reason: TReportReason }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      {reason.icon && isAwardReasonIcon(reason.icon) ? <ReasonIcon icon={reason.icon} size={18} aria-hidden /> : null}
      <span>{reasonName(reason, t)}</span>
    </Group>
  );
}

function rangeText(range: ReportRange, t: TFunction): string {
  return t('report.range.days', { from: formatDate(`${range.from}T12:00:00Z`), to: formatDate(`${range.to}T12:00:00Z`), count: rangeDays(range) });
}

function chartLabel(numbers: TReportNumbers, t: TFunction, n: (value: number) => string): string {
  return t('report.chartLabel', { total: n(numbers.coins_earned), max: n(Math.max(0, ...numbers.earned_by_day)) });
}

interface RangePickerProps {
  preset: ReportPreset;
  custom: ReportRange;
  onPresetChange: (preset: ReportPreset) => void;
  onCustomChange: (range: ReportRange) => void;
}

/** This week, this month, or two days the teacher picks (native date inputs: the keyboard and the phone's own picker). */
function RangePicker({ preset, custom, onPresetChange, onCustomChange }: RangePickerProps) {
  const { t } = useTranslation();
  const problem = preset === 'custom' ? rangeProblem(custom) : null;
  return (
    <Stack gap="xs">
      <ChoiceGroup<ReportPreset>
        value={preset}
        onChange={onPresetChange}
        data={[
          { value: 'week', label: t('report.range.week') },
          { value: 'month', label: t('report.range.month') },
          { value: 'custom', label: t('report.range.custom') },
        ]}
        aria-label={t('report.range.label')}
        className={classes.noPrint}
        data-testid="report-range"
      />
      {preset === 'custom' ? (
        <Group gap="sm" align="flex-start">
          <TextInput type="date" label={t('report.range.from')} value={custom.from} onChange={(e) => onCustomChange({ ...custom, from: e.currentTarget.value })} data-testid="report-from" />
          <TextInput
            type="date"
            label={t('report.range.to')}
            value={custom.to}
            onChange={(e) => onCustomChange({ ...custom, to: e.currentTarget.value })}
            error={problem ? t(`report.range.${problem}`, { max: REPORT_RANGE_DAYS_MAX }) : undefined}
            data-testid="report-to"
          />
        </Group>
      ) : null}
    </Stack>
  );
}

function NumbersTable({ report, n }: { report: TReport; n: (value: number) => string }) {
  const { t } = useTranslation();
  const scaleMax = Math.max(1, ...report.students.flatMap((s) => s.earned_by_day));
  return (
    // Focusable, so the keyboard scrolls it sideways on a narrow screen.
    <div className={classes.scroll} style={{ ['--table-min-width' as string]: '1100px' }} tabIndex={0} role="region" aria-label={t('report.title')}>
      <Table striped highlightOnHover withTableBorder verticalSpacing={6} className={classes.table} data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.sticky}>
              {t('report.columns.student')}
            </Table.Th>
            <Table.Th scope="col">{t('report.columns.chart')}</Table.Th>
            {COLUMNS.map((c) => (
              <Table.Th key={c.key} scope="col" className={classes.number}>
                {t(`report.columns.${c.label}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.students.map((s) => (
            <Table.Tr key={s.member_id} data-testid={`report-row-${s.username}`}>
              <Table.Th scope="row" className={classes.sticky}>
                {s.username}
              </Table.Th>
              <Table.Td>
                <ReportChart earnedByDay={s.earned_by_day} scaleMax={scaleMax} label={chartLabel(s, t, n)} />
              </Table.Td>
              {COLUMNS.map((c) => (
                <Table.Td key={c.key} className={classes.number} data-column={c.key}>
                  {n(s[c.key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr className={classes.totalRow} data-testid="report-total-row">
            <Table.Th scope="row" className={classes.sticky}>
              {t('report.columns.total')}
            </Table.Th>
            <Table.Td>
              <ReportChart earnedByDay={report.totals.earned_by_day} label={chartLabel(report.totals, t, n)} />
            </Table.Td>
            {COLUMNS.map((c) => (
              <Table.Td key={c.key} className={classes.number} data-column={c.key}>
                {n(report.totals[c.key])}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}

function ReasonsTable({ report, n }: { report: TReport; n: (value: number) => string }) {
  const { t } = useTranslation();
  if (report.reasons.length === 0) return <Text c="dark.5">{t('report.reasons.none')}</Text>;
  return (
    <div className={classes.scroll} style={{ ['--table-min-width' as string]: '320px' }} tabIndex={0} role="region" aria-label={t('report.reasons.title')}>
      <Table withTableBorder verticalSpacing={6} className={classes.table} data-testid="report-reasons">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('report.reasons.reason')}</Table.Th>
            <Table.Th scope="col" className={classes.number}>
              {t('report.reasons.coins')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.reasons.map((reason, i) => (
            <Table.Tr key={`${reason.name ?? ''}-${reason.icon ?? ''}-${reason.negative}`}>
              <Table.Th scope="row">
                <ReasonLabel reason={reason} />
              </Table.Th>
              <Table.Td className={classes.number}>{n(report.totals.by_reason[i] ?? 0)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Paper: the class on one A4 page, or each student on a page of their own (a parents' evening). */
function ReportSheet({ report, mode, n }: { report: TReport; mode: PrintMode; n: (value: number) => string }) {
  const { t } = useTranslation();
  const range = rangeText(report, t);
  if (mode === 'class') {
    return (
      <div className={classes.sheetClass} data-testid="report-print-class">
        <h1 className={classes.sheetTitle}>{t('report.sheet.classTitle', { group: report.group_name })}</h1>
        <p className={classes.sheetRange}>{range}</p>
        <table className={classes.sheetTable}>
          <thead>
            <tr>
              <th scope="col">{t('report.columns.student')}</th>
              {COLUMNS.map((c) => (
                <th key={c.key} scope="col">
                  {t(`report.columns.${c.label}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.students.map((s) => (
              <tr key={s.member_id}>
                <th scope="row">{s.username}</th>
                {COLUMNS.map((c) => (
                  <td key={c.key}>{n(s[c.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('report.columns.total')}</th>
              {COLUMNS.map((c) => (
                <td key={c.key}>{n(report.totals[c.key])}</td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    );
  }
  return (
    <>
      {report.students.map((s) => (
        <section key={s.member_id} className={classes.sheetStudent} data-testid="report-print-student">
          <h1 className={classes.sheetTitle}>{s.username}</h1>
          <p className={classes.sheetRange}>
            {report.group_name} · {range}
          </p>
          <ReportChart earnedByDay={s.earned_by_day} width={640} height={120} label={chartLabel(s, t, n)} />
          <p className={classes.sheetCaption}>{t('report.columns.chart')}</p>
          <table className={classes.sheetTable}>
            <tbody>
              {COLUMNS.map((c) => (
                <tr key={c.key}>
                  <th scope="row">{t(`report.columns.${c.label}`)}</th>
                  <td>{n(s[c.key])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.reasons.some((_, i) => (s.by_reason[i] ?? 0) !== 0) ? (
            <>
              <h2 className={classes.sheetSubtitle}>{t('report.reasons.title')}</h2>
              <table className={classes.sheetTable}>
                <tbody>
                  {report.reasons.map((reason, i) =>
                    (s.by_reason[i] ?? 0) !== 0 ? (
                      <tr key={i}>
                        <th scope="row">{reasonName(reason, t)}</th>
                        <td>{n(s.by_reason[i] ?? 0)}</td>
                      </tr>
                    ) : null,
                  )}
                </tbody>
              </table>
            </>
          ) : null}
        </section>
      ))}
    </>
  );
}

/**
 * /teacher/report/:groupId (issue 33): the class report. Each student's coins (with a chart of
 * each day's), tasks, answers sent back, rewards and transfers over this week, this month or days
 * the teacher picks, the class's totals and the coins by reason; printed on A4 (the class on a
 * page, or a page a student) and downloaded as a spreadsheet in the page's language.
 */
export function ReportPage(_props: { teacher: TTeacherUser }) {
  const { t, i18n } = useTranslation();
  const { groupId = '' } = useParams();
  const [preset, setPreset] = useState<ReportPreset>('week');
  const [custom, setCustom] = useState<ReportRange>(() => presetRange('month'));
  const range = preset === 'custom' ? (rangeProblem(custom) === null ? custom : null) : presetRange(preset);
  const report = useReport(groupId, range);
  const [printMode, setPrintMode] = useState<PrintMode>('class');
  const [printRequest, setPrintRequest] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const numberFormat = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const n = (value: number) => numberFormat.format(value);
  const data = report.data;
  usePageTitle(data ? t('report.pageTitle', { name: data.group_name }) : t('report.title'));

  function print(mode: PrintMode) {
    setPrintMode(mode);
    setPrintRequest((count) => count + 1);
  }

  async function download() {
    if (!range) return;
    setDownloading(true);
    try {
      const filename = await downloadReportCsv(groupId, range, i18n.language);
      showSuccess('report.downloaded', { filename });
    } catch (error) {
      showErrorCode(errorCodeOf(error));
    } finally {
      setDownloading(false);
    }
  }

  const quiet = data !== undefined && data.students.length > 0 && data.totals.coins_earned === 0 && data.totals.tasks_done === 0 && data.totals.rewards_bought === 0 && data.totals.coins_sent === 0 && data.reasons.length === 0;

  return (
    <Stack gap="md" pb="xl" data-testid="report-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to="/teacher/groups" size="sm" className={classes.noPrint}>
            <Group gap={4} component="span" wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden />
              {t('report.backToGroups')}
            </Group>
          </Anchor>
          <Text size="sm" c="dark.5" fw={600}>
            {t('report.title')}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 28 }} className={classes.wrap}>
            {data?.group_name ?? <Skeleton height={28} width={160} component="span" display="inline-block" />}
          </Title>
          {range ? (
            <Text size="sm" c="dark.5" data-testid="report-range-text">
              {rangeText(range, t)}
            </Text>
          ) : null}
        </Stack>
        <Group gap={6}>
          <Button variant="light" leftSection={<IconPrinter size={16} />} disabled={!range || !data || data.students.length === 0} onClick={() => print('class')} data-testid="report-print-class-button">
            {t('report.print.class')}
          </Button>
          <Button variant="light" leftSection={<IconPrinter size={16} />} disabled={!range || !data || data.students.length === 0} onClick={() => print('students')} data-testid="report-print-students-button">
            {t('report.print.students')}
          </Button>
          <Button variant="filled" onClick={() => void download()} loading={downloading} disabled={!range || !data} data-testid="report-download">
            {t('report.download')}
          </Button>
        </Group>
      </Group>

      <RangePicker preset={preset} custom={custom} onPresetChange={setPreset} onCustomChange={setCustom} />

      {report.isError ? <QueryError error={report.error} onRetry={() => void report.refetch()} /> : null}
      {report.isPending && range ? <Skeleton height={320} radius="md" aria-label={t('report.loading')} /> : null}
      {data ? (
        <Stack gap="md" aria-busy={report.isFetching} className={report.isPlaceholderData ? classes.stale : undefined}>
          {report.isFetching ? (
            <Group gap={6} aria-live="polite">
              <Loader size="xs" />
              <Text size="sm">{t('report.loading')}</Text>
            </Group>
          ) : null}
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="report-totals">
            {TILES.map((key) => {
              const column = COLUMNS.find((c) => c.key === key);
              return (
                <Paper key={key} withBorder radius="md" p="sm">
                  <Text size="xs" c="dark.5" fw={600}>
                    {t(`report.columns.${column?.label ?? key}`)}
                  </Text>
                  <Text fz={24} fw={700} data-testid={`report-total-${key}`}>
                    {n(data.totals[key])}
                  </Text>
                </Paper>
              );
            })}
          </SimpleGrid>
          {data.students.length === 0 ? (
            <Paper withBorder radius="md" p="md">
              <Text>{t('report.empty.students')}</Text>
            </Paper>
          ) : (
            <>
              {quiet ? <Text c="dark.5">{t('report.empty.activity')}</Text> : null}
              <NumbersTable report={data} n={n} />
              <Stack gap="xs" maw={520}>
                <Title order={2} fz={20}>
                  {t('report.reasons.title')}
                </Title>
                <ReasonsTable report={data} n={n} />
              </Stack>
            </>
          )}
          <PrintSheet printRequest={printRequest} ready testId="report-print-sheet">
            <ReportSheet report={data} mode={printMode} n={n} />
          </PrintSheet>
        </Stack>
      ) : null}
    </Stack>
  );
}
