import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { IconSparkles } from './icons.tsx';

/** A page that is planned but not built yet: says so plainly, in the area's own layout. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={640} mx="auto" data-testid="coming-soon">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" color="coin" variant="light" aria-hidden="true">
          <IconSparkles size={30} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text size="lg">{t('common.comingSoon')}</Text>
        <Text c="dimmed">{t('common.comingSoonHint')}</Text>
      </Stack>
    </Paper>
  );
}
