import type { CharacterType } from '../enumerations.ts';
import { CHARACTER_DEFAULTS, CHARACTER_PRICES } from '../limits.ts';

/**
 * Spec sections 5 and 9: a face costs 3 coins and a hair 1, bought once each; the default face
 * and hair are everyone's for free.
 */
export function isDefaultCharacterPart(type: CharacterType, path: string): boolean {
  return CHARACTER_DEFAULTS[type] === path;
}

export function characterPrice(type: CharacterType, path: string): number {
  return isDefaultCharacterPart(type, path) ? 0 : CHARACTER_PRICES[type];
}

/** A member may wear a default part or one it has unlocked. */
export function ownsCharacterPart(type: CharacterType, path: string, unlocked: readonly string[]): boolean {
  return isDefaultCharacterPart(type, path) || unlocked.includes(path);
}

export type UnlockDecision = { ok: true; charge: number } | { ok: false; error: 'MISC.OUT_OF_COINS' };

/** Unlocking what the member already owns charges nothing (a double click pays once). */
export function decideUnlock(input: { type: CharacterType; path: string; unlocked: readonly string[]; coins: number }): UnlockDecision {
  if (ownsCharacterPart(input.type, input.path, input.unlocked)) return { ok: true, charge: 0 };
  const price = characterPrice(input.type, input.path);
  if (input.coins < price) return { ok: false, error: 'MISC.OUT_OF_COINS' };
  return { ok: true, charge: price };
}

/**
 * A new student's starting face or hair (ours; issue 14): one of `parts` at random among those
 * its classmates wear least, so every student of a group looks different while the catalogue has
 * a part nobody wears yet. `random` returns a number in [0, 1), as Math.random does.
 */
export function pickStarterPart(parts: readonly string[], worn: readonly (string | null)[], random: () => number): string {
  const uses = new Map(parts.map((path) => [path, 0]));
  for (const path of worn) {
    const count = path === null ? undefined : uses.get(path);
    if (path !== null && count !== undefined) uses.set(path, count + 1);
  }
  const fewest = Math.min(...uses.values());
  const candidates = parts.filter((path) => uses.get(path) === fewest);
  const picked = candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))];
  if (picked === undefined) throw new Error('pickStarterPart needs at least one part');
  return picked;
}
