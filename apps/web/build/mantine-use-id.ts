import type { Plugin } from 'vite';

/**
 * Mantine's `useId` (@mantine/hooks) starts with React's id and then, in a layout effect after
 * the first mount, replaces it with a random one: every input, checkbox and AppShell part draws
 * a second time, synchronously, inside the first page's commit (issue 13: on /teacher/groups that
 * was the larger part of the commit's long task). React's own `useId` is already unique and
 * stable, so this build keeps it: the id a component first draws with is its id for good.
 * The original module is checked, so a Mantine update that changes it stops the build here
 * instead of being replaced unseen.
 */
const USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const EXPECTED = 'setUuid(randomId())';

const REPLACEMENT = `import { useId as useReactId } from "react";
function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : \`mantine-\${reactId.replace(/[^\\w-]/g, "")}\`;
}
export { useId };
`;

export function mantineStableIds(): Plugin {
  return {
    name: 'kolikko:mantine-stable-ids',
    enforce: 'pre',
    transform(code, id) {
      if (!USE_ID.test(id)) return null;
      if (!code.includes(EXPECTED)) throw new Error(`mantine-stable-ids: ${id} no longer looks as expected; review build/mantine-use-id.ts`);
      return { code: REPLACEMENT, map: null };
    },
  };
}
