import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * True from the first time `open` is: a dialog whose code is fetched on demand is rendered from
 * then on (and stays, so it can animate out), never before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/**
 * `open`, held false for the first render. A dialog fetched on demand mounts when it is asked to
 * open; Mantine notes the element to give focus back to, and runs the enter transition, only
 * when `opened` changes, so it must see closed, then open.
 */
export function useOpenAfterMount(open: boolean): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return open && mounted;
}

/**
 * A dialog whose code (Mantine's Modal or Drawer: focus trap, scroll lock, portal, transitions) is
 * fetched the first time it opens, not with the page that may open it. `isOpen` reads the props;
 * the dialog itself passes `useOpenAfterMount(open)` to Mantine.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const shown = useOpenedOnce(isOpen(props));
    if (!shown) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
