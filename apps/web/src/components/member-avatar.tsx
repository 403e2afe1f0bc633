import classes from './member-avatar.module.css';

/** Dark enough for white text (contrast above 4.5:1) and easy to tell apart in a class list. */
const AVATAR_COLOURS = ['#3b4cc0', '#0b7285', '#2b8a3e', '#c2255c', '#862e9c', '#d9480f', '#5f3dc4', '#1864ab'] as const;

function colourFor(username: string): string {
  let hash = 0;
  for (const char of username) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0];
}

export interface MemberAvatarProps {
  /**
   * The character's face and hair pictures (paths). The character art arrives later; until then
   * the avatar is a coloured circle with the initial, and this component is the one to swap.
   */
  face: string | null;
  hair: string | null;
  username: string;
  size?: number;
}

/** A member's (or teacher's) picture. Decorative: the username is always written next to it. */
export function MemberAvatar({ username, size = 48 }: MemberAvatarProps) {
  const initial = (username.at(0) ?? '?').toUpperCase();
  return (
    <span
      className={classes.avatar}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45), background: colourFor(username) }}
      aria-hidden="true"
      data-testid="member-avatar"
    >
      {initial}
    </span>
  );
}
