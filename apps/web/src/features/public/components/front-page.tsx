import { Anchor, Box, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { CoinIcon, IconChecklist, IconGift, IconUser, IconUsers } from '../../../components/icons.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { researchLink, usePublicSite } from '../../../lib/public-site.ts';
import { TutorialVideo } from '../../../components/tutorial-video.tsx';
import classes from './front-page.module.css';

const FEATURES = [
  { key: 'tasks', icon: IconChecklist, color: 'indigo' },
  { key: 'coins', icon: CoinIcon, color: 'coin' },
  { key: 'rewards', icon: IconGift, color: 'grape' },
] as const;

function HeroCoins() {
  return (
    <div className={classes.coins} aria-hidden="true">
      <CoinIcon size={120} className={classes.coinBig} />
      <CoinIcon size={72} className={classes.coinMid} />
      <CoinIcon size={48} className={classes.coinSmall} />
    </div>
  );
}

export function FrontPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('app.name'));
  // The study in the chosen language, when the operator configured one (RESEARCH_PDF_URL_EN / _FI).
  const research = researchLink(usePublicSite(), i18n.language);
  return (
    <Stack gap={48} pb="xl">
      <Paper radius="xl" className={classes.hero} p={{ base: 'lg', xs: 40, sm: 56 }}>
        <Group justify="space-between" align="center" wrap="nowrap" gap="xl">
          <Stack gap="md" maw={560}>
            <Title order={1} className={classes.title}>
              {t('app.name')}
            </Title>
            <Text className={classes.tagline}>{t('front.tagline')}</Text>
            <Text size="lg" c="dark.6">
              {t('front.intro')}
            </Text>
            <Group gap="sm" mt="sm">
              <Button component={Link} to="/teacher/signup" size="lg" color="coin.5" autoContrast className={classes.cta}>
                {t('front.createFirstGroup')}
              </Button>
              <Button component={Link} to="/about" size="lg" variant="default">
                {t('front.learnMore')}
              </Button>
            </Group>
            {research && (
              <Anchor href={research} fw={600} w="fit-content" data-testid="research-link">
                {t('front.research')}
              </Anchor>
            )}
          </Stack>
          <Box visibleFrom="sm">
            <HeroCoins />
          </Box>
        </Group>
      </Paper>

      <section aria-labelledby="front-features">
        <Title order={2} id="front-features" className={classes.sectionTitle}>
          {t('front.features.title')}
        </Title>
        <div className={classes.video}>
          <TutorialVideo topic="intro" title={t('front.features.title')} />
        </div>
        <div className={classes.features}>
          {FEATURES.map(({ key, icon: Icon, color }) => (
            <Paper key={key} withBorder radius="lg" p="lg" shadow="xs">
              <Stack gap="xs">
                <ThemeIcon size={52} radius="xl" variant="light" color={color} aria-hidden="true">
                  <Icon size={28} />
                </ThemeIcon>
                <Title order={3} fz={20}>
                  {t(`front.features.${key}.title`)}
                </Title>
                <Text c="dark.5">{t(`front.features.${key}.text`)}</Text>
              </Stack>
            </Paper>
          ))}
        </div>
      </section>

      <section aria-labelledby="front-roles">
        <Title order={2} id="front-roles" className={classes.sectionTitle}>
          {t('front.roles.title')}
        </Title>
        <div className={classes.roles}>
          <Paper withBorder radius="lg" p="xl" shadow="xs" className={classes.studentCard}>
            <Stack gap="sm" h="100%">
              <Group gap="sm">
                <ThemeIcon size={44} radius="xl" color="teal" variant="light" aria-hidden="true">
                  <IconUser size={24} />
                </ThemeIcon>
                <Title order={3} fz={22}>
                  {t('front.roles.student.title')}
                </Title>
              </Group>
              <Text c="dark.5" style={{ flex: 1 }}>
                {t('front.roles.student.text')}
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/student/signup" color="teal.9">
                  {t('front.roles.student.signup')}
                </Button>
                <Button component={Link} to="/student/login" variant="default">
                  {t('front.roles.student.login')}
                </Button>
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="xl" shadow="xs" className={classes.teacherCard}>
            <Stack gap="sm" h="100%">
              <Group gap="sm">
                <ThemeIcon size={44} radius="xl" color="indigo" variant="light" aria-hidden="true">
                  <IconUsers size={24} />
                </ThemeIcon>
                <Title order={3} fz={22}>
                  {t('front.roles.teacher.title')}
                </Title>
              </Group>
              <Text c="dark.5" style={{ flex: 1 }}>
                {t('front.roles.teacher.text')}
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/teacher/signup">
                  {t('front.roles.teacher.signup')}
                </Button>
                <Button component={Link} to="/teacher/login" variant="default">
                  {t('front.roles.teacher.login')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </div>
      </section>
    </Stack>
  );
}
