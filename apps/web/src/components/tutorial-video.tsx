import { useTranslation } from '../lib/i18n.ts';
import { CAPTION_LABELS, VIDEO_ASPECT_RATIO, videoFiles, type VideoTopic } from '../lib/videos.ts';

/**
 * One of the product's videos (`npm run videos`, scripts/videos): the recording of the interface's
 * language, with its captions in that language. Nothing is downloaded but the poster until it is
 * played (`preload="none"`). Switching the language while the page is open shows that language's
 * recording instead: a new element (keyed by the language), so the browser drops the old source
 * and its captions and shows the new poster, still without loading the video. The element keeps
 * the video's aspect ratio before anything loads, so nothing around it moves.
 */
export function TutorialVideo({ topic, title }: { topic: VideoTopic; title: string }) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const files = videoFiles(topic, language);

  return (
    <video
      key={language}
      controls
      preload="none"
      playsInline
      poster={files.poster}
      aria-label={title}
      data-testid={`video-${topic}`}
      style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: VIDEO_ASPECT_RATIO, background: 'var(--mantine-color-gray-1)', borderRadius: 8 }}
    >
      <source src={files.video} type="video/webm" />
      <track kind="captions" srcLang={language} label={CAPTION_LABELS[language]} src={files.captions} default />
    </video>
  );
}
