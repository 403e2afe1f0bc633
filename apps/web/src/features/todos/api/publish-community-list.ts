import { useMutation } from '@tanstack/react-query';
import type { TCommunityItem, TPublishCommunityRequest, TUpdateCommunityRequest } from '@kolikko/core/schemas/community';
import type { TTodolist } from '@kolikko/core/schemas/todos';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
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

/** The community item of one of the teacher's lists (GET community/todolist/{id}, the owner's), for its edit form; null when it is not published. */
export async function findCommunityItem(todolistId: string): Promise<TCommunityItem | null> {
  try {
    return await apiRequest<TCommunityItem>(`/community/todolist/${encodeURIComponent(todolistId)}`);
  } catch (error) {
    if (errorCodeOf(error) === 'TODOLIST.TODOLIST_NOT_FOUND') return null;
    throw error;
  }
}
