import type { TTodolist } from '@kolikko/core/schemas/todos';
import { TeacherShareSection } from '../../../components/teacher-share-section.tsx';
import { useChangeSharePermission } from '../api/change-share-permission.ts';
import { useShareTodolistWithTeacher } from '../api/share-todolist-with-teacher.ts';
import { useStopSharingTodolist } from '../api/stop-sharing-todolist.ts';

/** Spec section 8: these answers are about the recipient and show under its field (the shareTodolist banner). */
const FIELD_ERRORS: ReadonlySet<string> = new Set([
  'USER.USER_NOT_FOUND',
  'USER.CANNOT_RECEIVE_SHARES',
  'USER.NOT_YOU',
  'TODOLIST.TODOLIST_ALREADY_SHARED',
  'PERMISSION.INVALID_PERMISSIONS',
]);

const TEXTS = { intro: 'teacherShare.todolistIntro', stopText: 'teacherShare.stopTextTodolist', shared: 'success.TODOLIST_SHARED' };

/** The owner shares its todo list with other teachers, read or edit, and manages who has it. */
export function ShareWithTeachers({ teacherId, list, confirmStackId }: { teacherId: string; list: TTodolist; confirmStackId: string }) {
  const share = useShareTodolistWithTeacher(teacherId);
  const change = useChangeSharePermission(teacherId);
  const stop = useStopSharingTodolist(teacherId);
  return (
    <TeacherShareSection
      listName={list.name}
      recipients={list.shared_with}
      withPermissions
      confirmStackId={confirmStackId}
      fieldErrors={FIELD_ERRORS}
      texts={TEXTS}
      share={(recipient, permissions) => share.mutateAsync({ todolistId: list.id, recipient, permissions })}
      isSharing={share.isPending}
      changePermission={(username, permissions) => change.mutateAsync({ todolistId: list.id, username, permissions })}
      stop={(username) => stop.mutateAsync({ todolistId: list.id, username })}
      isStopping={stop.isPending}
    />
  );
}
