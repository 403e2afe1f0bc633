import { useTranslation } from '../lib/i18n.ts';
import { characterImageUrl, lookOf, type CharacterLook } from '../lib/character-images.ts';
import classes from './member-avatar.module.css';

/** Light backdrops that every face and hair stands out against; a user keeps one by its name. */
const BACKDROPS = ['#e7f5ff', '#fff4e6', '#ebfbee', '#f3f0ff', '#fff0f6', '#e3fafc', '#fff9db', '#f8f0fc'] as const;

function backdropFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return BACKDROPS[hash % BACKDROPS.length] ?? BACKDROPS[0];
}

interface CharacterPictureProps {
  look: CharacterLook;
  /** Width and height in pixels; the art is drawn for any size (used from 32 to 160). */
  size: number;
  /** The picture's accessible name; leave it out where the picture only repeats text beside it. */
  label?: string;
  /** Picks the backdrop colour, so one user keeps one colour everywhere. */
  seed?: string;
  testId?: string;
}

/**
 * A character: the face picture with the hair picture on top. Every part is drawn on one
 * 200 x 200 head, so the two layers line up in any square box.
 */
export function CharacterPicture({ look, size, label, seed = '', testId }: CharacterPictureProps) {
  return (
    <span
      className={classes.avatar}
      style={{ width: size, height: size, background: backdropFor(seed), borderWidth: size < 48 ? 2 : 3 }}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-testid={testId}
      data-face={look.face}
      data-hair={look.hair}
      data-tone={look.tone}
    >
      <img className={classes.layer} src={characterImageUrl(look.face, look.tone)} alt="" draggable={false} decoding="async" />
      <img className={classes.layer} src={characterImageUrl(look.hair)} alt="" draggable={false} decoding="async" />
    </span>
  );
}

export interface MemberAvatarProps {
  /** The paths of the face and hair worn; null is the free default. */
  face: string | null;
  hair: string | null;
  /** The skin tone the face draws its skin in (every answer with a face has one); undefined: the default. */
  skinTone: string | undefined;
  username: string;
  size?: number;
  /** Inside a control that is already named after the user, the picture adds nothing to hear. */
  decorative?: boolean;
}

/** A member's (or teacher's) character, named "<username>'s picture" for assistive tech. */
export function MemberAvatar({ face, hair, skinTone, username, size = 48, decorative = false }: MemberAvatarProps) {
  const { t } = useTranslation();
  return (
    <CharacterPicture
      look={lookOf(face, hair, skinTone)}
      size={size}
      seed={username}
      label={decorative ? undefined : t('avatar.label', { username })}
      testId="member-avatar"
    />
  );
}
