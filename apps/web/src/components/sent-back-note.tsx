import { useTranslation } from '../lib/i18n.ts';
import { IconUndo } from './icons.tsx';
import classes from './sent-back-note.module.css';

/**
 * A free answer the teacher sent back (ours, issue 14): what the teacher wrote, on the student's
 * task until it answers again, and on the teacher's view of it. Nothing when it was not sent back.
 */
export function SentBackNote({ sentBack, comment, audience }: { sentBack: boolean; comment: string; audience: 'student' | 'teacher' }) {
  const { t } = useTranslation();
  if (!sentBack) return null;
  const title = audience === 'student' ? t('studentTodos.sentBack.title') : comment ? t('memberTodoStatus.sentBack.withComment') : t('memberTodoStatus.sentBack.noComment');
  return (
    <div className={classes.note} data-testid="sent-back-note">
      <p className={classes.title}>
        <IconUndo size={18} />
        <span>{title}</span>
      </p>
      {comment ? (
        <blockquote className={classes.comment} data-testid="sent-back-comment">
          {comment}
        </blockquote>
      ) : null}
      {audience === 'student' ? <p className={classes.hint}>{comment ? t('studentTodos.sentBack.hint') : t('studentTodos.sentBack.noComment')}</p> : null}
    </div>
  );
}
