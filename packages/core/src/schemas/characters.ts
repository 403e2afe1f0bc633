import { z } from 'zod';
import { CHARACTER_TYPES, SKIN_TONE_IDS } from '../enumerations.ts';

/** A part's file name as the manifest lists it (`face-03.svg`); anything else is not an image of ours. */
export const ZCharacterPath = z.string({ error: 'IMAGE.IMAGE_NOT_FOUND' }).regex(/^[a-z0-9][a-z0-9-]{0,62}\.svg$/, { error: 'IMAGE.IMAGE_NOT_FOUND' });
export const ZCharacterType = z.enum(CHARACTER_TYPES, { error: 'VALIDATION.INVALID_INPUT' });

/** POST member/{id}/character/unlock, PUT member/{id}/character, PUT admin/{id}/character. */
export const ZCharacterRequest = z.object({
  path: ZCharacterPath,
  type: ZCharacterType,
});
export type TCharacterRequest = z.infer<typeof ZCharacterRequest>;

/** One of the skin tones (issue 33): faces draw their skin with it. */
export const ZSkinTone = z.enum(SKIN_TONE_IDS, { error: 'VALIDATION.INVALID_INPUT' });

/** PUT member/{id}/skin-tone and PUT admin/{id}/skin-tone: free, any tone. */
export const ZSkinToneRequest = z.object({ skin_tone: ZSkinTone });
export type TSkinToneRequest = z.infer<typeof ZSkinToneRequest>;

/** GET images/{path}?tone=: the face in that tone (the default one without it); hairs and action pictures ignore it. */
export const ZCharacterFileQuery = z.object({ tone: ZSkinTone.optional() });

export const ZLocalizedName = z.object({ en: z.string(), fi: z.string(), sv: z.string() });

/** A face or hair of GET images/faces and images/hairs: fetch it from GET images/{path}. */
export const ZCharacterImage = z.object({
  path: z.string(),
  name: ZLocalizedName,
  /** Coins for a student to unlock it: 3 a face, 1 a hair, 0 the defaults. */
  price: z.number().int(),
});
export type TCharacterImage = z.infer<typeof ZCharacterImage>;

/** A picture of GET images/actions (history entries). */
export const ZActionImage = z.object({ path: z.string(), name: ZLocalizedName });
export type TActionImage = z.infer<typeof ZActionImage>;
