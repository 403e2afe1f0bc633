import type { ReactNode } from 'react';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { UserArea } from '../../../lib/auth.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

interface AuthCardProps {
  area: UserArea;
  title: string;
  subtitle?: string;
  children: ReactNode;
}

export function AuthCard({ area, title, subtitle, children }: AuthCardProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', xs: 'xl' }} w="100%" maw={480}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Badge variant="light" color={area === 'teacher' ? 'indigo' : 'teal'} c={area === 'teacher' ? 'indigo.9' : 'teal.9'} size="lg" radius="sm">
            {t(`auth.roles.${area}`)}
          </Badge>
          <Title order={1} fz={{ base: 26, xs: 30 }} lh={1.2}>
            {title}
          </Title>
          {subtitle ? <Text c="dark.4">{subtitle}</Text> : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
