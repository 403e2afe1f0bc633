import { Modal } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOpenAfterMount } from '../../../lib/lazy-dialog.tsx';
import classes from './board-page.module.css';

const KEYS = [
  { keys: ['←', '↑', '→', '↓'], text: 'board.help.move' },
  { keys: ['Enter'], text: 'board.help.award' },
  { keys: ['1', '…', '9'], text: 'board.help.digits' },
  { keys: ['P'], text: 'board.help.pick' },
  { keys: ['T'], text: 'board.help.timer' },
  { keys: ['?'], text: 'board.help.help' },
  { keys: ['Esc'], text: 'board.help.close' },
] as const;

export interface BoardHelpProps {
  opened: boolean;
  onClose: () => void;
}

/** The board's keys, behind its "?" button (or the ? key); its code comes with its first opening. */
export function BoardHelp({ opened: open, onClose }: BoardHelpProps) {
  const { t } = useTranslation();
  const opened = useOpenAfterMount(open);
  return (
    <Modal opened={opened} onClose={onClose} title={t('board.help.title')} size={480} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <dl className={classes.helpList} data-testid="board-help">
        {KEYS.map(({ keys, text }) => (
          <div key={text} className={classes.helpRow}>
            <dt className={classes.helpKeys}>
              {keys.map((key) => (key === '…' ? <span key={key}>–</span> : <kbd key={key}>{key}</kbd>))}
            </dt>
            <dd className={classes.helpText}>{t(text)}</dd>
          </div>
        ))}
      </dl>
      <p className={classes.helpNote}>{t('board.help.remote')}</p>
    </Modal>
  );
}
