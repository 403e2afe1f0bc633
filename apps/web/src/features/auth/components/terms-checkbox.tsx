import { Anchor, Checkbox, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n.ts';
import { TermsModal } from './terms-modal.tsx';

interface TermsCheckboxProps {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** The required acceptance box; the texts open in a popup from a button beside it, not inside the label. */
export function TermsCheckbox({ id, label, checked, onChange }: TermsCheckboxProps) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <Stack gap={6}>
      <Checkbox
        id={id}
        label={label}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        required
        size="md"
        styles={{ label: { lineHeight: 1.45 } }}
      />
      <Anchor component="button" type="button" size="sm" fw={600} onClick={modal.open} ml={36} w="fit-content">
        {t('auth.signup.readTerms')}
      </Anchor>
      <TermsModal opened={opened} onClose={modal.close} />
    </Stack>
  );
}
