import { useTranslation } from '../lib/i18n.ts';
import { videoFiles, type VideoTopic } from '../lib/videos.ts';

/**
 * One of the product's videos: nothing is downloaded but the poster until it is played
 * (`preload="none"`); captions in both languages, the interface's language shown first.
 */
export function TutorialVideo({ topic, title }: { topic: VideoTopic; title: string }) {
  const { i18n } = useTranslation();
  const files = videoFiles(topic);
  const language = i18n.language;
  return (
    <video controls preload="none" poster={files.poster} aria-label={title} style={{ width: '100%', height: 'auto', borderRadius: 8 }}>
      <source src={files.video} type="video/webm" />
      <track kind="captions" srcLang="en" label="English" src={files.captions.en} default={language === 'en'} />
      <track kind="captions" srcLang="fi" label="Suomi" src={files.captions.fi} default={language === 'fi'} />
    </video>
  );
}
