import { Button, Group } from '@mantine/core';
import { LANGUAGES } from '@kolikko/core/limits';
import { isLanguage, setLanguage, useTranslation } from '../lib/i18n.ts';
import classes from './language-toggle.module.css';

/**
 * The EN/FI/SV switch; the pressed button is the language in use. A page that shows a second one
 * beside the header's gives it its own `label`, so the two groups have different names. With
 * `selectOnPhones`, a phone-wide screen (under Mantine's xs) shows a select of the three instead:
 * the student's header has no room for three buttons beside the coins, the chat and the logout.
 */
export function LanguageToggle({ size = 'xs', label, selectOnPhones = false }: { size?: 'xs' | 'sm'; label?: string; selectOnPhones?: boolean }) {
  const { t, i18n } = useTranslation();
  const active = isLanguage(i18n.language) ? i18n.language : 'en';
  const name = label ?? t('language.label');
  const buttons = (
    <Group gap={4} role="group" aria-label={name} wrap="nowrap" className={selectOnPhones ? classes.buttons : undefined}>
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
  if (!selectOnPhones) return buttons;
  return (
    <>
      {buttons}
      <select
        className={classes.select}
        aria-label={name}
        value={active}
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          if (isLanguage(chosen)) void setLanguage(chosen);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {language.toUpperCase()}
          </option>
        ))}
      </select>
    </>
  );
}
