import { useEffect, useRef } from 'react';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '../../../components/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

/** The success state: a clear thank-you, focused so a screen reader says it, and a way to write again. */
export function ContactSuccess({ email, onSendAnother }: { email: string; onSendAnother: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack align="center" ta="center" gap="md" py="lg" data-testid="contact-success">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden="true">
        <IconCircleCheck size={36} />
      </ThemeIcon>
      <Title order={2} ref={heading} tabIndex={-1} fz={{ base: 24, sm: 28 }}>
        {t('contact.success.title')}
      </Title>
      <Text size="lg" maw={420}>
        {t('contact.success.body', { email })}
      </Text>
      <Button variant="light" size="md" onClick={onSendAnother}>
        {t('contact.success.another')}
      </Button>
    </Stack>
  );
}
