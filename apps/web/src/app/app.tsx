import { MantineProvider } from '@mantine/core';
import { router } from './router.tsx';
import { RouterProvider } from '../lib/router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The providers every page needs. TanStack Query's comes with the layouts of the pages that ask
 * the API (lib/query-layer.tsx): a visitor's pages load without it.
 */
export function App() {
  return (
    // Light only: a forced scheme never reads or writes local storage (only the language is stored).
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
