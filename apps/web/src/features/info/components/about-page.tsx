import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CoinIcon, IconChecklist, IconGift, IconLock, IconShop, IconUsers, IconWorld } from '../../../components/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { RichText } from '../../../components/legal-document.tsx';
import classes from './info.module.css';

const HOW = [
  { key: 'coins', icon: CoinIcon, color: 'coin' },
  { key: 'todolists', icon: IconChecklist, color: 'indigo' },
  { key: 'smallGroups', icon: IconUsers, color: 'blue' },
  { key: 'rewards', icon: IconGift, color: 'grape' },
  { key: 'shop', icon: IconShop, color: 'teal' },
  { key: 'community', icon: IconWorld, color: 'cyan' },
] as const;

/** /about: what Kolikko is, for whom, how it works, and its privacy stance (issue 17). */
export function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('about.title'));
  return (
    <Stack gap={40} pb="xl">
      <Stack gap="sm" className={classes.readable}>
        <Title order={1}>{t('about.title')}</Title>
        <Text className={classes.lead}>{t('about.lead')}</Text>
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="about-who" className={classes.readable}>
        <Title order={2} id="about-who">
          {t('about.who.title')}
        </Title>
        <Text lh={1.6}>{t('about.who.body')}</Text>
      </Stack>

      <section aria-labelledby="about-how">
        <Title order={2} id="about-how" mb="lg">
          {t('about.how.title')}
        </Title>
        <div className={classes.grid}>
          {HOW.map(({ key, icon: Icon, color }) => (
            <Paper key={key} withBorder radius="lg" p="lg" shadow="xs">
              <Stack gap="xs">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={44} radius="xl" variant="light" color={color} aria-hidden="true">
                    <Icon size={24} />
                  </ThemeIcon>
                  <Title order={3} fz={20}>
                    {t(`about.how.${key}.title`)}
                  </Title>
                </Group>
                <Text c="dark.5" lh={1.55}>
                  {t(`about.how.${key}.body`)}
                </Text>
              </Stack>
            </Paper>
          ))}
        </div>
      </section>

      <Paper component="section" aria-labelledby="about-privacy" withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.privacy}>
        <Stack gap="sm" className={classes.readable}>
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon size={44} radius="xl" variant="light" color="teal" aria-hidden="true">
              <IconLock size={24} />
            </ThemeIcon>
            <Title order={2} id="about-privacy">
              {t('about.privacy.title')}
            </Title>
          </Group>
          <RichText text={t('about.privacy.body')} />
        </Stack>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="about-next">
        <Title order={2} id="about-next">
          {t('about.next.title')}
        </Title>
        <Text lh={1.6}>{t('about.next.body')}</Text>
        <Group gap="sm" mt="xs">
          <Button component={Link} to="/teacher/signup" color="coin.5" autoContrast>
            {t('about.next.signup')}
          </Button>
          <Button component={Link} to="/tutorials" variant="default">
            {t('about.next.tutorials')}
          </Button>
          <Button component={Link} to="/proto" variant="default">
            {t('about.next.demo')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
