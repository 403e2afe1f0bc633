import { Alert, Button, Loader, Stack, Textarea, TextInput } from '@mantine/core';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, CONTACT_SUBJECT_MAX_LENGTH, EMAIL_MAX_LENGTH } from '@kolikko/core/limits';
import type { ContactField } from '@kolikko/core/schemas/public';
import { IconAlertTriangle, IconSend } from '../../../components/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { CONTACT_FIELD_ID, type useContactForm } from '../hooks/use-contact-form.ts';

type ContactFormState = ReturnType<typeof useContactForm>;

/**
 * The form of spec section 3. Mantine's inputs tie the label, the error (aria-describedby) and
 * aria-invalid to each field; the browser's own checks are off (noValidate), so every message is
 * ours, translated, and shown on submit.
 */
export function ContactForm({ form }: { form: ContactFormState }) {
  const { t } = useTranslation();
  const { values, errors, status, failure, update, handleSubmit } = form;
  const sending = status === 'sending';
  const fieldProps = (field: ContactField) => ({
    id: CONTACT_FIELD_ID[field],
    label: t(`contact.fields.${field}`),
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) => update(field, event.currentTarget.value),
    error: errors[field] ? t(errors[field]) : undefined,
    required: true,
    size: 'md' as const,
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('contact.formLabel')} data-testid="contact-form">
      <Stack gap="md">
        <TextInput {...fieldProps('name')} autoComplete="name" maxLength={CONTACT_NAME_MAX_LENGTH} />
        <TextInput
          {...fieldProps('email')}
          type="email"
          description={t('contact.hints.email')}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={EMAIL_MAX_LENGTH}
        />
        <TextInput {...fieldProps('subject')} maxLength={CONTACT_SUBJECT_MAX_LENGTH} />
        <Textarea
          {...fieldProps('message')}
          description={t('contact.hints.message', { max: CONTACT_MESSAGE_MAX_LENGTH })}
          // As the theme does for TextInput: every field is required, so no asterisk on one alone.
          withAsterisk={false}
          autosize
          minRows={6}
          maxRows={16}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        />
        {status === 'error' && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert" data-testid="contact-error">
            {failure === 'SERVER.TRY_AGAIN' ? t('contact.tooMany') : t('contact.error')}
          </Alert>
        )}
        <Button
          type="submit"
          size="md"
          disabled={sending}
          leftSection={sending ? <Loader size="xs" color="currentColor" aria-hidden="true" /> : <IconSend size={18} />}
          style={{ alignSelf: 'flex-start' }}
        >
          {sending ? t('contact.sending') : t('contact.submit')}
        </Button>
      </Stack>
    </form>
  );
}
