import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DEMO_IDLE_MINUTES } from '@kolikko/core/limits';
import type { TDemo } from '@kolikko/core/schemas/demo';
import { useTranslation, type Language } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { SmallGroupDot } from '../../../components/small-group-dot.tsx';
import { DEMO_ENDED_MESSAGE } from '../../../lib/api-client.ts';
import { currentDemo, DemoStartError, startDemo } from '../demo-api.ts';
import classes from './proto-page.module.css';

/** Spec section 9: below this width the demo shows a notice instead. */
const DEMO_MIN_WIDTH = 800;

type DemoState = { status: 'loading' } | { status: 'ready'; demo: TDemo } | { status: 'error'; rateLimited: boolean } | { status: 'ended' };

/**
 * /proto (issue 19): the product's real teacher and student screens side by side, each in a
 * frame of this origin whose name says whom of the visitor's demo classroom it acts as
 * (lib/api-client.ts reads it). What one does reaches the other through the live updates.
 */
export function ProtoPage() {
  const { t } = useTranslation();
  usePageTitle(t('public.pages.proto'));
  const wide = useMediaQuery(`(min-width: ${DEMO_MIN_WIDTH}px)`, true, { getInitialValueInEffect: false });
  return wide ? <Demo /> : <SmallScreenNotice />;
}

