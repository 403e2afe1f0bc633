import { CommunityBrowser } from '../../features/community/components/community-browser.tsx';
import { CommunityOwnerActions } from '../../features/todos/components/community-owner-actions.tsx';
import { WithTeacher } from './as-user.tsx';

/**
 * /teacher/community: the community browser, where a teacher buys; the publisher's edit and stop
 * (the todos feature's, which owns the community form) are plugged into its detail popup here.
 */
export function TeacherCommunityRoute() {
  return (
    <WithTeacher>
      {(teacher) => (
        <CommunityBrowser
            viewer={{ kind: 'teacher', coins: teacher.coins }}
            renderOwnerActions={(item, close) => (
              <CommunityOwnerActions
                teacherId={teacher.id}
                todolistId={item.todolist_id}
                title={item.title}
                item={item}
                list={null}
                stackId="community-detail"
                onStopped={close}
              />
            )}
          />
      )}
    </WithTeacher>
  );
}
