import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { onSessionEnd } from './auth.ts';
import { isLiveQuery, onSocketConnect } from './socket.ts';

const MAX_RETRIES = 2;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change by asking again; network and 5xx failures might.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < MAX_RETRIES,
    },
    mutations: { retry: false },
  },
});

// A session that ends takes every cached answer with it.
onSessionEnd(() => queryClient.clear());

/**
 * The server puts a socket in its rooms before the client hears 'connect', so an answer fetched
 * after that moment already shows every event since. One fetched or still in flight before it may
 * predate an event the socket was not yet there to hear: those are refetched, on every connect.
 * The page's first connect comes before the page draws (main.tsx waits for it), so then there is
 * usually nothing to refetch.
 */
onSocketConnect(() => {
  const connectedAt = Date.now();
  void queryClient.invalidateQueries({
    predicate: (query) => isLiveQuery(query.meta) && (query.state.fetchStatus === 'fetching' || query.state.dataUpdatedAt <= connectedAt),
  });
});
