import { useQuery } from '@tanstack/react-query';
import { sortByUsername } from '@kolikko/core/rules/names';
import type { TMember } from '@kolikko/core/schemas/groups';
import { useTranslation, type Language } from '../i18n.ts';
import { apiRequest } from '../api-client.ts';
import { adoptFirstData } from '../first-data.ts';
import { queryClient } from '../query-client.ts';

/**
 * The members of a group. Shared (not in a feature) because the groups page lists them and the
 * shared-todos view shows their progress.
 */
export function groupMembersQueryKey(groupId: string) {
  return ['group', groupId, 'members'] as const;
}

type TMemberList = TMember[];

export function getGroupMembers(groupId: string, signal?: AbortSignal): Promise<TMember[]> {
  const path = `/group/${encodeURIComponent(groupId)}/members`;
  return adoptFirstData<TMemberList>(path) ?? apiRequest<TMemberList>(path, { signal });
}

/** One selector per language, so a list is sorted again only when its data or the language changes. */
const sorted: Partial<Record<Language, (members: TMember[]) => TMember[]>> = {};
function sortedIn(language: Language) {
  return (sorted[language] ??= (members) => sortByUsername(members, language));
}

/** The group's members in natural order of username in the page's language (issue 33: oppilas2 before oppilas10). */
export function useGroupMembers(groupId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: groupMembersQueryKey(groupId),
    queryFn: ({ signal }) => getGroupMembers(groupId, signal),
    select: sortedIn(i18n.language),
  });
}

/** Writes a member's new balance into its group's list (after a reward was paid or taken back). */
export function setGroupMemberCoins(groupId: string, memberId: string, coins: number): void {
  queryClient.setQueryData<TMember[]>(groupMembersQueryKey(groupId), (members) =>
    members?.map((member) => (member.id === memberId ? { ...member, coins } : member)),
  );
}
