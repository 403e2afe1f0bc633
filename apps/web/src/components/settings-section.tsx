import { useId, type ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** One titled card of a settings or profile page; the title names the region for assistive tech. */
export function SettingsSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={titleId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
