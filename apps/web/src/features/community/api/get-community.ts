import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TCommunityPage } from '@kolikko/core/schemas/community';
import { apiRequest } from '../../../lib/api-client.ts';

/** The browser's search and filters (one value each, spec section 2); empty ones are left out. */
export interface CommunityFilters {
  q: string;
  category: string | null;
  target: string | null;
  language: string | null;
  page: number;
}

export const COMMUNITY_PAGE_SIZE = 12;

/** Every community read starts with this key: a publish, an edit, a stop or a purchase refreshes them all. */
export function communityQueryKey(filters?: CommunityFilters) {
  return filters ? (['community', filters] as const) : (['community'] as const);
}

/** GET public/community: the caller's session (if any) decides `own`, `bought` and how much preview it gets. */
export function getCommunity(filters: CommunityFilters, signal?: AbortSignal): Promise<TCommunityPage> {
  const params = new URLSearchParams({ page: String(filters.page), page_size: String(COMMUNITY_PAGE_SIZE) });
  const q = filters.q.trim();
  if (q !== '') params.set('q', q);
  if (filters.category) params.set('category', filters.category);
  if (filters.target) params.set('target', filters.target);
  if (filters.language) params.set('language', filters.language);
  return apiRequest<TCommunityPage>(`/public/community?${params.toString()}`, { signal });
}

export function useCommunity(filters: CommunityFilters) {
  return useQuery({
    queryKey: communityQueryKey(filters),
    queryFn: ({ signal }) => getCommunity(filters, signal),
    // The page stays while the next search or page loads, so the cards do not jump away.
    placeholderData: keepPreviousData,
  });
}
