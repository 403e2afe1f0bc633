import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@kolikko/core/limits';
import { isLanguage, setLanguage } from '../lib/i18n.ts';

/** EN/FI switch; the pressed button is the language in use. */
export function LanguageToggle({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  const active = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <Group gap={4} role="group" aria-label={t('language.label')} wrap="nowrap">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size={size}
          variant={active === language ? 'filled' : 'default'}
          aria-pressed={active === language}
          lang={language}
          onClick={() => setLanguage(language)}
          px={10}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
