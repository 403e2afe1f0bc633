/**
 * The product's own screen recordings (`npm run videos`, scripts/videos), served from our origin
 * under /videos/: one WebM per topic, a poster image and WebVTT captions in each language.
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

export function videoFiles(topic: VideoTopic) {
  const base = `/videos/${topic}`;
  return { video: `${base}.webm`, poster: `${base}.jpg`, captions: { en: `${base}.en.vtt`, fi: `${base}.fi.vtt` } };
}
