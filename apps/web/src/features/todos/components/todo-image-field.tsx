import { useEffect, useId, useRef, useState } from 'react';
import { Button, FileButton, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { PREDEFINED_TODO_IMAGES, type PredefinedTodoImage } from '@kolikko/core/enumerations';
import { IMAGE_MAX_BYTES } from '@kolikko/core/limits';
import { IconPhoto, IconTrash } from '../../../components/icons.tsx';
import { IconUpload } from '../../../components/teacher-icons.tsx';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { checkImageFile, predefinedImageUrl, todoImageUrl, UPLOAD_IMAGE_TYPES } from '../../../lib/todo-images.ts';
import type { ImageChange } from '../api/save-todo.ts';
import classes from './todo-image-field.module.css';

interface TodoImageFieldProps {
  /** The saved todo, whose picture shows until it is changed; null for a new todo. */
  saved: { id: string; imagepath: string | null } | null;
  value: ImageChange;
  onChange: (change: ImageChange) => void;
  /** An error code from saving the picture. */
  error: string | null;
  onErrorChange: (code: string | null) => void;
  disabled?: boolean;
}

export function predefinedImageName(image: PredefinedTodoImage): string {
  return image.replace(/\.svg$/, '');
}

/**
 * The todo's picture (spec section 4): upload one or choose a ready one; both are disabled while
 * the todo has a picture, which can be removed. The choice is saved with the todo.
 */
export function TodoImageField({ saved, value, onChange, error, onErrorChange, disabled = false }: TodoImageFieldProps) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  const objectUrlRef = useRef<string | null>(null);
  // Lets the same file be picked again after it was removed.
  const resetFileInput = useRef<() => void>(null);
  const errorId = useId();
  const pickerId = useId();

  // A chosen file is shown from memory; the address is given back when replaced or closed.
  useEffect(() => () => {
    if (objectUrlRef.current) URL.revokeObjectURL(objectUrlRef.current);
  }, []);

  function showFile(file: File | null) {
    if (objectUrlRef.current) URL.revokeObjectURL(objectUrlRef.current);
    objectUrlRef.current = file ? URL.createObjectURL(file) : null;
    setObjectUrl(objectUrlRef.current);
  }

  const previewUrl =
    value.kind === 'upload'
      ? objectUrl
      : value.kind === 'predefined'
        ? predefinedImageUrl(value.name)
        : value.kind === 'keep' && saved?.imagepath
          ? todoImageUrl(saved.id, saved.imagepath)
          : null;
  const hasImage = previewUrl !== null;

  function pickFile(file: File | null) {
    resetFileInput.current?.();
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      onErrorChange(problem);
      return;
    }
    onErrorChange(null);
    showFile(file);
    onChange({ kind: 'upload', file });
  }

  function remove() {
    showFile(null);
    onErrorChange(null);
    onChange(saved?.imagepath ? { kind: 'remove' } : { kind: 'keep' });
  }

  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-describedby={error ? errorId : undefined}>
      <Text component="legend" fw={600} size="sm" p={0}>
        {t('todos.editor.image.label')}
      </Text>
      {hasImage ? (
        <Stack gap="xs" align="flex-start">
          <img src={previewUrl} alt={t('todos.editor.image.previewAlt')} className={classes.preview} data-testid="todo-image-preview" />
          <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={remove} disabled={disabled}>
            {t('todos.editor.image.remove')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('todos.editor.image.replaceHint')}
          </Text>
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {value.kind === 'remove' ? t('todos.editor.image.willRemove') : t('todos.editor.image.none')}
          </Text>
          <Group gap="xs">
            <FileButton resetRef={resetFileInput} onChange={pickFile} accept={UPLOAD_IMAGE_TYPES.join(',')} disabled={disabled}>
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconUpload size={16} />} disabled={disabled}>
                  {t('todos.editor.image.upload')}
                </Button>
              )}
            </FileButton>
            <Button
              variant="light"
              leftSection={<IconPhoto size={16} />}
              disabled={disabled}
              onClick={() => setPicking((open) => !open)}
              aria-expanded={picking}
              aria-controls={pickerId}
            >
              {t('todos.editor.image.choose')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('todos.editor.image.hint', { mb: IMAGE_MAX_BYTES / (1024 * 1024) })}
          </Text>
        </>
      )}
      {error ? (
        <Text size="sm" c="red.9" id={errorId} role="alert">
          {t(errorMessageKey(error))}
        </Text>
      ) : null}
      {picking && !hasImage ? (
        <ul className={classes.choices} id={pickerId} aria-label={t('todos.editor.image.choices')}>
          {PREDEFINED_TODO_IMAGES.map((image) => (
            <li key={image}>
              <UnstyledButton
                className={classes.choice}
                onClick={() => {
                  onErrorChange(null);
                  setPicking(false);
                  onChange({ kind: 'predefined', name: image });
                }}
              >
                <img src={predefinedImageUrl(image)} alt="" />
                <span>{t(`todos.editor.image.predefined.${predefinedImageName(image)}`)}</span>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}
