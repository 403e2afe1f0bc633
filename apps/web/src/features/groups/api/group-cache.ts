import type { TGroup, TMember } from '@kolikko/core/schemas/groups';
import { queryClient } from '../../../lib/query-client.ts';
import { activeGroupQueryKey } from '../../../lib/queries/get-active-group.ts';
import { groupsQueryKey } from '../../../lib/queries/get-groups.ts';
import { groupMembersQueryKey } from '../../../lib/queries/get-group-members.ts';
import { memberQueryKey } from './get-member.ts';

/** Writes a group the server answered with into the list and, if it is the active one, the header. */
export function putGroupInCaches(teacherId: string, group: TGroup): void {
  queryClient.setQueryData<TGroup[]>(groupsQueryKey(teacherId), (groups) =>
    groups?.map((existing) => (existing.id === group.id ? group : existing)),
  );
  queryClient.setQueryData<TGroup | null>(activeGroupQueryKey(teacherId), (active) =>
    active && active.id === group.id ? group : active,
  );
}

/** Writes a changed member into its own cache entry and into its group's member list. */
export function putMemberInCaches(member: TMember): void {
  queryClient.setQueryData(memberQueryKey(member.id), member);
  queryClient.setQueryData<TMember[]>(groupMembersQueryKey(member.group_id), (members) =>
    members?.map((existing) => (existing.id === member.id ? member : existing)),
  );
}

/** Changes some fields of a member wherever it is cached. */
export function patchMemberInCaches(memberId: string, groupId: string, patch: Partial<TMember>): void {
  queryClient.setQueryData<TMember>(memberQueryKey(memberId), (member) => (member ? { ...member, ...patch } : member));
  queryClient.setQueryData<TMember[]>(groupMembersQueryKey(groupId), (members) =>
    members?.map((existing) => (existing.id === memberId ? { ...existing, ...patch } : existing)),
  );
}
