import type { PageLanguage } from '../../platform/page-language.ts';
import type { TReport, TReportNumbers, TReportReason } from '@kolikko/core/schemas/reports';

/**
 * The spreadsheet's columns, in the teacher's language; the award reasons come between "from
 * awards" and "needs work" (one column each, named as the award named it).
 */
const HEADERS = {
  en: {
    student: 'Student',
    coins_earned: 'Coins earned',
    coins_from_tasks: 'From tasks',
    coins_from_awards: 'From awards',
    coins_taken: 'Coins taken (needs work)',
    tasks_done: 'Tasks done',
    answers_sent_back: 'Answers sent back',
    rewards_bought: 'Rewards bought',
    rewards_given: 'Rewards given',
    rewards_returned: 'Rewards returned',
    coins_spent_on_rewards: 'Coins spent on rewards',
    coins_sent: 'Coins sent',
    coins_received: 'Coins received',
    total: 'Class total',
    otherAward: 'Award without a reason',
    otherTaken: 'Coins taken without a reason',
  },
  fi: {
    student: 'Oppilas',
    coins_earned: 'Ansaitut kolikot',
    coins_from_tasks: 'Tehtävistä',
    coins_from_awards: 'Palkinnoista',
    coins_taken: 'Otetut kolikot (harjoiteltavaa)',
    tasks_done: 'Tehdyt tehtävät',
    answers_sent_back: 'Palautetut vastaukset',
    rewards_bought: 'Ostetut palkinnot',
    rewards_given: 'Annetut palkinnot',
    rewards_returned: 'Hyvitetyt palkinnot',
    coins_spent_on_rewards: 'Palkintoihin käytetyt kolikot',
    coins_sent: 'Lähetetyt kolikot',
    coins_received: 'Saadut kolikot',
    total: 'Luokka yhteensä',
    otherAward: 'Palkinto ilman syytä',
    otherTaken: 'Otetut kolikot ilman syytä',
  },
  sv: {
    student: 'Elev',
    coins_earned: 'Tjänade mynt',
    coins_from_tasks: 'Från uppgifter',
    coins_from_awards: 'Givna mynt',
    coins_taken: 'Mynt som tagits tillbaka (att öva på)',
    tasks_done: 'Klara uppgifter',
    answers_sent_back: 'Tillbakaskickade svar',
    rewards_bought: 'Köpta belöningar',
    rewards_given: 'Utdelade belöningar',
    rewards_returned: 'Återbetalda belöningar',
    coins_spent_on_rewards: 'Mynt använda på belöningar',
    coins_sent: 'Skickade mynt',
    coins_received: 'Mottagna mynt',
    total: 'Klassen totalt',
    otherAward: 'Mynt utan motivering',
    otherTaken: 'Mynt som tagits tillbaka utan motivering',
  },
} as const satisfies Record<PageLanguage, Record<string, string>>;

type Column = Exclude<keyof TReportNumbers, 'by_reason' | 'earned_by_day'>;
const BEFORE_REASONS: Column[] = ['coins_earned', 'coins_from_tasks', 'coins_from_awards'];
const AFTER_REASONS: Column[] = ['coins_taken', 'tasks_done', 'answers_sent_back', 'rewards_bought', 'rewards_given', 'rewards_returned', 'coins_spent_on_rewards', 'coins_sent', 'coins_received'];

/**
 * The field separator: a semicolon. Excel opens a .csv by the list separator of the computer's
 * regional settings, and Finland's (with its decimal comma) is the semicolon: a comma-separated
 * file opens there as one column. LibreOffice and Google Sheets detect either.
 */
export const CSV_SEPARATOR = ';';
/** UTF-8's byte order mark: without it Excel reads the file as the computer's legacy code page (ä as Ã¤). */
export const CSV_BOM = '\uFEFF';

/**
 * A text cell: quoted when it holds the separator, a quote or a line break (quotes doubled), and
 * kept from being read as a formula when it starts like one (=, +, -, @: a teacher's reason name
 * is free text).
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function reasonHeader(reason: TReportReason, language: PageLanguage): string {
  if (reason.name !== null) return reason.name;
  return reason.negative ? HEADERS[language].otherTaken : HEADERS[language].otherAward;
}

/** The report as a spreadsheet: a row per student, then the class's; CRLF line ends (RFC 4180), the BOM first. */
export function reportCsv(report: TReport, language: PageLanguage): string {
  const h = HEADERS[language];
  const header = [h.student, ...BEFORE_REASONS.map((c) => h[c]), ...report.reasons.map((r) => reasonHeader(r, language)), ...AFTER_REASONS.map((c) => h[c])];
  const row = (name: string, n: TReportNumbers) => [csvText(name), ...BEFORE_REASONS.map((c) => String(n[c])), ...n.by_reason.map(String), ...AFTER_REASONS.map((c) => String(n[c]))];
  const lines = [header.map(csvText), ...report.students.map((s) => row(s.username, s)), row(h.total, report.totals)];
  return CSV_BOM + lines.map((cells) => cells.join(CSV_SEPARATOR)).join('\r\n') + '\r\n';
}

/** The download's file name: ASCII only (the group's name goes in the header's filename* too). */
export function reportFileName(report: TReport): { ascii: string; utf8: string } {
  const base = `${report.group_name}-${report.from}-${report.to}.csv`;
  const ascii = base.normalize('NFKD').replace(/[^\w.-]+/g, '_');
  return { ascii, utf8: encodeURIComponent(base) };
}
