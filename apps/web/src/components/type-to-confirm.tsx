import { useId, useState } from 'react';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from './icons.tsx';
import classes from './type-to-confirm.module.css';

interface TypeToConfirmProps {
  title: string;
  description: string;
  /** The label of the text box, e.g. "Type the group name to confirm". */
  inputLabel: string;
  /** Shown under the label: what exactly to type. */
  inputHint: string;
  /** The exact text (group name or username) that enables the button. */
  expected: string;
  buttonLabel: string;
  onRequest: () => void;
  loading?: boolean;
}

/**
 * Spec section 5: deleting a group, a user or a member is enabled only when the typed text
 * equals the name exactly. The button only asks; the caller confirms before deleting.
 */
export function TypeToConfirm({ title, description, inputLabel, inputHint, expected, buttonLabel, onRequest, loading = false }: TypeToConfirmProps) {
  const [typed, setTyped] = useState('');
  const headingId = useId();
  const matches = typed === expected && expected !== '';
  return (
    <section className={classes.zone} aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} fz="md" id={headingId} c="red.9">
          {title}
        </Title>
        <Text size="sm">{description}</Text>
        <TextInput
          label={inputLabel}
          description={inputHint}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maw={420}
        />
        <Button
          color="red.8"
          leftSection={<IconTrash size={18} />}
          disabled={!matches}
          loading={loading}
          onClick={onRequest}
          w={{ base: '100%', xs: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        >
          {buttonLabel}
        </Button>
      </Stack>
    </section>
  );
}
