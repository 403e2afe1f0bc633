import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, FileButton, Group, Modal, ScrollArea, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { CLASS_LIST_MAX_LINES } from '@kolikko/core/limits';
import { formatJoinCode } from '@kolikko/core/rules/identity';
import type { TClassListResponse, TGroup } from '@kolikko/core/schemas/groups';
import { IconAlertTriangle } from '../../../components/icons.tsx';
import { IconCheck, IconPrinter, IconUpload } from '../../../components/teacher-icons.tsx';
import { showErrorCode } from '../../../lib/banner.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import { useGroupMembers } from '../../../lib/queries/get-group-members.ts';
import { useAddClassList } from '../api/add-class-list.ts';
import { previewClassList, refusedRows, type ClassListMark, type ClassListRow, type RefusedRow } from '../class-list-preview.ts';
import { BadgeSheet, badgeCards } from './badge-sheet.tsx';
import { PrintSheet } from './print-sheet.tsx';
import classes from './class-list-dialog.module.css';

export interface ClassListDialogProps {
  teacherId: string;
  group: TGroup;
  opened: boolean;
  onClose: () => void;
}

/** A class list file is a few kilobytes; anything much larger is not one. */
const MAX_FILE_BYTES = 200_000;

const MARK_COLORS: Record<ClassListMark, string> = { ok: 'teal.8', invalid: 'red.8', twice: 'orange.8', taken: 'orange.8', full: 'gray.7' };

/** A line's mark: a coloured sign and words that wrap in a narrow column (the colour alone says nothing to some). */
function Mark({ mark }: { mark: ClassListMark }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text span c={MARK_COLORS[mark]} lh={1} mt={2} aria-hidden="true">
        {mark === 'ok' ? <IconCheck size={16} /> : <IconAlertTriangle size={16} />}
      </Text>
      <Text span size="sm" fw={mark === 'ok' ? 500 : 700} c="dark.7">
        {t(`groups.classList.marks.${mark}`)}
      </Text>
    </Group>
  );
}

function PreviewTable({ rows }: { rows: ClassListRow[] }) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah={300} type="auto" className={classes.preview}>
      <Table striped stickyHeader verticalSpacing={6} data-testid="class-list-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>{t('groups.classList.line')}</Table.Th>
            <Table.Th>{t('groups.classList.nickname')}</Table.Th>
            <Table.Th>{t('groups.classList.check')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line} data-mark={row.mark} data-testid="class-list-row">
              <Table.Td c="dark.4">{row.line}</Table.Td>
              <Table.Td className={classes.name}>{row.username}</Table.Td>
              <Table.Td>
                <Mark mark={row.mark} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

interface Result {
  created: TClassListResponse['created'];
  refused: RefusedRow[];
}

function reasonText(t: TFunction, reason: RefusedRow['reason']): string {
  return typeof reason === 'string' ? t(`groups.classList.marks.${reason}`) : t(errorMessageKey(reason.errorCode));
}

