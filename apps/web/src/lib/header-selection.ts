import { useEffect, useSyncExternalStore } from 'react';

/**
 * Spec section 2: the teacher header shows the selected todo list, shared list or reward list
 * beside the active group. The page that knows the selection puts it here; the header reads it. A small
 * store rather than a query, because the header does not know which page is open.
 */
export type HeaderSelectionKind = 'todolist' | 'shared' | 'rewardlist';

export interface HeaderSelection {
  kind: HeaderSelectionKind;
  /** null shows the kind's placeholder (spec: "no shared list", "all rewards"). */
  name: string | null;
}

type Listener = () => void;

let current: (HeaderSelection & { token: number }) | null = null;
let nextToken = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): HeaderSelection | null {
  return current;
}

/** Shows the page's selection in the header while the page is mounted. */
export function useHeaderSelection(kind: HeaderSelectionKind | null, name: string | null): void {
  useEffect(() => {
    if (kind === null) return undefined;
    const token = nextToken++;
    current = { kind, name, token };
    emit();
    return () => {
      // Only the page that set it clears it: the next page may already have put its own.
      if (current?.token !== token) return;
      current = null;
      emit();
    };
  }, [kind, name]);
}

export function useCurrentHeaderSelection(): HeaderSelection | null {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
