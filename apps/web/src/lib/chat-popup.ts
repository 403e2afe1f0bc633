import { useSyncExternalStore } from 'react';

/**
 * Which chat the popup shows (spec section 2, A chat popup). The popup itself is mounted once
 * in each area's layout; any page opens it through openChat, so features need not import it.
 */
export type TChatTarget =
  | { kind: 'group'; groupId: string; title: string }
  | { kind: 'member'; groupId: string; memberId: string; title: string }
  /** A student's chat: the group tab and the private tab with the teacher. */
  | { kind: 'student' };

let target: TChatTarget | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function openChat(next: TChatTarget): void {
  target = next;
  emit();
}

export function closeChat(): void {
  target = null;
  emit();
}

/** The open chat, or null while the popup is closed. */
export function useChatTarget(): TChatTarget | null {
  return useSyncExternalStore(subscribe, () => target, () => null);
}
