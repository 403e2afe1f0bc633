import { useCallback, useState, type ReactNode, type Ref, type SubmitEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { IconPlus } from './teacher-icons.tsx';
import { formSchemas } from '../lib/validate.ts';

/** An error under a name input, given as a translation key; showing one moves focus to the input. */
export function useInputError(inputId: string) {
  const [error, setError] = useState<string | undefined>(undefined);
  const show = useCallback(
    (key: string) => {
      setError(key);
      document.getElementById(inputId)?.focus();
    },
    [inputId],
  );
  return { error, show, clear: () => setError(undefined) };
}

interface NewNameFormProps {
  inputId: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Translated texts: the form's accessible name, the label, its hint, the placeholder, the button. */
  texts: { form: string; label: string; hint: string; placeholder: string; submit: string };
  value: string;
  onChange: (value: string) => void;
  /** A translation key, shown under the input. */
  error: string | undefined;
  loading: boolean;
  onSubmit: () => void;
  /** More fields of the new thing, between the name and the button (a new group's trading choice). */
  children?: ReactNode;
}

/** The one-field "name a new group / list" form the groups, todo lists and reward lists share. */
export function NewNameForm({ inputId, inputRef, texts, value, onChange, error, loading, onSubmit, children }: NewNameFormProps) {
  const { t } = useTranslation();
  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!loading) onSubmit();
  }
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={texts.form}>
      <Stack gap="xs">
        <TextInput
          ref={inputRef}
          id={inputId}
          label={texts.label}
          description={texts.hint}
          placeholder={texts.placeholder}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          // The check that runs on submit needs the form schemas: fetched while the name is typed.
          onFocus={() => void formSchemas()}
          error={error ? t(error) : undefined}
          autoComplete="off"
        />
        {children}
        <Button type="submit" leftSection={<IconPlus size={18} />} loading={loading}>
          {texts.submit}
        </Button>
      </Stack>
    </form>
  );
}
