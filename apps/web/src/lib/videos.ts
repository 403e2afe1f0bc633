import type { Language } from './i18n.ts';

/**
 * The product's own screen recordings (`npm run videos`, scripts/videos), served from our origin
 * under /videos/: each topic recorded once per language, in that language's interface, as a WebM
 * with its poster image and its WebVTT captions in the same language.
 */
export const VIDEO_TOPICS = [
  'intro',
  'getting-started',
  'groups',
  'todolists',
  'small-groups',
  'rewards',
  'shop',
  'community',
  'student',
  'profile',
] as const;
export type VideoTopic = (typeof VIDEO_TOPICS)[number];

/** The recordings' size (scripts/videos/lib.mjs VIEWPORT): 1280×720. */
export const VIDEO_ASPECT_RATIO = '16 / 9';

/** The captions track's label: the language's own name, as a viewer who reads it looks for it. */
export const CAPTION_LABELS = { en: 'English', fi: 'Suomi', sv: 'Svenska' } as const satisfies Record<Language, string>;

/** The topic's recording in the language: `/videos/<topic>.<language>.webm`, `.jpg` (poster) and `.vtt` (captions). */
export function videoFiles(topic: VideoTopic, language: Language) {
  const base = `/videos/${topic}.${language}`;
  return { video: `${base}.webm`, poster: `${base}.jpg`, captions: `${base}.vtt` };
}
