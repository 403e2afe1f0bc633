import { useEffect, useRef, useState } from 'react';
import { Button, Group, Progress, Text } from '@mantine/core';
import type { UserArea } from '../../../lib/auth.ts';
import { showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { SettingsSection } from '../../../components/settings-section.tsx';
import { downloadExport, type ExportProgress } from '../api/download-export.ts';

type DownloadState =
  | { phase: 'idle' }
  | { phase: 'preparing' }
  | { phase: 'receiving'; progress: ExportProgress }
  | { phase: 'done'; filename: string }
  | { phase: 'cancelled' };

const KB = 1024;
const MB = 1024 * KB;
/** How long the saved file's object URL lives: revoked at once, some browsers cancel the save. */
const REVOKE_AFTER_MS = 40_000;

function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** A size in the unit of the larger size shown beside it: whole KB under a megabyte, else MB with one decimal. */
function sizeText(bytes: number, scale: number, t: TFunction, language: string): string {
  if (scale < MB) return t('profile.export.size.kb', { value: new Intl.NumberFormat(language).format(Math.ceil(bytes / KB)) });
  const value = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / MB);
  return t('profile.export.size.mb', { value });
}

/**
 * What the live region announces: the start and a cancel. The success banner announces the end,
 * and the numbers are not read out as they change (the progress bar holds them).
 */
function announcement(state: DownloadState, t: TFunction): string {
  if (state.phase === 'preparing') return t('profile.export.preparing');
  if (state.phase === 'cancelled') return t('profile.export.cancelled');
  return '';
}

/** The whole percent received, or null while there is nothing to measure against. */
function percentOf(state: DownloadState): number | null {
  if (state.phase !== 'receiving' || state.progress.total === null) return null;
  return Math.min(100, Math.floor((state.progress.received / state.progress.total) * 100));
}

/** The line under the bar: how much has arrived, then the file saved. */
function detailText(state: DownloadState, t: TFunction, language: string): string {
  if (state.phase === 'done') return t('profile.export.saved', { filename: state.filename });
  if (state.phase !== 'receiving') return '';
  const { received, total } = state.progress;
  const percent = percentOf(state);
  if (total === null || percent === null) return t('profile.export.received', { received: sizeText(received, received, t, language) });
  return t('profile.export.progress', { percent, received: sizeText(received, total, t, language), total: sizeText(total, total, t, language) });
}

/**
 * "Your data" (issue 18): the signed-in user downloads everything Kolikko holds about them as one
 * ZIP. The server makes the file first (an indeterminate bar), then sends it with its length (a
 * bar with the share received); Cancel stops either, and leaving the page does too.
 */
export function DataExport({ area, userId }: { area: UserArea; userId: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const wasRunning = useRef(false);
  const isRunning = state.phase === 'preparing' || state.phase === 'receiving';
  useEffect(() => () => running.current?.abort(), []);
  useEffect(() => {
    if (wasRunning.current === isRunning) return;
    wasRunning.current = isRunning;
    // The focused button is disabled (Download) or gone (Cancel): the focus goes to the other one, not to the page's start.
    const focused = document.activeElement;
    if (focused === null || focused === document.body || focused === downloadButton.current) (isRunning ? cancelButton : downloadButton).current?.focus();
  }, [isRunning]);

  function start() {
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'preparing' });
    downloadExport(area, userId, { signal: controller.signal, onProgress: (progress) => setState({ phase: 'receiving', progress }) })
      .then(
        ({ blob, filename }) => {
          saveFile(blob, filename);
          setState({ phase: 'done', filename });
          showSuccess('profile.export.saved', { filename });
        },
        (error: unknown) => {
          if (controller.signal.aborted) {
            setState({ phase: 'cancelled' });
            return;
          }
          setState({ phase: 'idle' });
          showErrorCode(errorCodeOf(error));
        },
      )
      .finally(() => {
        if (running.current === controller) running.current = null;
      });
  }

  const percent = percentOf(state);
  const announced = announcement(state, t);
  const detail = detailText(state, t, i18n.language);

  return (
    <SettingsSection title={t('profile.export.title')} testId="data-export">
      <Text size="sm" c="dark.5">
        {t(`profile.export.text.${area}`)}
      </Text>
      <Text size="sm" c="dark.5">
        {t('profile.export.format')}
      </Text>
      {isRunning &&
        (percent === null ? (
          // Nothing to measure against (the server is making the file): a moving bar without a value.
          <Progress.Root size="lg" radius="xl">
            <Progress.Section
              value={100}
              animated
              withAria={false}
              role="progressbar"
              aria-label={t('profile.export.progressLabel')}
              aria-valuetext={detail || announced}
            />
          </Progress.Root>
        ) : (
          <Progress value={percent} size="lg" radius="xl" aria-label={t('profile.export.progressLabel')} />
        ))}
      {/* Always there, so screen readers follow it; out of the flow while empty, so it leaves no gap. */}
      <Text size="sm" fw={600} role="status" data-testid="data-export-status" data-phase={state.phase} style={announced === '' ? { position: 'absolute' } : undefined}>
        {announced}
      </Text>
      {detail !== '' && (
        <Text size="sm" fw={600} data-testid="data-export-detail" style={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Text>
      )}
      <Group gap="sm">
        <Button ref={downloadButton} onClick={start} disabled={isRunning} w={{ base: '100%', xs: 'auto' }}>
          {t('profile.export.button')}
        </Button>
        {isRunning && (
          <Button ref={cancelButton} variant="default" onClick={() => running.current?.abort()} w={{ base: '100%', xs: 'auto' }}>
            {t('common.cancel')}
          </Button>
        )}
      </Group>
    </SettingsSection>
  );
}
