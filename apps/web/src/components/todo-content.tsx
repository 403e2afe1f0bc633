import 'quill/dist/quill.core.css';
import { useEffect, useRef } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { todoImageUrl } from '../lib/todo-images.ts';
import classes from './todo-content.module.css';

interface TodoContentProps {
  /** The todo's HTML as the server answered it: sanitized there (spec section 5), so safe to render. */
  html: string;
  todoId: string;
  imagepath: string | null;
}

/** A todo as teachers and students read it: the rich text, embedded videos and the todo's picture. */
export function TodoContent({ html, todoId, imagepath }: TodoContentProps) {
  const { t } = useTranslation();
  const contentRef = useRef<HTMLDivElement>(null);
  const videoTitle = t('todoContent.videoTitle');

  // The sanitizer keeps no title on embedded videos; a frame needs one to be announced.
  useEffect(() => {
    for (const frame of contentRef.current?.querySelectorAll('iframe') ?? []) frame.title = videoTitle;
  }, [html, videoTitle]);

  return (
    <Stack gap="sm" miw={0}>
      {/* The server keeps only Quill's formats and YouTube / Vimeo frames; nothing here can run script. */}
      <div ref={contentRef} className={`ql-editor ${classes.content}`} dangerouslySetInnerHTML={{ __html: html }} />
      {imagepath ? <img className={classes.image} src={todoImageUrl(todoId, imagepath)} alt={t('todoContent.imageAlt')} loading="lazy" /> : null}
    </Stack>
  );
}
