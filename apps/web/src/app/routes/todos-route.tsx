import { useParams } from '../../lib/router.tsx';
import { TodosPage } from '../../features/todos/components/todos-page.tsx';
import { WithTeacher } from './as-user.tsx';

/** /teacher/todos and /teacher/todos/:todolistId. */
export function TodosRoute() {
  const { todolistId } = useParams();
  return <WithTeacher>{(teacher) => <TodosPage teacher={teacher} todolistId={todolistId ?? null} />}</WithTeacher>;
}
