import { useTranslation } from '../../../lib/i18n.ts';
import { formatTimer } from '../hooks/use-countdown.ts';
import classes from './board-page.module.css';

/** The lesson timer, big, beside the class: what is left, paused, or time's up. */
export function BoardTimer({ left, status }: { left: number; status: 'idle' | 'running' | 'paused' }) {
  const { t } = useTranslation();
  const over = status === 'running' && left === 0;
  const label = over ? t('board.timer.over') : status === 'paused' ? t('board.timer.paused') : status === 'running' ? t('board.timer.running') : t('board.timer.ready');
  return (
    <section className={classes.timer} data-over={over || undefined} data-status={status} aria-labelledby="board-timer-label" data-testid="board-timer">
      <p className={classes.timerLabel} id="board-timer-label">
        {label}
      </p>
      {/* Read out on a change of state, not every second. */}
      <p className={classes.timerDigits} data-testid="board-timer-digits" aria-live="off">
        {formatTimer(left)}
      </p>
    </section>
  );
}
