import type { TRewardList } from '@kolikko/core/schemas/rewards';
import { TeacherShareSection } from '../../../components/teacher-share-section.tsx';
import { useShareRewardlistWithTeacher } from '../api/share-rewardlist-with-teacher.ts';
import { useStopSharingRewardlist } from '../api/stop-sharing-rewardlist.ts';

/** Spec section 8: these answers are about the recipient and show under its field (the shareRewardlist banner). */
const FIELD_ERRORS: ReadonlySet<string> = new Set(['USER.USER_NOT_FOUND', 'USER.CANNOT_RECEIVE_SHARES', 'USER.NOT_YOU', 'REWARD.REWARDLIST_ALREADY_SHARED']);

const TEXTS = { intro: 'teacherShare.rewardlistIntro', stopText: 'teacherShare.stopTextRewardlist', shared: 'success.REWARDLIST_SHARED' };

/** The owner shares its reward list with other teachers, who can view and copy it, and sees who has it. */
export function RewardlistShareSection({ teacherId, list, confirmStackId }: { teacherId: string; list: TRewardList; confirmStackId: string }) {
  const share = useShareRewardlistWithTeacher(teacherId);
  const stop = useStopSharingRewardlist(teacherId);
  return (
    <TeacherShareSection
      listName={list.name}
      recipients={list.shared_with.map((username) => ({ username }))}
      withPermissions={false}
      confirmStackId={confirmStackId}
      fieldErrors={FIELD_ERRORS}
      texts={TEXTS}
      share={(recipient) => share.mutateAsync({ rewardlistId: list.id, recipient })}
      isSharing={share.isPending}
      stop={(username) => stop.mutateAsync({ rewardlistId: list.id, username })}
      isStopping={stop.isPending}
    />
  );
}
