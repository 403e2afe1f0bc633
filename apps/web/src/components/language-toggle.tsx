import { Button, Group } from '@mantine/core';
import { LANGUAGES } from '@kolikko/core/limits';
import { isLanguage, setLanguage, useTranslation } from '../lib/i18n.ts';

/**
 * EN/FI switch; the pressed button is the language in use. A page that shows a second one beside
 * the header's gives it its own `label`, so the two groups have different names.
 */
export function LanguageToggle({ size = 'xs', label }: { size?: 'xs' | 'sm'; label?: string }) {
  const { t, i18n } = useTranslation();
  const active = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <Group gap={4} role="group" aria-label={label ?? t('language.label')} wrap="nowrap">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size={size}
          variant={active === language ? 'filled' : 'default'}
          aria-pressed={active === language}
          lang={language}
          onClick={() => void setLanguage(language)}
          px={10}
        >
          {language.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
