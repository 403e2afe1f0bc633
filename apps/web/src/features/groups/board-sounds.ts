import { useSyncExternalStore } from 'react';

/**
 * The class board's sounds (issue 32): a chime on an award, a bell when the timer reaches zero.
 * The files are our own (scripts/make-sounds.mjs), served from public/sounds. One switch, kept
 * in this browser (on unless turned off), covers the board and the remote. Browsers play nothing
 * before the page has had a click or a key press: `unlockSounds()` runs in the "Sound on"
 * button's click, so the board's first award can be heard.
 */
export type BoardSound = 'award' | 'timer-end';

const STORAGE_KEY = 'kolikko:board-sound';
const FILES: Record<BoardSound, string> = { award: '/sounds/award.wav', 'timer-end': '/sounds/timer-end.wav' };

function readStored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    // Storage can be blocked (private mode, policies): the sound stays on for this visit.
    return true;
  }
}

let enabled = typeof window === 'undefined' ? true : readStored();
/** Whether this page has had a gesture that let it play (or a sound played already). */
let unlocked = false;
const players = new Map<BoardSound, HTMLAudioElement>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

// The board and the remote open in one browser (two tabs) follow one switch.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    enabled = readStored();
    emit();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function playerOf(sound: BoardSound): HTMLAudioElement {
  let player = players.get(sound);
  if (!player) {
    player = new Audio(FILES[sound]);
    player.preload = 'auto';
    players.set(sound, player);
  }
  return player;
}

/** Plays a sound, if the switch is on; a browser that still blocks it only stays silent. */
export function playSound(sound: BoardSound): void {
  if (!enabled) return;
  const player = playerOf(sound);
  player.currentTime = 0;
  player.play().then(
    () => {
      if (unlocked) return;
      unlocked = true;
      emit();
    },
    () => undefined,
  );
}

/**
 * Called from a click: turns the sound on and plays it once muted, which is what lets the page
 * play later sounds without a gesture of their own.
 */
export function unlockSounds(): void {
  setSoundEnabled(true);
  for (const sound of Object.keys(FILES) as BoardSound[]) {
    const player = playerOf(sound);
    player.muted = true;
    player.play().then(
      () => {
        player.pause();
        player.currentTime = 0;
        player.muted = false;
        unlocked = true;
        emit();
      },
      () => {
        player.muted = false;
      },
    );
  }
}

export function setSoundEnabled(on: boolean): void {
  enabled = on;
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered: the choice still holds for this page.
  }
  emit();
}

/** The switch, and whether this page may play yet (the board offers "Sound on" until it may). */
export function useSoundState(): { enabled: boolean; unlocked: boolean } {
  const isEnabled = useSyncExternalStore(subscribe, () => enabled);
  const isUnlocked = useSyncExternalStore(subscribe, () => unlocked);
  return { enabled: isEnabled, unlocked: isUnlocked };
}
