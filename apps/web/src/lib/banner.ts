import { useSyncExternalStore } from 'react';
import type { BannerValues } from './banner-text.ts';
import { errorMessageKey } from './error-message.ts';

export type BannerKind = 'success' | 'error' | 'info';

export interface Banner {
  /** Changes with every banner shown, so the same text shown twice restarts the timer. */
  id: number;
  kind: BannerKind;
  /** A translation key. */
  messageKey: string;
  /** Values for the placeholders of the text, e.g. a number of coins. */
  values?: BannerValues;
  /** Set when the action that showed it also navigates away: it survives that one navigation. */
  keepOnNextNavigation?: boolean;
}

type Listener = () => void;

let current: Banner | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): Banner | null {
  return current;
}

export function showBanner(kind: BannerKind, messageKey: string, values?: BannerValues): void {
  current = { id: nextId++, kind, messageKey, values };
  emit();
}

export function showSuccess(messageKey: string, values?: BannerValues): void {
  showBanner('success', messageKey, values);
}

/** A success that leads to another page: shown there, then gone on the navigation after. */
export function showSuccessOnNextPage(messageKey: string, values?: BannerValues): void {
  current = { id: nextId++, kind: 'success', messageKey, values, keepOnNextNavigation: true };
  emit();
}

/** Shows the translated text of an error code (spec section 8: unknown codes read as the server error). */
export function showErrorCode(code: string): void {
  showBanner('error', errorMessageKey(code));
}

/** The navigation rule of spec section 2, minus the one navigation a banner may have asked to survive. */
export function clearBannerOnNavigation(): void {
  if (current?.keepOnNextNavigation) {
    current = { ...current, keepOnNextNavigation: false };
    return;
  }
  clearBanner();
}

export function clearBanner(id?: number): void {
  if (current === null || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

export function useBanner(): Banner | null {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * Spec section 2: a banner disappears on navigation, except on the login, signup and
 * password pages, where it has to survive the redirect that brought the user there.
 */
const BANNER_SURVIVING_PATH = /^\/(teacher|student)\/(login|signup)$|^\/teacher\/(forgot-password|change-password)$/;

export function bannerSurvivesNavigationTo(pathname: string): boolean {
  return BANNER_SURVIVING_PATH.test(pathname);
}
