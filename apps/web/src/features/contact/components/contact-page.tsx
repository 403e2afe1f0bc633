import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { CONTACT_FIELD_ID, useContactForm } from '../hooks/use-contact-form.ts';
import { ContactForm } from './contact-form.tsx';
import { ContactSuccess } from './contact-success.tsx';
import classes from './contact-page.module.css';

const TOPICS = ['product', 'school', 'problem', 'privacy'] as const;

/** /contact: what to write about beside the form (stacked on a phone), then the thank-you in the form's place. */
export function ContactPage() {
  const { t } = useTranslation();
  usePageTitle(t('contact.title'));
  const form = useContactForm();

  function sendAnother() {
    form.reset();
    // After the form is back in place of the thank-you.
    requestAnimationFrame(() => document.getElementById(CONTACT_FIELD_ID.name)?.focus());
  }

  return (
    <div className={classes.layout}>
      <Stack gap="md">
        <Title order={1} fz={{ base: 30, sm: 40 }}>
          {t('contact.title')}
        </Title>
        <Text size="lg" lh={1.55}>
          {t('contact.lead')}
        </Text>
        <Text fw={600} id="contact-topics">
          {t('contact.topicsLead')}
        </Text>
        <List spacing="xs" c="dark.5" mt={-8} aria-labelledby="contact-topics">
          {TOPICS.map((topic) => (
            <List.Item key={topic}>{t(`contact.topics.${topic}`)}</List.Item>
          ))}
        </List>
        <Paper radius="md" p="md" bg="coin.0" data-testid="contact-students">
          <Text fw={700}>{t('contact.students.title')}</Text>
          <Text lh={1.55}>{t('contact.students.body')}</Text>
        </Paper>
        <Text size="sm" c="dark.4" lh={1.55}>
          {t('contact.privacy')}
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} shadow="xs">
        {form.status === 'success' ? <ContactSuccess email={form.sentTo} onSendAnother={sendAnother} /> : <ContactForm form={form} />}
      </Paper>
    </div>
  );
}
