import { useMutation } from '@tanstack/react-query';
import type { TCommunityItem, TPublishCommunityRequest, TUpdateCommunityRequest } from '@kolikko/core/schemas/community';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { todolistsQueryKey } from './get-todolists.ts';

/** The community browser's reads (features/community keys them ['community', ...]). */
const COMMUNITY_KEY = ['community'] as const;

/** Writes a list's `communityStatus` into the teacher's lists, as the server now has it. */
export function setCommunityStatusInCache(teacherId: string, todolistId: string, communityStatus: boolean): void {
  queryClient.setQueryData<TTodolist[]>(todolistsQueryKey(teacherId), (lists) =>
    lists?.map((list) => (list.id === todolistId ? { ...list, communityStatus } : list)),
  );
}

/** POST community/todolist/{id}: a premium owner publishes its list. */
export function publishCommunityList(todolistId: string, body: TPublishCommunityRequest): Promise<TCommunityItem> {
  return apiRequest<TCommunityItem>(`/community/todolist/${encodeURIComponent(todolistId)}`, { method: 'POST', body });
}

/** PUT community/todolist/{id}: only what changed is sent. */
export function updateCommunityList(todolistId: string, body: TUpdateCommunityRequest): Promise<TCommunityItem> {
  return apiRequest<TCommunityItem>(`/community/todolist/${encodeURIComponent(todolistId)}`, { method: 'PUT', body });
}

export type CommunitySave = { todolistId: string } & ({ kind: 'publish'; body: TPublishCommunityRequest } | { kind: 'update'; body: TUpdateCommunityRequest });

export function useSaveCommunityList(teacherId: string) {
  return useMutation({
    mutationFn: (save: CommunitySave) => (save.kind === 'publish' ? publishCommunityList(save.todolistId, save.body) : updateCommunityList(save.todolistId, save.body)),
    onSuccess: (item) => {
      setCommunityStatusInCache(teacherId, item.todolist_id, true);
      void queryClient.invalidateQueries({ queryKey: COMMUNITY_KEY });
    },
  });
}

/** DELETE community/todolist/{id}: the item goes; buyers keep their copies. */
export function stopCommunityList(todolistId: string): Promise<unknown> {
  return apiRequest(`/community/todolist/${encodeURIComponent(todolistId)}`, { method: 'DELETE' });
}

export function useStopCommunityList(teacherId: string) {
  return useMutation({
    mutationFn: stopCommunityList,
    onSuccess: (_answer, todolistId) => {
      setCommunityStatusInCache(teacherId, todolistId, false);
      void queryClient.invalidateQueries({ queryKey: COMMUNITY_KEY });
    },
  });
}

const FIND_PAGE_SIZE = 50;
const FIND_MAX_PAGES = 20;

/**
 * The community item of one of the teacher's lists, for the edit form opened from the todos page.
 * The API has no read by list, so this pages through the browser's answer (newest first, where a
 * teacher's recent lists are) until the item shows; null when it is not found.
 */
export async function findCommunityItem(todolistId: string): Promise<TCommunityItem | null> {
  for (let page = 1; page <= FIND_MAX_PAGES; page += 1) {
    const answer = await apiRequest<{ items: TCommunityItem[]; total: number }>(`/public/community?page=${page}&page_size=${FIND_PAGE_SIZE}`);
    const found = answer.items.find((item) => item.todolist_id === todolistId);
    if (found) return found;
    if (page * FIND_PAGE_SIZE >= answer.total) return null;
  }
  return null;
}
