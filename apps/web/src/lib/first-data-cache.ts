import type { Query } from '@tanstack/react-query';
import { setFirstDataCache, type FirstDataKey } from './first-data.ts';
import { queryClient } from './query-client.ts';

/**
 * The first data (lib/first-data.ts) goes into the query cache as its query's first fetch, before
 * the page draws: the page's queries find their data when they first render, so the page draws
 * once, in main.tsx's time-sliced first render, instead of again (in one long task each) as every
 * answer arrives. An answer still on its way when the page draws is that query's fetch in flight:
 * the query shows it when it comes, and asks nothing itself.
 *
 * By default a query asks again when a component using it mounts (its data is stale at once).
 * The page mounts right after the answer came, so for its first mount the answer counts as just
 * fetched: no second request of the same data. Any later mount, and any refetch (live events,
 * invalidation, a reconnect) behave as for every other query.
 */

/** How long an answer counts as just fetched for the first mount of the page that asked it. */
const FIRST_MOUNT_MS = 10_000;

/** Each first answer's query hash, with the time its answer went into the cache. */
const answeredAt = new Map<string, number>();

function isFirstAnswer(query: Query): boolean {
  const at = answeredAt.get(query.queryHash);
  return at !== undefined && at === query.state.dataUpdatedAt && Date.now() - at < FIRST_MOUNT_MS;
}

function put(key: FirstDataKey, answer: Promise<unknown>): Promise<void> {
  queryClient.setQueryDefaults(key, { refetchOnMount: (query) => !isFirstAnswer(query) });
  return queryClient
    // A failed answer is not asked again here: the page's query asks the network when it mounts.
    .prefetchQuery({ queryKey: key, queryFn: () => answer, retry: false })
    .then(() => {
      const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
      if (query?.state.status === 'success') answeredAt.set(query.queryHash, query.state.dataUpdatedAt);
    });
}

/** Loaded with the signed-in areas' layouts (app/router.tsx), before the first page draws. */
export function installFirstDataCache(): void {
  setFirstDataCache({ put });
}
