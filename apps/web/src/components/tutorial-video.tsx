import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { VIDEO_ASPECT_RATIO, videoFiles, type VideoTopic } from '../lib/videos.ts';

/**
 * One of the product's videos (`npm run videos`, scripts/videos): nothing is downloaded but the
 * poster until it is played (`preload="none"`). Captions in both languages; the interface's
 * language is the one shown, also when the language is switched while the page is open (unless
 * the viewer turned captions off). The element keeps the video's aspect ratio before anything
 * loads, so nothing around it moves.
 */
export function TutorialVideo({ topic, title }: { topic: VideoTopic; title: string }) {
  const { i18n } = useTranslation();
  const files = videoFiles(topic);
  const language = i18n.language;
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const tracks = ref.current?.textTracks;
    if (!tracks) return;
    const all = Array.from(tracks);
    // Captions off stays off; otherwise the interface's language is the one shown.
    if (!all.some((track) => track.mode === 'showing')) return;
    for (const track of all) track.mode = track.language === language ? 'showing' : 'disabled';
  }, [language]);

  return (
    <video
      ref={ref}
      controls
      preload="none"
      playsInline
      poster={files.poster}
      aria-label={title}
      data-testid={`video-${topic}`}
      style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: VIDEO_ASPECT_RATIO, background: 'var(--mantine-color-gray-1)', borderRadius: 8 }}
    >
      <source src={files.video} type="video/webm" />
      <track kind="captions" srcLang="en" label="English" src={files.captions.en} default={language === 'en'} />
      <track kind="captions" srcLang="fi" label="Suomi" src={files.captions.fi} default={language === 'fi'} />
    </video>
  );
}
