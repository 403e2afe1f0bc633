import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';
import { IconEye, IconEyeOff } from './icons.tsx';

interface PasswordFieldProps extends Omit<TextInputProps, 'type'> {
  visible: boolean;
  /** Renders the show/hide toggle; leave it out on a confirmation field that shares the state. */
  onToggleVisible?: () => void;
}

/**
 * A password input with a keyboard-reachable show/hide toggle. The toggle keeps one name
 * ("Show password") and reports its state with aria-pressed, the pattern for toggle buttons.
 */
export function PasswordField({ visible, onToggleVisible, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      rightSectionPointerEvents="all"
      rightSection={
        onToggleVisible ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('auth.showPassword')}
            aria-pressed={visible}
            onClick={onToggleVisible}
          >
            {visible ? <IconEyeOff size={18} /> : <IconEye size={18} />}
          </ActionIcon>
        ) : undefined
      }
    />
  );
}
