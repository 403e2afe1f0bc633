import { useId } from 'react';
import { Text } from '@mantine/core';
import { SKIN_TONES } from '@kolikko/core/skin-tones';
import { useTranslation, type TFunction } from '../lib/i18n.ts';
import classes from './skin-tone-picker.module.css';

interface SkinTonePickerProps {
  /** The tone shown as chosen (the one being saved, while it is). */
  value: string | undefined;
  onChange: (tone: string) => void;
  /** A tone pointed at (null: none): the preview shows it. */
  onTry: (tone: string | null) => void;
}

/** "Skin tone 3 of 8": each swatch's name, the same in the announcement after a choice. */
export function skinToneLabel(t: TFunction, tone: string): string {
  const index = SKIN_TONES.findIndex((candidate) => candidate.id === tone);
  return t('character.skinTone.option', { n: index + 1, count: SKIN_TONES.length });
}

/**
 * Issue 33: the skin tone, a choice of its own and free. A radio group of swatches from light to
 * deep (arrow keys move and choose, as in any radio group); a choice is saved at once.
 */
export function SkinTonePicker({ value, onChange, onTry }: SkinTonePickerProps) {
  const { t } = useTranslation();
  const name = useId();
  const hintId = useId();
  return (
    <fieldset className={classes.fieldset} aria-describedby={hintId} data-testid="skin-tones">
      <legend className={classes.legend}>{t('character.skinTone.title')}</legend>
      <div className={classes.swatches} onMouseLeave={() => onTry(null)}>
        {SKIN_TONES.map((tone) => (
          <label key={tone.id} className={classes.swatch} onMouseEnter={() => onTry(tone.id)}>
            <input
              type="radio"
              className={classes.input}
              name={name}
              value={tone.id}
              checked={value === tone.id}
              onChange={() => onChange(tone.id)}
              aria-label={skinToneLabel(t, tone.id)}
              data-testid={`skin-tone-${tone.id}`}
            />
            <span className={classes.dot} style={{ background: tone.skin, borderColor: tone.line }} aria-hidden="true" />
          </label>
        ))}
      </div>
      <Text id={hintId} size="xs" c="dark.5" ta="center">
        {t('character.skinTone.hint')}
      </Text>
    </fieldset>
  );
}
