import { Navigate, useParams } from '../../lib/router.tsx';
import { SharedPage } from '../../features/shared-todos/components/shared-page.tsx';
import { WithTeacher } from './as-user.tsx';

/** /teacher/shared, optionally /:memberId/:view; a member has one view (todos), where any other goes. */
export function SharedRoute() {
  const { memberId, view } = useParams();
  if (memberId && view !== 'todos') return <Navigate to={`/teacher/shared/${memberId}/todos`} replace />;
  return <WithTeacher>{(teacher) => <SharedPage teacher={teacher} memberId={memberId ?? null} />}</WithTeacher>;
}
