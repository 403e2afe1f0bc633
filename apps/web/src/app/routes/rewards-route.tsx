import { useParams } from '../../lib/router.tsx';
import { RewardsPage } from '../../features/rewards/components/rewards-page.tsx';
import { WithTeacher } from './as-user.tsx';

/** /teacher/rewards and /teacher/rewards/:rewardlistId. */
export function RewardsRoute() {
  const { rewardlistId } = useParams();
  return <WithTeacher>{(teacher) => <RewardsPage teacher={teacher} rewardlistId={rewardlistId ?? null} />}</WithTeacher>;
}