function SmallScreenNotice() {
  const { t } = useTranslation();
  return (
    <div className={classes.notice}>
      <Paper withBorder radius="lg" p="lg" maw={560} mx="auto" data-testid="demo-small-screen">
        <Stack gap="sm">
          <Title order={1} fz={24}>
            {t('demo.smallScreen.title')}
          </Title>
          <Text>{t('demo.smallScreen.text')}</Text>
          <Group gap="sm">
            <Button component={Link} to="/tutorials" variant="light">
              {t('demo.smallScreen.tutorials')}
            </Button>
            <Button component={Link} to="/teacher/signup">
              {t('demo.createOwn')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}

/** A notice in place of the demo (it could not start, or it ended): the page's heading, a text and its actions. */
function StateNotice({ color, title, text, testId, children }: { color: string; title: string; text: string; testId: string; children: ReactNode }) {
  return (
    <div className={classes.state}>
      <Alert
        color={color}
        title={
          <Title order={1} fz="sm" fw={700} lh="inherit">
            {title}
          </Title>
        }
        maw={560}
        mx="auto"
        data-testid={testId}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{text}</Text>
          <Group gap="sm">{children}</Group>
        </Stack>
      </Alert>
    </div>
  );
}

const CHOSEN_STUDENT_KEY = 'demoStudent';

function readChosenStudent(): string | null {
  try {
    return sessionStorage.getItem(CHOSEN_STUDENT_KEY);
  } catch {
    return null;
  }
}

function rememberChosenStudent(id: string): void {
  try {
    sessionStorage.setItem(CHOSEN_STUDENT_KEY, id);
  } catch {
    // Storage can be blocked; the choice then lasts until a reload.
  }
}

/** Continues the browser's demo, or starts one (`fresh`: always a new one). */
async function openDemo(fresh: boolean, language: Language): Promise<DemoState> {
  try {
    const demo = (fresh ? null : await currentDemo()) ?? (await startDemo(language));
    return { status: 'ready', demo };
  } catch (error) {
    return { status: 'error', rateLimited: error instanceof DemoStartError && error.rateLimited };
  }
}

function Demo() {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<DemoState>({ status: 'loading' });
  // The student shown, kept for this tab so a reload shows the same one.
  const [studentId, setStudentId] = useState<string | null>(readChosenStudent);
  // A new generation remounts both frames (a restart, a language switch).
  const [generation, setGeneration] = useState(0);
  const bar = useRef<HTMLDivElement>(null);

  const apply = useCallback((next: DemoState) => {
    if (next.status === 'ready') {
      const { students } = next.demo;
      setStudentId((current) => (students.some((s) => s.id === current) ? current : (students[0]?.id ?? null)));
      setGeneration((g) => g + 1);
    }
    setState(next);
  }, []);
  useEffect(() => {
    void openDemo(false, i18n.language).then(apply);
    // Once, on the first visit: the language only matters for a demo started then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apply]);
  const open = (fresh: boolean) => {
    setState({ status: 'loading' });
    void openDemo(fresh, i18n.language).then(apply);
  };
  // A frame whose demo is gone (removed after its idle time, while this page stayed open) says
  // so (lib/api-client.ts tellDemoEnded): the frames give way to the offer of a new demo.
  const ready = state.status === 'ready';
  useEffect(() => {
    if (!ready) return;
    const onMessage = (event: MessageEvent) => {
      const fromFrame = [...document.querySelectorAll('iframe')].some((frame) => frame.contentWindow === event.source);
      if (event.origin === window.location.origin && fromFrame && (event.data as { type?: unknown } | null)?.type === DEMO_ENDED_MESSAGE) setState({ status: 'ended' });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [ready]);
  // The frames read the language once, at their start: a switch here restarts them in it.
  const frameKey = `${generation}-${i18n.language}`;

  // The frames take the window's height under the bar, whatever the bar's wrapping.
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => element.parentElement?.style.setProperty('--demo-bar-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => observer.disconnect();
  }, [state.status]);

  if (state.status === 'loading') {
    return (
      <Stack align="center" className={classes.state} role="status" data-testid="demo-loading">
        <Loader color="coin" />
        <Text>{t('demo.loading')}</Text>
      </Stack>
    );
  }
  if (state.status === 'error') {
    return (
      <StateNotice color="red" title={t('demo.errorTitle')} text={state.rateLimited ? t('demo.rateLimited') : t('demo.failed')} testId="demo-error">
        {!state.rateLimited && (
          <Button size="xs" variant="light" onClick={() => open(false)}>
            {t('demo.retry')}
          </Button>
        )}
        <Button size="xs" component={Link} to="/teacher/signup">
          {t('demo.createOwn')}
        </Button>
      </StateNotice>
    );
  }

  if (state.status === 'ended') {
    return (
      <StateNotice color="blue" title={t('demo.ended.title')} text={t('demo.ended.text')} testId="demo-ended">
        <Button size="xs" onClick={() => open(true)} data-testid="demo-start-new">
          {t('demo.ended.restart')}
        </Button>
        <Button size="xs" variant="light" component={Link} to="/teacher/signup">
          {t('demo.createOwn')}
        </Button>
      </StateNotice>
    );
  }

  const { demo } = state;
  const student = demo.students.find((s) => s.id === studentId) ?? demo.students[0];
  return (
    <div className={classes.root} data-testid="demo">
      <div ref={bar} className={classes.bar}>
        <div className={classes.about}>
          <Title order={1} fz={18} lh={1.3}>
            {t('demo.title')}
          </Title>
          <Text size="sm">{t('demo.intro')}</Text>
          <Text size="xs" c="dimmed">
            {t('demo.privacy', { minutes: DEMO_IDLE_MINUTES })}
          </Text>
        </div>
        <div className={classes.controls}>
          <SegmentedControl
            size="xs"
            aria-label={t('demo.switchStudent')}
            value={student?.id ?? ''}
            onChange={(id) => {
              setStudentId(id);
              rememberChosenStudent(id);
            }}
            data={demo.students.map((s) => ({
              value: s.id,
              label: (
                <span className={classes.studentOption} title={`${s.name} (${t(`demo.smallGroup.${s.small_group}`)})`}>
                  <SmallGroupDot color={s.small_group} />
                  {s.name}
                </span>
              ),
            }))}
            data-testid="demo-students"
          />
          <Button size="xs" variant="default" onClick={() => open(true)} data-testid="demo-restart">
            {t('demo.restart')}
          </Button>
          <Button size="xs" component={Link} to="/teacher/signup">
            {t('demo.createOwn')}
          </Button>
        </div>
      </div>
      <div className={classes.views}>
        <section className={classes.view} aria-label={t('demo.teacherFrame')}>
          <div className={classes.viewLabel}>{t('demo.teacherFrame')}</div>
          <iframe key={`teacher-${frameKey}`} name="kolikko-demo:teacher" title={t('demo.teacherFrame')} src="/teacher/shared" className={classes.frame} data-testid="demo-teacher" />
        </section>
        {student && (
          <section className={classes.view} aria-label={t('demo.studentFrame', { name: student.name })}>
            <div className={classes.viewLabel}>
              <SmallGroupDot color={student.small_group} />
              {t('demo.studentFrame', { name: student.name })}
            </div>
            <iframe
              key={`student-${student.id}-${frameKey}`}
              name={`kolikko-demo:member:${student.id}`}
              title={t('demo.studentFrame', { name: student.name })}
              src="/student/todos"
              className={classes.frame}
              data-testid="demo-student"
            />
          </section>
        )}
      </div>
    </div>
  );
}
