import type { ComponentType } from 'react';
import { installFirstDataCache } from './first-data-cache.ts';
import { QueryProvider } from './query-provider.tsx';

/**
 * What the layout of pages that ask the API loads with it (app/router.tsx), one file for one
 * request: TanStack Query's provider around the layout, with the first data going into its cache
 * (lib/first-data-cache.ts).
 */
export function withQueries(Layout: ComponentType): ComponentType {
  installFirstDataCache();
  return function WithQueries() {
    return (
      <QueryProvider>
        <Layout />
      </QueryProvider>
    );
  };
}
