import { lazy, Suspense, useId, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Radio, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n.ts';
import { ANSWER_TYPES, type AnswerType } from '@kolikko/core/enumerations';
import { MODAL_WIDTH_TODO_EDITOR_PX, TODO_ANSWER_MAX_LENGTH, TODO_REWARD_MAX, TODO_REWARD_MIN } from '@kolikko/core/limits';
import type { TTodo } from '@kolikko/core/schemas/todos';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { CoinIcon, IconAlertTriangle } from '../../../components/icons.tsx';
import { showBanner, showErrorCode, showSuccess } from '../../../lib/banner.ts';
import { errorCodeOf } from '../../../lib/error-message.ts';
import { useSaveTodo, type ImageChange } from '../api/save-todo.ts';
import type { TodoSettings, TodoText } from '../api/todo-updates.ts';
import type { EditorChange } from './quill-editor.tsx';
import { TodoImageField } from './todo-image-field.tsx';

const QuillEditor = lazy(() => import('./quill-editor.tsx').then((module) => ({ default: module.QuillEditor })));

const NEW_TODO_SETTINGS: TodoSettings = { reward: 0, answertype: 'none', answer: '', allow_member_image: false };

function settingsOf(todo: TTodo | null): TodoSettings {
  if (!todo) return NEW_TODO_SETTINGS;
  return { reward: todo.reward, answertype: todo.answertype, answer: todo.answer, allow_member_image: todo.allow_member_image };
}

function sameSettings(a: TodoSettings, b: TodoSettings): boolean {
  return a.reward === b.reward && a.answertype === b.answertype && a.answer.trim() === b.answer.trim() && a.allow_member_image === b.allow_member_image;
}

function isAnswerType(value: string): value is AnswerType {
  return ANSWER_TYPES.some((type) => type === value);
}

interface TodoEditorModalProps {
  todolistId: string;
  /** The todo to edit, or null to write a new one. */
  todo: TTodo | null;
  onClose: () => void;
}

/**
 * Spec sections 2 and 4: the create / edit popup, 800 px wide. The text is written in Quill; the
 * reward, answer type, answer, image permission and picture beside it. An edit sends only what
 * changed; closing with unsaved work asks first.
 */
export function TodoEditorModal({ todolistId, todo, onClose }: TodoEditorModalProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  // After a save whose picture failed, a new todo exists: further saves edit it.
  const [saved, setSaved] = useState<TTodo | null>(todo);
  const [settings, setSettings] = useState<TodoSettings>(() => settingsOf(todo));
  const [text, setText] = useState<TodoText | null>(null);
  const [openingHtml, setOpeningHtml] = useState<string | null>(null);
  const [isEmpty, setIsEmpty] = useState(todo === null);
  const [image, setImage] = useState<ImageChange>({ kind: 'keep' });
  const [imageError, setImageError] = useState<string | null>(null);
  const [textError, setTextError] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const save = useSaveTodo();
  const textErrorId = useId();
  const answerHintId = useId();

  const textChanged = text !== null && text.html !== openingHtml;
  const isDirty = textChanged || !sameSettings(settings, settingsOf(saved)) || image.kind !== 'keep';
  const strictWithoutAnswer = settings.answertype === 'strict' && settings.answer.trim() === '';

  function handleEditorReady(change: EditorChange) {
    setOpeningHtml(change.text.html);
    setIsEmpty(change.isEmpty);
  }

  function handleEditorChange(change: EditorChange) {
    setText(change.text);
    setIsEmpty(change.isEmpty);
    if (!change.isEmpty) setTextError(false);
  }

  function requestClose() {
    if (save.isPending) return;
    if (isDirty) setConfirmingDiscard(true);
    else onClose();
  }

  function setAnswerType(answertype: AnswerType) {
    // Only an open answer can carry a picture (spec section 3).
    setSettings((current) => ({ ...current, answertype, allow_member_image: answertype === 'free' ? current.allow_member_image : false }));
  }

  function handleSave() {
    if (save.isPending) return;
    if (isEmpty) {
      setTextError(true);
      return;
    }
    save.mutate(
      { todolistId, todo: saved, text: saved === null || textChanged ? text : null, settings, image },
      {
        onSuccess: (result) => {
          setSaved(result.todo);
          if (result.imageError) {
            // The todo is saved; only the picture needs another try.
            setImageError(result.imageError);
            setOpeningHtml(text?.html ?? openingHtml);
            setSettings(settingsOf(result.todo));
            return;
          }
          if (result.savedAsNone) showBanner('info', 'todos.editor.savedAsNone');
          else showSuccess(todo ? 'todos.editor.updated' : 'todos.editor.created', { position: result.todo.position });
          onClose();
        },
        onError: (error) => showErrorCode(errorCodeOf(error)),
      },
    );
  }

  return (
    <Modal.Stack>
      <Modal
        stackId="todo-editor"
        opened
        onClose={requestClose}
        size={MODAL_WIDTH_TODO_EDITOR_PX}
        fullScreen={fullScreen}
        title={todo ? t('todos.editor.editTitle') : t('todos.editor.newTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        closeOnClickOutside={false}
        data-testid="todo-editor-dialog"
      >
        <Stack gap="md">
          <Stack gap={6}>
            <Text fw={600} size="sm" aria-hidden="true">
              {t('todos.editor.text')}
            </Text>
            <Suspense fallback={<Skeleton height={230} radius="md" aria-label={t('common.loading')} />}>
              <QuillEditor
                initialDelta={todo?.content_delta}
                initialHtml={todo?.content_html ?? ''}
                onChange={handleEditorChange}
                onReady={handleEditorReady}
                invalid={textError}
                describedBy={textError ? textErrorId : undefined}
                autoFocus
              />
            </Suspense>
            <Text size="xs" c="dimmed">
              {t('todos.editor.videoHint')}
            </Text>
            {textError ? (
              <Text size="sm" c="red.9" id={textErrorId} role="alert">
                {t('todos.editor.textRequired')}
              </Text>
            ) : null}
          </Stack>

          <Group align="flex-start" gap="lg" wrap="wrap">
            <NumberInput
              label={t('todos.editor.reward')}
              description={t('todos.editor.rewardHint', { min: TODO_REWARD_MIN, max: TODO_REWARD_MAX })}
              value={settings.reward}
              onChange={(value) => setSettings((current) => ({ ...current, reward: typeof value === 'number' ? value : 0 }))}
              min={TODO_REWARD_MIN}
              max={TODO_REWARD_MAX}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              leftSection={<CoinIcon size={18} />}
              // NumberInput is a text box; the role and values make it the spin button it behaves as.
              role="spinbutton"
              aria-valuemin={TODO_REWARD_MIN}
              aria-valuemax={TODO_REWARD_MAX}
              aria-valuenow={settings.reward}
              w={{ base: '100%', xs: 200 }}
              disabled={save.isPending}
            />
            <Radio.Group
              label={t('todos.editor.answerType')}
              value={settings.answertype}
              onChange={(value) => {
                if (isAnswerType(value)) setAnswerType(value);
              }}
              style={{ flex: 1, minWidth: 240 }}
            >
              <Stack gap={8} mt={6}>
                {ANSWER_TYPES.map((type) => (
                  <Radio
                    key={type}
                    value={type}
                    label={t(`todos.answerTypes.${type}`)}
                    description={t(`todos.answerTypeHints.${type}`)}
                    disabled={save.isPending}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </Group>

          {settings.answertype === 'strict' ? (
            <Stack gap={6}>
              <TextInput
                label={t('todos.editor.answer')}
                description={t('todos.editor.answerHint')}
                value={settings.answer}
                onChange={(event) => {
                  const answer = event.currentTarget.value;
                  setSettings((current) => ({ ...current, answer }));
                }}
                maxLength={TODO_ANSWER_MAX_LENGTH}
                autoComplete="off"
                aria-describedby={strictWithoutAnswer ? answerHintId : undefined}
                disabled={save.isPending}
              />
              {strictWithoutAnswer ? (
                <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="xs" id={answerHintId}>
                  <Text size="sm">{t('todos.editor.noAnswerWarning')}</Text>
                </Alert>
              ) : null}
            </Stack>
          ) : null}

          {settings.answertype === 'free' ? (
            <Checkbox
              label={t('todos.editor.allowImage')}
              description={t('todos.editor.allowImageHint')}
              checked={settings.allow_member_image}
              onChange={(event) => {
                const allow = event.currentTarget.checked;
                setSettings((current) => ({ ...current, allow_member_image: allow }));
              }}
              disabled={save.isPending}
            />
          ) : null}

          <TodoImageField
            saved={saved}
            value={image}
            onChange={setImage}
            error={imageError}
            onErrorChange={setImageError}
            disabled={save.isPending}
          />

          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={requestClose} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button onClick={handleSave} loading={save.isPending}>
              {t('todos.editor.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        stackId="todo-editor-discard"
        opened={confirmingDiscard}
        onClose={() => setConfirmingDiscard(false)}
        onConfirm={() => {
          setConfirmingDiscard(false);
          onClose();
        }}
        danger
        title={saved ? t('todos.editor.discardChangesTitle') : t('todos.editor.discardTitle')}
      >
        <Text>{saved ? t('todos.editor.discardChangesText') : t('todos.editor.discardText')}</Text>
      </ConfirmModal>
    </Modal.Stack>
  );
}