/** The paper with the new students' passwords: a strip each, with what a student types to sign in. */
function PasswordSheet({ group, created, printRequest }: { group: TGroup; created: Result['created']; printRequest: number }) {
  const { t } = useTranslation();
  const address = `${window.location.origin}/student/login`;
  return (
    <PrintSheet printRequest={printRequest} ready testId="password-sheet">
      <h1 className={classes.sheetTitle}>{t('groups.classList.sheetTitle', { name: group.name })}</h1>
      <p className={classes.sheetLead}>{t('groups.classList.sheetLead', { address })}</p>
      <table className={classes.sheetTable}>
        <thead>
          <tr>
            <th>{t('groups.classList.nickname')}</th>
            <th>{t('groups.classList.password')}</th>
            <th>{t('groups.classList.classCode')}</th>
          </tr>
        </thead>
        <tbody>
          {created.map((student) => (
            <tr key={student.member_id}>
              <td>{student.username}</td>
              <td className={classes.sheetPassword}>{student.password}</td>
              <td>{formatJoinCode(group.join_code)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PrintSheet>
  );
}

function ResultView({ group, result, onClose }: { group: TGroup; result: Result; onClose: () => void }) {
  const { t } = useTranslation();
  const members = useGroupMembers(group.id);
  // One sheet at a time on the page: the one asked for last, printed once per click.
  const [printing, setPrinting] = useState<{ sheet: 'passwords' | 'badges'; request: number } | null>(null);
  const print = (sheet: 'passwords' | 'badges') => setPrinting((previous) => ({ sheet, request: previous?.sheet === sheet ? previous.request + 1 : 1 }));
  const { created, refused } = result;
  // The list's view was scrolled down to its button: the answer is read from its top.
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => top.current?.focus(), []);

  return (
    <Stack gap="md" data-testid="class-list-result">
      <Alert ref={top} tabIndex={-1} className={classes.answerTop} color="teal" variant="light" icon={<IconCheck size={18} />} c="dark.8">
        {t('groups.classList.created', { count: created.length, name: group.name })}
      </Alert>
      {created.length > 0 ? (
        <>
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} c="dark.8">
            {t('groups.classList.passwordsOnce')}
          </Alert>
          <ScrollArea.Autosize mah={320} type="auto" className={classes.preview}>
            <Table striped stickyHeader verticalSpacing={6} data-testid="created-students">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('groups.classList.nickname')}</Table.Th>
                  <Table.Th>{t('groups.classList.password')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {created.map((student) => (
                  <Table.Tr key={student.member_id} data-testid="created-student">
                    <Table.Td className={classes.name}>{student.username}</Table.Td>
                    <Table.Td className={classes.password} data-testid="created-password">
                      {student.password}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      ) : null}
      {refused.length > 0 ? (
        <Stack gap={6} data-testid="refused-lines">
          <Title order={3} fz="md">
            {t('groups.classList.refusedTitle', { count: refused.length })}
          </Title>
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {refused.map((row) => (
              <Text key={row.line} component="li" size="sm" data-testid="refused-line">
                {t('groups.classList.refusedLine', { line: row.line, username: row.username, reason: reasonText(t, row.reason) })}
              </Text>
            ))}
          </Stack>
        </Stack>
      ) : null}
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => print('passwords')} disabled={created.length === 0}>
            {t('groups.classList.printPasswords')}
          </Button>
          <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => print('badges')} disabled={created.length === 0}>
            {t('groups.classList.printBadges')}
          </Button>
        </Group>
        <Button onClick={onClose}>{t('groups.classList.done')}</Button>
      </Group>
      {printing?.sheet === 'passwords' ? <PasswordSheet key="passwords" group={group} created={created} printRequest={printing.request} /> : null}
      {printing?.sheet === 'badges' ? (
        <BadgeSheet
          key="badges"
          groupName={group.name}
          cards={badgeCards(
            created.map((student) => ({ member_id: student.member_id, username: student.username, url: student.badge_url })),
            members.data,
          )}
          printRequest={printing.request}
        />
      ) : null}
    </Stack>
  );
}

/**
 * Issue 31: a whole class at once. The teacher pastes nicknames (or opens a .txt or .csv file),
 * sees each line marked as it will be judged, and creates the accepted ones; the answer's
 * passwords are shown this once, printable, beside the lines left out and why.
 */
export function ClassListDialog({ teacherId, group, opened: wanted, onClose }: ClassListDialogProps) {
  const { t } = useTranslation();
  const opened = useOpenAfterMount(wanted);
  const members = useGroupMembers(group.id);
  const add = useAddClassList(teacherId, group.id);
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  const memberNames = useMemo(() => (members.data ?? []).map((member) => member.username), [members.data]);
  const rows = useMemo(() => previewClassList(text, memberNames, group.member_limit), [text, memberNames, group.member_limit]);
  const accepted = rows.filter((row) => row.mark === 'ok');

  async function readFile(file: File | null) {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError(t('groups.classList.fileTooBig'));
      return;
    }
    setFileError(null);
    setText(await file.text());
  }

  function handleCreate() {
    const sent = accepted.slice(0, CLASS_LIST_MAX_LINES);
    add.mutate(
      sent.map((row) => row.username),
      {
        onSuccess: (answer) => setResult({ created: answer.created, refused: refusedRows(rows, sent, answer.refused) }),
        // None was acceptable after all (a classmate joined meanwhile): the members are read again and the marks show it.
        onError: (error) => showErrorCode(errorCodeOf(error)),
      },
    );
  }

  function reset() {
    setText('');
    setFileError(null);
    setResult(null);
    add.reset();
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={reset}
      // The passwords are shown only once: a stray click beside the dialog must not lose them.
      closeOnClickOutside={result === null}
      size={640}
      title={t('groups.classList.title', { name: group.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {result ? (
        <ResultView group={group} result={result} onClose={onClose} />
      ) : (
        <Stack gap="md" data-testid="class-list">
          <Textarea
            label={t('groups.classList.label')}
            description={t('groups.classList.hint')}
            placeholder={t('groups.classList.placeholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={5}
            maxRows={6}
            spellCheck={false}
            autoCapitalize="none"
            data-autofocus
          />
          <Group gap="sm" justify="space-between">
            <FileButton onChange={(file) => void readFile(file)} accept=".txt,.csv,text/plain,text/csv">
              {(props) => (
                <Button {...props} variant="default" size="sm" leftSection={<IconUpload size={16} />}>
                  {t('groups.classList.file')}
                </Button>
              )}
            </FileButton>
            {rows.length > 0 ? (
              <Text size="sm" c="dark.5" aria-live="polite" data-testid="class-list-summary">
                {t('groups.classList.summary', { count: rows.length, ok: accepted.length })}
              </Text>
            ) : null}
          </Group>
          {fileError ? (
            <Text size="sm" c="red.8" role="alert">
              {fileError}
            </Text>
          ) : null}
          {rows.length > 0 ? <PreviewTable rows={rows} /> : null}
          <Text size="sm" c="dark.5">
            {t('groups.classList.passwordsNote', { limit: group.member_limit })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={handleCreate} loading={add.isPending} disabled={accepted.length === 0 || members.isPending} data-testid="class-list-create">
              {t('groups.classList.create', { count: accepted.length })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
