import { useEffect } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { TutorialVideo } from '../../../components/tutorial-video.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useLocation, useParams } from '../../../lib/router.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import type { VideoTopic } from '../../../lib/videos.ts';
import classes from './info.module.css';

/** One tutorial per topic, in this order; each topic's address is /tutorials/<topic> (or #<topic>), its video the same topic's. */
export const TUTORIAL_TOPICS = [
  'getting-started',
  'groups',
  'todolists',
  'small-groups',
  'rewards',
  'shop',
  'community',
  'student',
] as const satisfies readonly VideoTopic[];

function Tutorial({ topic }: { topic: (typeof TUTORIAL_TOPICS)[number] }) {
  const { t } = useTranslation();
  const title = t(`tutorials.topics.${topic}.title`);
  const steps = t(`tutorials.topics.${topic}.steps`).split('\n');
  return (
    <Paper component="section" id={topic} aria-labelledby={`${topic}-title`} withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} className={classes.topic} data-testid={`tutorial-${topic}`}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} id={`${topic}-title`} tabIndex={-1}>
            {title}
          </Title>
          <Text c="dark.5">{t(`tutorials.topics.${topic}.intro`)}</Text>
        </Stack>
        <div className={classes.topicBody}>
          <div className={classes.video}>
            <TutorialVideo topic={topic} title={t('tutorials.video', { title })} />
          </div>
          <Stack gap="xs">
            <Title order={3} fz="md">
              {t('tutorials.steps')}
            </Title>
            <ol className={classes.steps}>
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </Stack>
        </div>
        <Anchor component={Link} to="/tutorials#contents" size="sm" w="fit-content">
          {t('tutorials.toContents')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/**
 * /tutorials: every topic on one page with a table of contents. /tutorials/<topic> and
 * /tutorials#<topic> show the same page scrolled to that topic, its heading focused for a
 * screen reader.
 */
export function TutorialsPage() {
  const { t } = useTranslation();
  usePageTitle(t('tutorials.title'));
  const { topic } = useParams();
  const { hash, key } = useLocation();
  const target = topic ?? (hash ? decodeURIComponent(hash.slice(1)) : undefined);

  // After the router's own scrolling (a layout effect above this page, which runs later), so this one wins.
  useEffect(() => {
    if (!target || !TUTORIAL_TOPICS.some((known) => known === target)) return;
    const section = document.getElementById(target);
    section?.scrollIntoView();
    document.getElementById(`${target}-title`)?.focus({ preventScroll: true });
    // `key`: a click on the topic already shown is a new navigation that scrolled to the top.
  }, [target, key]);

  return (
    <Stack gap="xl" pb="xl">
      <Stack gap="sm" className={classes.readable}>
        <Title order={1}>{t('tutorials.title')}</Title>
        <Text className={classes.lead}>{t('tutorials.lead')}</Text>
      </Stack>
      <nav aria-labelledby="contents" className={classes.topic}>
        <Title order={2} id="contents" fz="lg" mb="xs" tabIndex={-1}>
          {t('tutorials.contents')}
        </Title>
        <ol className={classes.contents}>
          {TUTORIAL_TOPICS.map((known) => (
            <li key={known}>
              <Anchor component={Link} to={`/tutorials/${known}`} fw={600} aria-current={known === topic ? 'location' : undefined}>
                {t(`tutorials.topics.${known}.title`)}
              </Anchor>
            </li>
          ))}
        </ol>
      </nav>
      {TUTORIAL_TOPICS.map((known) => (
        <Tutorial key={known} topic={known} />
      ))}
    </Stack>
  );
}
