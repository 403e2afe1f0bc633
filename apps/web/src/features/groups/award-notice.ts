import { useSyncExternalStore } from 'react';
import { AWARD_UNDO_WINDOW_MS } from '@kolikko/core/limits';

/**
 * The notice after the teacher's last award (issue 32): what was given, with its undo offered
 * for the award's minute, then what the undo brought back. One at a time: a new award's notice
 * takes the place of the one before. Kept outside the members view, so a group switch or a
 * visit to another page and back within the minute still offers the undo.
 */
export interface AwardNotice {
  /** Changes with every notice shown. */
  id: number;
  awardId: string;
  groupId: string;
  /** When the award was asked for: the undo is offered until AWARD_UNDO_WINDOW_MS after (the server counts from a moment later). */
  startedAt: number;
  /** The award reason's name, or null for a number of coins. */
  reasonName: string | null;
  /** Coins each member got; negative when they were taken back. */
  coins: number;
  count: number;
  /** The student's name when the award was to one student. */
  username: string | null;
  phase: 'offered' | 'undoing' | 'undone' | 'failed';
  /** After the undo: coins that came back and coins that could not (already spent). */
  returned?: number;
  missing?: number;
  /** When the undo was refused: the error text's key. */
  errorKey?: string;
}

type Listener = () => void;
let current: AwardNotice | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function set(notice: AwardNotice | null): void {
  current = notice;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => current;

export function showAwardNotice(notice: Omit<AwardNotice, 'id' | 'phase'>): void {
  set({ ...notice, id: nextId++, phase: 'offered' });
}

/** Changes the notice `id`, if it is still the one shown. */
export function updateAwardNotice(id: number, change: Partial<Pick<AwardNotice, 'phase' | 'returned' | 'missing' | 'errorKey'>>): void {
  if (current?.id === id) set({ ...current, ...change });
}

export function dismissAwardNotice(id: number): void {
  if (current?.id === id) set(null);
}

/** Milliseconds left of the notice's undo at `now` (0 once it has passed). */
export function undoTimeLeft(notice: Pick<AwardNotice, 'startedAt'>, now: number): number {
  return Math.max(0, notice.startedAt + AWARD_UNDO_WINDOW_MS - now);
}

export function useAwardNotice(): AwardNotice | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
