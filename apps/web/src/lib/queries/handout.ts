import { queryClient } from '../query-client.ts';

/**
 * Issue 33's keys the teacher's live events refresh: a group's hand-out queue (features/handout)
 * and the dashboard (features/teacher), kept here so app/live-updates-teacher.ts needs neither feature.
 */
export function rewardPurchasesQueryKey(groupId: string, state?: string) {
  return state === undefined ? (['rewardPurchases', groupId] as const) : (['rewardPurchases', groupId, state] as const);
}

export const teacherDashboardQueryKey = ['teacherDashboard'] as const;

export function invalidateDashboard(): void {
  void queryClient.invalidateQueries({ queryKey: teacherDashboardQueryKey });
}

/** A purchase was made or settled: the group's queue in every filter, and the dashboard's counts. */
export function invalidateHandout(groupId: string): void {
  void queryClient.invalidateQueries({ queryKey: rewardPurchasesQueryKey(groupId) });
  invalidateDashboard();
}
