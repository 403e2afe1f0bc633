import { useCallback, useEffect, useRef } from 'react';
import { Button, CloseButton } from '@mantine/core';
import { AWARD_UNDO_WINDOW_MS } from '@kolikko/core/limits';
import { IconUndo } from '../../../components/icons.tsx';
import type { TFunction } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { errorCodeOf, errorMessageKey } from '../../../lib/error-message.ts';
import { useNow } from '../../../lib/use-now.ts';
import { useUndoAward } from '../api/undo-award.ts';
import { dismissAwardNotice, undoTimeLeft, updateAwardNotice, useAwardNotice, type AwardNotice } from '../award-notice.ts';
import { signedCoins } from './reason-buttons.tsx';
import classes from './award-snackbar.module.css';

/** How long the undo's outcome stays (unless the teacher is reading it: hovered or focused). */
const RESULT_MS = 8000;

/** What the award gave, as the notice says it: "Kettu: Teamwork +1", "Teamwork +1 to 3 students". */
function awardText(notice: AwardNotice, t: TFunction): string {
  const taken = notice.coins < 0;
  const amount = notice.reasonName === null ? `${taken ? '−' : '+'}${t('common.coinsAmount', { count: Math.abs(notice.coins) })}` : signedCoins(notice.coins);
  const what = notice.reasonName === null ? amount : t('groups.undo.reasonAmount', { reason: notice.reasonName, amount });
  if (notice.username !== null) return t('groups.undo.toOne', { username: notice.username, what });
  const kind = notice.reasonName === null ? 'coins' : 'reason';
  return t(`groups.undo.${kind}${taken ? 'From' : 'To'}Many`, { what, count: notice.count });
}

/** What the undo did: the coins that came back, and those already spent (or that the purse lacked). */
function undoneText(notice: AwardNotice, t: TFunction): string {
  const returned = notice.returned ?? 0;
  const missing = notice.missing ?? 0;
  const given = notice.coins > 0;
  const coins = t('common.coinsAmount', { count: returned });
  const done = returned === 0 ? t('groups.undo.doneNothing') : t(given ? 'groups.undo.doneBack' : 'groups.undo.doneGivenBack', { coins });
  if (missing === 0) return done;
  return `${done} ${t(given ? 'groups.undo.spent' : 'groups.undo.purseShort', { count: missing })}`;
}

/**
 * The notice at the bottom of the members view after every award (issue 32): what was given and
 * an "Undo" button for the award's minute, with the seconds left; then what came back. It is a
 * polite live region (the seconds are not read out); Escape or the close button dismisses it.
 */
export function AwardSnackbar() {
  const { t } = useTranslation();
  const notice = useAwardNotice();
  const offered = notice !== null && (notice.phase === 'offered' || notice.phase === 'undoing');
  // Never before the award: the clock may have stood still while no notice was shown.
  const now = Math.max(useNow(250, offered).getTime(), notice?.startedAt ?? 0);
  const undo = useUndoAward(notice?.groupId ?? '');
  const closeButton = useRef<HTMLButtonElement>(null);
  const resultTimer = useRef<number | undefined>(undefined);
  const left = notice ? undoTimeLeft(notice, now) : 0;
  const noticeId = notice?.id;
  const expired = notice?.phase === 'offered' && left === 0;

  // The minute is over: the undo is no longer offered, and the notice goes.
  useEffect(() => {
    if (expired && noticeId !== undefined) dismissAwardNotice(noticeId);
  }, [expired, noticeId]);

  const showsResult = notice !== null && (notice.phase === 'undone' || notice.phase === 'failed');
  const stopResultTimer = useCallback(() => window.clearTimeout(resultTimer.current), []);
  const startResultTimer = useCallback(() => {
    window.clearTimeout(resultTimer.current);
    if (showsResult && noticeId !== undefined) resultTimer.current = window.setTimeout(() => dismissAwardNotice(noticeId), RESULT_MS);
  }, [showsResult, noticeId]);
  useEffect(() => {
    startResultTimer();
    return stopResultTimer;
  }, [startResultTimer, stopResultTimer]);

  // Escape dismisses it, unless a dialog or menu has the keyboard (Escape is theirs then).
  useEffect(() => {
    if (noticeId === undefined) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="menu"]')) return;
      dismissAwardNotice(noticeId);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [noticeId]);

  function runUndo(current: AwardNotice) {
    const hadFocus = document.activeElement instanceof HTMLElement && document.activeElement.dataset.undoButton !== undefined;
    updateAwardNotice(current.id, { phase: 'undoing' });
    undo.mutate(current.awardId, {
      onSuccess: (result) => {
        const returned = result.members.reduce((sum, member) => sum + member.returned, 0);
        const missing = result.members.reduce((sum, member) => sum + member.missing, 0);
        updateAwardNotice(current.id, { phase: 'undone', returned, missing });
      },
      onError: (error) => updateAwardNotice(current.id, { phase: 'failed', errorKey: errorMessageKey(errorCodeOf(error)) }),
      // The Undo button goes: the keyboard's place moves to the close button, not to the page's start.
      onSettled: () => {
        if (hadFocus) closeButton.current?.focus();
      },
    });
  }

  const seconds = Math.ceil(left / 1000);
  return (
    <div className={classes.slot}>
      <div role="status" aria-live="polite" className={classes.region}>
        {notice && !expired ? (
          <div
            className={classes.snackbar}
            data-phase={notice.phase}
            data-testid="award-snackbar"
            onMouseEnter={stopResultTimer}
            onMouseLeave={startResultTimer}
            onFocus={stopResultTimer}
            onBlur={startResultTimer}
          >
            <p className={classes.text} data-testid="award-snackbar-text">
              {notice.phase === 'undone' ? undoneText(notice, t) : notice.phase === 'failed' ? t(notice.errorKey ?? 'errors.SERVER.ERROR') : awardText(notice, t)}
            </p>
            <div className={classes.actions}>
              {offered ? (
                <>
                  <span className={classes.seconds} aria-hidden="true" data-testid="award-snackbar-seconds">
                    {t('groups.undo.secondsLeft', { seconds })}
                  </span>
                  <Button
                    size="compact-md"
                    variant="white"
                    color="indigo"
                    leftSection={<IconUndo size={16} />}
                    loading={notice.phase === 'undoing'}
                    onClick={() => runUndo(notice)}
                    data-undo-button=""
                  >
                    {t('groups.undo.undo')}
                  </Button>
                </>
              ) : null}
              <CloseButton ref={closeButton} aria-label={t('common.close')} onClick={() => dismissAwardNotice(notice.id)} className={classes.close} />
            </div>
            {offered ? <span className={classes.bar} style={{ transform: `scaleX(${left / AWARD_UNDO_WINDOW_MS})` }} aria-hidden="true" /> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
