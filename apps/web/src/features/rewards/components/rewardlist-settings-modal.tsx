import { useTranslation } from '../../../lib/i18n.ts';
import type { TRewardList } from '@kolikko/core/schemas/rewards';
import { ListSettingsModal } from '../../../components/list-settings-modal.tsx';
import { useCopyRewardlist } from '../api/copy-rewardlist.ts';
import { useDeleteRewardlist } from '../api/delete-rewardlist.ts';
import { RewardlistShareSection } from './rewardlist-share-section.tsx';

interface RewardlistSettingsModalProps {
  teacherId: string;
  /** The list as the cache holds it now; null when closed. */
  list: TRewardList | null;
  /** Whether the list is published to the active group: deleting it then leaves the students none. */
  isPublished: boolean;
  onClose: () => void;
}

/**
 * Spec sections 2 and 6: the owner copies or deletes a list (after a confirmation). The API has
 * no rename for reward lists, so there is none here. The owner also shares it with other teachers.
 */
export function RewardlistSettingsModal({ teacherId, list, isPublished, onClose }: RewardlistSettingsModalProps) {
  const { t } = useTranslation();
  const copy = useCopyRewardlist(teacherId);
  const remove = useDeleteRewardlist(teacherId);
  return (
    <ListSettingsModal
      stackId="rewardlist-settings"
      list={list}
      onClose={onClose}
      texts="rewards.settings"
      copy={{
        run: (source, name) => copy.mutateAsync({ rewardlistId: source.id, name }),
        pending: copy.isPending,
        successKey: 'success.REWARDLIST_COPIED',
        pathOf: (id) => `/teacher/rewards/${id}`,
      }}
      remove={{
        run: (source) => remove.mutateAsync(source.id),
        pending: remove.isPending,
        allowed: () => true,
        confirmText: ({ name }) => (isPublished ? t('rewards.settings.confirmTextPublished', { name }) : t('rewards.settings.confirmText', { name })),
        afterPath: '/teacher/rewards',
      }}
    >
      {(shown) => <RewardlistShareSection teacherId={teacherId} list={shown} confirmStackId="rewardlist-settings-share-confirm" />}
    </ListSettingsModal>
  );
}
